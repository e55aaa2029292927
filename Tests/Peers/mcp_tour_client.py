"""Tours a Netspec MCP server with the official Python MCP client: what a client of a large API does.

Usage: mcp_tour_client.py PLAN_JSON -- NETSPEC_EXECUTABLE ARGS...   (stdio)
       mcp_tour_client.py PLAN_JSON --http URL                       (Streamable HTTP)

PLAN_JSON says which steps to take, each optional:
  {"search": {"query": "...", "arguments": {...}},   # search_operations → describe_operation → call_operation
   "slow": "TOOL",                                   # start TOOL, ping while it runs, then cancel it
   "stream": "TOOL",                                 # call TOOL with a progress callback
   "log": "TOOL" or {"tool": "TOOL", "arguments": {...}},  # logging/setLevel info, then call TOOL
   "resources": true}                                # resources/list and read the first
Prints one JSON object: the tools listed over every page and the number of pages, and what
each step saw.
"""
import asyncio
import warnings
import json
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
import mcp.types as types

try:  # mcp 2.x
    from mcp.shared.exceptions import MCPError
except ImportError:  # mcp 1.x
    from mcp.shared.exceptions import McpError as MCPError

try:  # mcp 2.x
    from mcp.client.streamable_http import streamable_http_client as _http_client
except ImportError:  # mcp 1.x
    from mcp.client.streamable_http import streamablehttp_client as _http_client


def field(value, snake, camel):
    """An attribute under its 2.x (snake_case) or 1.x (camelCase) name."""
    return getattr(value, snake) if hasattr(value, snake) else getattr(value, camel)


def texts(result):
    return [c.text for c in result.content if c.type == "text"]


async def tour(session, plan, logs):
    out = {}
    await session.initialize()
    names, pages, cursor = [], 0, None
    while True:
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        listed = await session.list_tools(params=params)
        pages += 1
        names += [t.name for t in listed.tools]
        cursor = field(listed, "next_cursor", "nextCursor")
        if not cursor or pages > 100:
            break
    out["tools"], out["pages"] = names, pages

    if "search" in plan:
        step = plan["search"]
        found = await session.call_tool("search_operations", {"query": step["query"], "limit": 3})
        operations = field(found, "structured_content", "structuredContent")["operations"]
        name = operations[0]["name"]
        described = field(await session.call_tool("describe_operation", {"name": name}), "structured_content", "structuredContent")
        called = await session.call_tool("call_operation", {"name": name, "arguments": step.get("arguments", {})})
        out["search"] = {
            "found": [o["name"] for o in operations],
            "required": described["inputSchema"].get("required", []),
            "readOnly": described["readOnly"],
            "texts": texts(called),
            "isError": field(called, "is_error", "isError"),
        }

    if "slow" in plan:
        started = time.monotonic()
        slow = asyncio.create_task(session.call_tool(plan["slow"], {}))
        await asyncio.sleep(0.3)
        await session.send_ping()
        ping_ms = (time.monotonic() - started) * 1000
        running = not slow.done()
        slow.cancel()
        try:
            await slow
            cancelled = False
        except asyncio.CancelledError:
            cancelled = True
        await session.send_ping()  # the server goes on
        out["slow"] = {"pingedWhileRunning": running, "pingMs": round(ping_ms), "cancelled": cancelled}

    if "stream" in plan:
        progress = []

        async def on_progress(value, total, message):
            progress.append([value, message])

        result = await session.call_tool(plan["stream"], {}, progress_callback=on_progress)
        out["stream"] = {"progress": progress, "texts": texts(result)}

    if "log" in plan:
        await session.set_logging_level("info")
        step = plan["log"] if isinstance(plan["log"], dict) else {"tool": plan["log"]}
        await session.call_tool(step["tool"], step.get("arguments", {}))
        await asyncio.sleep(0.1)
        out["log"] = [[str(m.level), str(m.data)] for m in logs]

    if plan.get("resources"):
        resources = (await session.list_resources()).resources
        out["resources"] = [str(r.uri) for r in resources]
        if resources:
            out["firstResourceSize"] = resources[0].size
            try:
                read = await session.read_resource(resources[0].uri)
                out["firstResourceBytes"] = len(read.contents[0].text.encode())
            except MCPError as error:  # larger than one answer
                out["firstResourceError"] = error.error.message
    return out


async def main() -> None:
    warnings.simplefilter("ignore")  # mcp 2.x deprecates logging for a revision after 2025-11-25
    plan = json.loads(sys.argv[1])
    logs = []

    async def on_log(params):
        logs.append(params)

    if sys.argv[2] == "--http":
        transport = _http_client(sys.argv[3])
    else:
        command, *args = sys.argv[3:]
        transport = stdio_client(StdioServerParameters(command=command, args=args))
    async with transport as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write, logging_callback=on_log) as session:
            out = await tour(session, plan, logs)
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    asyncio.run(main())
