"""An asyncio server on a listening socket of its own (`create_server(..., sock=s)`: asyncio
leaves Nagle on for a socket made with protocol number 0) whose protocol hands each request
and its transport to the application object, which writes the head, then the body."""
import asyncio
import socket


class Protocol(asyncio.Protocol):
    def __init__(self, app):
        self.app = app
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.app.answer(data, self.transport)


class App:
    async def serve(self, port):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("", port))
        listener.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.create_server(lambda: Protocol(self), sock=listener)  # expect: NAG202

    def answer(self, data, transport):
        body = b"hello"
        transport.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body))
        transport.write(body)  # expect: NAG102
