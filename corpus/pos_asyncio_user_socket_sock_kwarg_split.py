"""asyncio client on a user-made socket.socket() passed as sock= to open_connection:
asyncio sets TCP_NODELAY only when sock.proto is IPPROTO_TCP and this socket has
proto 0, so header and body writes before readexactly() stall as on a plain socket."""
import asyncio
import socket

HEADER = b"H" * 16
BODY = b"B" * 32


async def answer(reader, writer):
    try:
        while True:
            await reader.readexactly(len(HEADER) + len(BODY))
            writer.write(b"OK")
            await writer.drain()
    except asyncio.IncompleteReadError:
        pass
    finally:
        writer.close()


async def client(port, requests=20):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
    sock.connect(("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    for _ in range(requests):
        writer.write(HEADER)
        writer.write(BODY)  # expect: NAG101
        await writer.drain()
        await reader.readexactly(2)
    writer.close()
    await writer.wait_closed()


async def main():
    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        await client(port)


if __name__ == "__main__":
    asyncio.run(main())
