"""asyncio ping loop on a user-made socket.socket() handed to open_connection(sock=):
one write per message, so no split, but asyncio does not set TCP_NODELAY on a proto-0
socket and the code never does (client-nodelay finding on the socket() line)."""
import asyncio
import socket


async def ping_loop(port, count=20):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
    sock.connect(("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    try:
        for i in range(count):
            writer.write(b"PING %d\n" % i)
            await writer.drain()
            await reader.readline()
    finally:
        writer.close()
        await writer.wait_closed()


async def pong(reader, writer):
    while line := await reader.readline():
        writer.write(b"PONG" + line[4:])
        await writer.drain()
    writer.close()


async def main():
    server = await asyncio.start_server(pong, "127.0.0.1", 0)
    async with server:
        await ping_loop(server.sockets[0].getsockname()[1])


if __name__ == "__main__":
    asyncio.run(main())
