"""asyncio client and server built by asyncio itself (open_connection, start_server):
their sockets come from getaddrinfo with proto 6, so asyncio sets TCP_NODELAY, and
each message is one write() or writelines() call anyway."""
import asyncio
import struct


async def handle(reader, writer):
    while True:
        head = await reader.read(4)
        if len(head) < 4:
            break
        data = await reader.readexactly(struct.unpack("!I", head)[0])
        writer.writelines([struct.pack("!I", len(data)), data])
        await writer.drain()
    writer.close()


async def client(port, messages):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    replies = []
    for msg in messages:
        writer.write(struct.pack("!I", len(msg)) + msg)
        await writer.drain()
        size = struct.unpack("!I", await reader.readexactly(4))[0]
        replies.append(await reader.readexactly(size))
    writer.close()
    await writer.wait_closed()
    return replies


async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    async with server:
        port = server.sockets[0].getsockname()[1]
        print(len(await client(port, [b"m%d" % i for i in range(10)])))


if __name__ == "__main__":
    asyncio.run(main())
