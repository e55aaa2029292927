"""The benchmark's Python `websockets` client: `ws_bench_client.py URL echo` sends 1,000 binary
messages of 1 KiB one at a time, each after the previous reply; `ws_bench_client.py URL stream`
reads every message until the server closes. Prints the nanoseconds from connecting to the end."""
import asyncio
import sys
import time

from websockets.asyncio.client import connect


async def main(url, mode):
    start = time.perf_counter_ns()
    received = 0
    async with connect(url, max_size=16 * 1024 * 1024, ping_interval=None) as ws:
        if mode == "echo":
            message = bytes(1024)
            for _ in range(1000):
                await ws.send(message)
                received += len(await ws.recv())
        else:
            async for message in ws:
                received += len(message)
    elapsed = time.perf_counter_ns() - start
    print(elapsed, received)


asyncio.run(main(sys.argv[1], sys.argv[2]))
