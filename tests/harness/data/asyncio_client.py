"""asyncio client writing a request in two pieces: asyncio sets TCP_NODELAY, so no stall.

Usage: python asyncio_client.py [N]
"""
import asyncio
import sys


async def handle(reader, writer):
    try:
        while True:
            await reader.readexactly(48)
            writer.write(b"OK")
            await writer.drain()
    except asyncio.IncompleteReadError:
        pass
    writer.close()


async def main(n):
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for _ in range(n):
        writer.write(b"H" * 16)  # WRITE-HEADER
        writer.write(b"B" * 32)  # WRITE-BODY
        await reader.readexactly(2)
    writer.close()
    await writer.wait_closed()
    server.close()
    await server.wait_closed()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 8))
