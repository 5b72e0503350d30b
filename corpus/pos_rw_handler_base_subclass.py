"""A graph database driver ships a framed `Wire` around a socket: its `open()` dials the server,
and its request handler base class wraps `self.request` in one for test servers. The test
server's handler subclasses that base and answers each frame it reads on the kept connection,
with Nagle on: a reply written in pieces waits for the client's delayed ACK."""
import socket
from socketserver import BaseRequestHandler


class Wire:
    def __init__(self, sock):
        self._sock = sock

    @classmethod
    def open(cls, address, timeout=None):
        return cls(socket.create_connection(address, timeout))  # expect: NAG201

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


class WireRequestHandler(BaseRequestHandler):  # expect: NAG202
    _wire = None

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
