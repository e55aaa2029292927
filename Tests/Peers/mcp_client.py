"""Drives `netspec mcp` with the official Python MCP client (a client none of us wrote).

Usage: mcp_client.py NETSPEC ARGS... -- TOOL JSON_ARGUMENTS
Starts NETSPEC ARGS over stdio, initializes, lists the tools, calls TOOL with the arguments, and
prints one JSON object: the negotiated protocol version, the tool names with their input schemas'
required lists and read-only hints, and the call's result (content texts, structured content,
isError).
"""
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def field(value, snake, camel):
    """An attribute under its 2.x (snake_case) or 1.x (camelCase) name."""
    return getattr(value, snake) if hasattr(value, snake) else getattr(value, camel)


async def main() -> None:
    split = sys.argv.index("--")
    command, *arguments = sys.argv[1:split]
    tool, tool_arguments = sys.argv[split + 1], json.loads(sys.argv[split + 2])
    server = StdioServerParameters(command=command, args=arguments)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            listed = await session.list_tools()
            result = await session.call_tool(tool, tool_arguments)
            print(json.dumps({
                "protocolVersion": field(initialized, "protocol_version", "protocolVersion"),
                "server": field(initialized, "server_info", "serverInfo").name,
                "tools": {
                    t.name: {
                        "required": field(t, "input_schema", "inputSchema").get("required", []),
                        "readOnly": field(t.annotations, "read_only_hint", "readOnlyHint") if t.annotations else None,
                    }
                    for t in listed.tools
                },
                "result": {
                    "texts": [c.text for c in result.content if c.type == "text"],
                    "structured": field(result, "structured_content", "structuredContent"),
                    "isError": field(result, "is_error", "isError"),
                },
            }, sort_keys=True))


asyncio.run(main())
