"""A graph database driver ships a framed `Wire` around a socket: its `open()` dials the server
with TCP_NODELAY, and its request handler base class wraps `self.request` in one for test
servers, setting TCP_NODELAY on it in setup(). The test server's handler subclasses that base
and answers each frame it reads: no piece waits for a delayed ACK on either side."""
import socket
from socketserver import BaseRequestHandler


class Wire:
    def __init__(self, sock):
        self._sock = sock

    @classmethod
    def open(cls, address, timeout=None):
        sock = socket.create_connection(address, timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(sock)

    def read(self, n):
        data = b""
        while len(data) < n:
            chunk = self._sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("wire closed")
            data += chunk
        return data

    def send(self, frame):
        self._sock.sendall(len(frame).to_bytes(2, "big") + frame)


class WireRequestHandler(BaseRequestHandler):
    _wire = None

    def setup(self):
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    @property
    def wire(self):
        if self._wire is None:
            self._wire = Wire(self.request)
        return self._wire


class FrameEchoHandler(WireRequestHandler):
    def handle(self):
        while True:
            size = int.from_bytes(self.wire.read(2), "big")
            if not size:
                return
            self.wire.send(self.wire.read(size))
