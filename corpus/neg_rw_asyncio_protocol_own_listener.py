"""The server of pos_rw_asyncio_protocol_own_listener.py with its listening socket made with
proto IPPROTO_TCP: asyncio sets TCP_NODELAY on every connection accepted from it, so the body
leaves at once behind the headers (two writes, two segments, no stall)."""
import asyncio
import socket


class HTTPProtocol(asyncio.Protocol):
    def __init__(self, app):
        self.app = app
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        body = self.app(data)
        head = b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body)
        self.transport.write(head)
        self.transport.write(body)


def listen(port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)
    return sock


async def serve(app, port):
    sock = listen(port)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: HTTPProtocol(app), sock=sock)
    await server.serve_forever()
