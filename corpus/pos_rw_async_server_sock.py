"""An asyncio RPC server that makes its own listener with `socket.socket(family, SOCK_STREAM)`
(proto 0) and hands it to the server factory kept in an attribute (`start_server(cb,
sock=...)`): asyncio sets TCP_NODELAY only when sock.proto == IPPROTO_TCP, and the accepted
sockets copy the listener's proto, so they keep Nagle on. The callback is a closure a method
returns; it wraps the streams in a handler object whose read and write serve call after call."""
import asyncio
import socket


class StreamHandler:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    async def read(self, n):
        return await self.reader.read(n)

    def write(self, data):
        self.writer.write(data)

    async def flush(self):
        await self.writer.drain()


class AsyncServerSocket:
    def __init__(self, host="0.0.0.0", port=9090, family=socket.AF_INET, path=None):
        self.host, self.port, self.family, self.path = host, port, family, path
        self.serve_with = asyncio.start_unix_server if path else asyncio.start_server
        self.listener = None

    def listen(self):
        if self.path:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.bind(self.path)
        else:
            sock = socket.socket(self.family, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self.port))
        sock.listen(64)
        self.listener = sock

    async def accept(self, handle):
        return await self.serve_with(self._connected(handle), sock=self.listener)  # expect: NAG202

    def _connected(self, handle):
        async def on_client(reader, writer):
            await handle(StreamHandler(reader, writer))

        return on_client
