"""A FastAPI app the OpenAPI tests call through its own generated OpenAPI 3.1 document.

Started by the tests with the peers' venv: it binds 127.0.0.1 on a free port, prints
`PORT n`, and exits when its standard input closes, so it never outlives the test.
"""
import os
import socket
import sys
import threading
from typing import Annotated

import uvicorn
from fastapi import Cookie, FastAPI, Form, Header, Query, Security, UploadFile
from fastapi.security import APIKeyCookie
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

app = FastAPI(title="Peers", version="1")


class NewItem(BaseModel):
    name: str
    price: float
    tags: list[str] = []


class Item(NewItem):
    id: int


@app.get("/items/{item_id}", operation_id="getItem")
def get_item(item_id: int, q: str | None = None, x_token: Annotated[str | None, Header()] = None):
    return {"item_id": item_id, "q": q, "x_token": x_token}


@app.get("/items", operation_id="listItems")
def list_items(tag: Annotated[list[str] | None, Query()] = None, limit: Annotated[int, Query(le=100)] = 10):
    return {"tag": tag, "limit": limit}


@app.post("/items", operation_id="createItem", status_code=201)
def create_item(item: NewItem) -> Item:
    return Item(id=1, **item.model_dump())


@app.post("/login", operation_id="login")
def login(username: Annotated[str, Form()], password: Annotated[str, Form()]):
    return {"user": username, "length": len(password)}


@app.post("/files", operation_id="upload")
async def upload(file: UploadFile, note: Annotated[str, Form()]):
    data = await file.read()
    return {"filename": file.filename, "size": len(data), "first": data[0], "note": note}


@app.get("/session", operation_id="whoAmI")
def who_am_i(session: Annotated[str | None, Cookie()] = None):
    return {"session": session}


session_key = APIKeyCookie(name="session_key", scheme_name="sessionKey")


@app.get("/vault", operation_id="vault")
def vault(key: Annotated[str, Security(session_key)], theme: Annotated[str | None, Cookie()] = None):
    return {"key": key, "theme": theme}


@app.get(
    "/ticks",
    operation_id="ticks",
    responses={200: {"content": {"text/event-stream": {"schema": {"type": "string"}}}}},
)
def ticks(count: int = 3):
    def events():
        for index in range(count):
            yield f"data: {{\"n\": {index}}}\n\n"
    return StreamingResponse(events(), media_type="text/event-stream")


def main():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    # Listening before the port is printed: connections wait in the backlog until uvicorn accepts.
    sock.listen(128)
    print(f"PORT {sock.getsockname()[1]}", flush=True)

    def exit_when_stdin_closes():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    # Keep-alive for a minute, not uvicorn's 5 s: on a loaded CI machine a test's next call on a
    # pooled connection can come later than 5 s, and meet uvicorn closing it (a race no test is about).
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_keep_alive=60))
    server.run(sockets=[sock])


if __name__ == "__main__":
    main()
