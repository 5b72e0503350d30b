"""The asyncio server given its own listener, made with proto=IPPROTO_TCP so that asyncio sets
TCP_NODELAY on each accepted socket; a second server whose proto-0 listener sets TCP_NODELAY
itself (accepted sockets inherit it); one write per response either way."""
import asyncio
import socket


class StreamHandler:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    async def read(self, n):
        return await self.reader.read(n)

    def write(self, data):
        self.writer.write(data)


class AsyncServerSocket:
    def __init__(self, host="0.0.0.0", port=9090):
        self.host, self.port = host, port
        self.serve_with = asyncio.start_server
        self.listener = None

    def listen(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.bind((self.host, self.port))
        sock.listen(64)
        self.listener = sock

    async def accept(self, handle):
        return await self.serve_with(self._connected(handle), sock=self.listener)

    def _connected(self, handle):
        async def on_client(reader, writer):
            await handle(StreamHandler(reader, writer))

        return on_client


async def serve_quick(port, handle):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    listener.bind(("0.0.0.0", port))
    listener.listen(64)

    async def on_client(reader, writer):
        while True:
            line = await reader.readline()
            if not line:
                break
            writer.write(await handle(line))

    return await asyncio.start_server(on_client, sock=listener)
