"""An HTTP/1.1 keep-alive server on asyncio's Protocol API, served on a listening socket it makes
itself (to set SO_REUSEPORT) and hands to loop.create_server(sock=...). asyncio sets TCP_NODELAY
only on sockets whose proto is IPPROTO_TCP, and socket.socket(AF_INET, SOCK_STREAM) has proto 0,
as does every connection accepted from it: Nagle stays on, and each response's body waits behind
its headers for the client's delayed ACK."""
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
        self.transport.write(body)  # expect: NAG102


def listen(port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)
    return sock


async def serve(app, port):
    sock = listen(port)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: HTTPProtocol(app), sock=sock)  # expect: NAG202
    await server.serve_forever()
