"""An asyncio client that makes its own socket (`socket.socket(family)`, proto 0), connects it
with `loop.sock_connect` and builds the stream pair by hand, as asyncio's open_connection() is
written: a StreamReader, its StreamReaderProtocol, `loop.create_connection(lambda: protocol,
sock=sock)` and a StreamWriter around the transport. asyncio sets TCP_NODELAY on the transport's
socket only when sock.proto == IPPROTO_TCP, so this connection keeps Nagle on. A classmethod
builds the wrapper (`cls(reader, writer)`) whose methods carry call after call."""
import asyncio
import socket


class Channel:
    def __init__(self, reader, writer):
        self._reader = reader
        self._writer = writer

    async def send(self, frame):
        self._writer.write(frame)
        await self._writer.drain()

    async def receive(self, size):
        return await self._reader.readexactly(size)

    async def call(self, frame):
        await self.send(frame)
        header = await self.receive(4)
        return await self.receive(int.from_bytes(header, "big"))

    @classmethod
    async def open(cls, address, timeout=5.0):
        loop = asyncio.get_running_loop()
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        sock = socket.socket(family)  # expect: NAG201
        sock.setblocking(False)
        await asyncio.wait_for(loop.sock_connect(sock, address), timeout)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        reader = asyncio.StreamReader(limit=2 ** 16)
        protocol = asyncio.StreamReaderProtocol(reader)
        transport, _ = await loop.create_connection(lambda: protocol, sock=sock)
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        return cls(reader, writer)
