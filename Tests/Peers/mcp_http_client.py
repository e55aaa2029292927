"""Drives a Netspec MCP server over Streamable HTTP with the official Python MCP client.

Usage: mcp_http_client.py URL [TOKEN] [--call TOOL JSON_ARGUMENTS]
Initializes, lists the tools, starts a call of `slow` and, while it runs, pings and calls `fast`,
then waits for `slow`; prints one JSON object: the negotiated protocol version, the server's name,
the tool names, the order in which the three answers came, and each call's texts and structured
content. With --call, calls that tool instead and prints its result as `call`. With TOKEN, every
request carries `Authorization: Bearer TOKEN`.
"""
import asyncio
import json
import sys

from mcp import ClientSession

try:  # mcp 2.x
    from mcp.client.streamable_http import streamable_http_client as _client
except ImportError:  # mcp 1.x
    from mcp.client.streamable_http import streamablehttp_client as _client


def field(value, snake, camel):
    """An attribute under its 2.x (snake_case) or 1.x (camelCase) name."""
    return getattr(value, snake) if hasattr(value, snake) else getattr(value, camel)


def texts(result):
    return [c.text for c in result.content if c.type == "text"]


async def main() -> None:
    arguments = sys.argv[1:]
    call_one = None
    if "--call" in arguments:
        at = arguments.index("--call")
        call_one = (arguments[at + 1], json.loads(arguments[at + 2]))
        arguments = arguments[:at]
    url = arguments[0]
    token = arguments[1] if len(arguments) > 1 else None
    if token:
        import httpx2 as httpx  # the client the 2.x transport takes
        transport = _client(url, http_client=httpx.AsyncClient(headers={"Authorization": "Bearer " + token}, timeout=30))
    else:
        transport = _client(url)
    async with transport as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            listed = await session.list_tools()
            head = {
                "protocolVersion": field(initialized, "protocol_version", "protocolVersion"),
                "server": field(initialized, "server_info", "serverInfo").name,
                "tools": sorted(t.name for t in listed.tools),
            }
            if call_one:
                result = await session.call_tool(call_one[0], call_one[1])
                print(json.dumps({**head, "call": {
                    "texts": texts(result),
                    "structured": field(result, "structured_content", "structuredContent"),
                    "isError": field(result, "is_error", "isError"),
                }}, sort_keys=True))
                return
            order = []

            async def call(name):
                result = await session.call_tool(name, {})
                order.append(name)
                return result

            async def ping():
                await session.send_ping()
                order.append("ping")

            slow = asyncio.create_task(call("slow"))
            await asyncio.sleep(0.2)
            await ping()
            fast = await call("fast")
            slow_result = await slow
            print(json.dumps({
                **head,
                "order": order,
                "fast": {"texts": texts(fast), "structured": field(fast, "structured_content", "structuredContent")},
                "slow": {"texts": texts(slow_result), "structured": field(slow_result, "structured_content", "structuredContent")},
            }, sort_keys=True))


asyncio.run(main())
