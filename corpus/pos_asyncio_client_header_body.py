"""asyncio client from open_connection(): asyncio set TCP_NODELAY, so writing the
length prefix and the key separately before readexactly() does not stall, but it
costs one extra segment and syscall per request (opt-in extra-segment finding)."""
import asyncio
import struct


async def lookup_all(port, keys):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    values = []
    try:
        for key in keys:
            writer.write(struct.pack("!I", len(key)))
            writer.write(key)  # expect: NAG401
            await writer.drain()
            values.append(await reader.readexactly(8))
    finally:
        writer.close()
        await writer.wait_closed()
    return values


async def answer(reader, writer):
    try:
        while True:
            (size,) = struct.unpack("!I", await reader.readexactly(4))
            key = await reader.readexactly(size)
            writer.write(key[:8].ljust(8, b"."))
            await writer.drain()
    except asyncio.IncompleteReadError:
        writer.close()


async def main():
    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    async with server:
        port = server.sockets[0].getsockname()[1]
        print(len(await lookup_all(port, [b"key-%d" % i for i in range(20)])))


if __name__ == "__main__":
    asyncio.run(main())
