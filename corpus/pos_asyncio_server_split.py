"""asyncio.start_server callback answering each line with a "LEN n" line and then the
payload as two writer.write() calls: the accepted transport has TCP_NODELAY (set by
asyncio), so no stall, only one extra segment per reply (opt-in extra-segment)."""
import asyncio


async def handle(reader, writer):
    while True:
        line = await reader.readline()
        if not line:
            break
        body = line.strip().upper() * 4
        writer.write(b"LEN %d\r\n" % len(body))
        writer.write(body)  # expect: NAG401
        await writer.drain()
    writer.close()
    await writer.wait_closed()


async def client(port, requests=20):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for i in range(requests):
        writer.write(b"item-%d\n" % i)
        await writer.drain()
        header = await reader.readline()
        await reader.readexactly(int(header.split()[1]))
    writer.close()
    await writer.wait_closed()


async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    async with server:
        await client(server.sockets[0].getsockname()[1])


if __name__ == "__main__":
    asyncio.run(main())
