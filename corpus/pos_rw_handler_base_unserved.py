"""The driver's wire module alone: `Wire.open()` dials and keeps the connection for framed
request/response with Nagle on (reported there). The request handler base class that wraps
`self.request` has no handle() of its own: socketserver's base handle() does nothing, and no
subclass here defines one, so the class serves no request (not reported)."""
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


class WireRequestHandler(BaseRequestHandler):
    _wire = None

    @property
    def wire(self):
        if self._wire is None:
            self._wire = Wire(self.request)
        return self._wire
