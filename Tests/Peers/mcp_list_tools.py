"""Lists every tool of a Netspec MCP server over Streamable HTTP with the official Python MCP
client, page after page (the client checks each page against MCP's schema as it reads it).

Usage: mcp_list_tools.py URL
Prints one JSON object: the number of pages, the tool names in order, and how many tools have an
output schema.
"""
import asyncio
import json
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import PaginatedRequestParams


async def main() -> None:
    async with streamable_http_client(sys.argv[1]) as streams:
        async with ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            names, outputs, pages, cursor = [], 0, 0, None
            while True:
                listed = await session.list_tools(params=PaginatedRequestParams(cursor=cursor) if cursor else None)
                pages += 1
                names += [tool.name for tool in listed.tools]
                outputs += sum(1 for tool in listed.tools if tool.output_schema is not None)
                cursor = listed.next_cursor
                if cursor is None:
                    break
            print(json.dumps({"pages": pages, "tools": names, "outputSchemas": outputs}))


asyncio.run(main())
