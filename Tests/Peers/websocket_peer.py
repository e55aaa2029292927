"""WebSocket servers written by others (Python `websockets`, pinned in requirements.txt) for the
WebSocket tests: started on 127.0.0.1, they print one line `PORTS name=port ...` and run until
standard input closes.

- echo: sends each message back as it came (text as text, bytes as bytes), compressed with
  permessage-deflate when the client offers it; `?parts=N` sends each reply in N fragments;
  `?n=N` first sends one text message of N bytes; `?count=C&size=S` sends C binary
  messages of S bytes and closes (the benchmark's one-way stream).
- plain: the echo without compression.
- close1011: sends {"hello": "world"}, then closes with 1011 "overloaded".
- deaf: echoes, but never answers a ping.
- pinging: pings every 0.2 s (closing if a pong does not come within 10 s: 1 s and then 3 s were
  missed under a full test run's load, which holds the client's cooperative threads for seconds),
  and after 11 s sends "still here".
"""
import asyncio
import sys
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve
from websockets.frames import Opcode


def query(ws):
    return parse_qs(urlsplit(ws.request.path).query)


def fragments(message, parts):
    size = max(1, -(-len(message) // parts))
    return [message[i:i + size] for i in range(0, len(message), size)] or [message]


async def echo(ws):
    q = query(ws)
    parts = int(q.get("parts", ["1"])[0])
    if "n" in q:
        await ws.send("x" * int(q["n"][0]))
    if "count" in q:
        chunk = bytes(int(q["size"][0]))
        for _ in range(int(q["count"][0])):
            await ws.send(chunk)
        await ws.close()
        return
    async for message in ws:
        if parts > 1:
            await ws.send(fragments(message, parts))
        else:
            await ws.send(message)


async def close1011(ws):
    await ws.send('{"hello": "world"}')
    await ws.close(1011, "overloaded")


async def deaf(ws):
    original = ws.protocol.recv_frame

    def recv_frame(frame):
        if frame.opcode == Opcode.PING:
            return
        original(frame)

    ws.protocol.recv_frame = recv_frame
    async for message in ws:
        await ws.send(message)


async def pinging(ws):
    await asyncio.sleep(11)
    await ws.send("still here")
    async for message in ws:
        await ws.send(message)


async def main():
    servers = {
        "echo": serve(echo, "127.0.0.1", 0, max_size=None, ping_interval=None),
        "plain": serve(echo, "127.0.0.1", 0, max_size=None, ping_interval=None, compression=None),
        "close1011": serve(close1011, "127.0.0.1", 0, ping_interval=None),
        "deaf": serve(deaf, "127.0.0.1", 0, ping_interval=None),
        "pinging": serve(pinging, "127.0.0.1", 0, ping_interval=0.2, ping_timeout=10),
    }
    started = {name: await server.__aenter__() for name, server in servers.items()}
    ports = " ".join(f"{name}={s.sockets[0].getsockname()[1]}" for name, s in started.items())
    print(f"PORTS {ports}", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)


if __name__ == "__main__":
    asyncio.run(main())
