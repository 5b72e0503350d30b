"""The hand-built asyncio stream pair three ways that do not stall: a socket made with
proto=IPPROTO_TCP (asyncio sets TCP_NODELAY on it), a proto-0 socket that sets TCP_NODELAY
itself before handing it over, and a transport asyncio connects itself from host and port
(its own socket, TCP_NODELAY set). Each wrapper carries call after call."""
import asyncio
import socket


class TcpProtoChannel:
    def __init__(self, reader, writer):
        self._reader = reader
        self._writer = writer

    async def send(self, frame):
        self._writer.write(frame)
        await self._writer.drain()

    async def receive(self, size):
        return await self._reader.readexactly(size)

    @classmethod
    async def open(cls, address):
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setblocking(False)
        await loop.sock_connect(sock, address)
        reader = asyncio.StreamReader()
        protocol = asyncio.StreamReaderProtocol(reader)
        transport, _ = await loop.create_connection(lambda: protocol, sock=sock)
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        return cls(reader, writer)


class NoDelayChannel:
    def __init__(self, reader, writer):
        self._reader = reader
        self._writer = writer

    async def send(self, frame):
        self._writer.write(frame)
        await self._writer.drain()

    async def receive(self, size):
        return await self._reader.readexactly(size)

    @classmethod
    async def open(cls, address):
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.setblocking(False)
        await loop.sock_connect(sock, address)
        reader = asyncio.StreamReader()
        protocol = asyncio.StreamReaderProtocol(reader)
        transport, _ = await loop.create_connection(lambda: protocol, sock=sock)
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        return cls(reader, writer)


class NamedChannel:
    def __init__(self, reader, writer):
        self._reader = reader
        self._writer = writer

    async def send(self, frame):
        self._writer.write(frame)
        await self._writer.drain()

    async def receive(self, size):
        return await self._reader.readexactly(size)

    @classmethod
    async def open(cls, host, port):
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        protocol = asyncio.StreamReaderProtocol(reader)
        transport, _ = await loop.create_connection(lambda: protocol, host, port)
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        return cls(reader, writer)
