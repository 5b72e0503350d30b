"""The same file-transfer server, with TCP_NODELAY set on the connection in setup(), and a
get() that lets the reply's length stand for its closing OK: every message the mixin writes
through the `_send()` the handler defines is one piece, and goes out at once. Nothing to
report."""
import socket
import socketserver


class Framing:
    def _send(self, data):
        raise NotImplementedError

    def _recv(self, size):
        raise NotImplementedError

    def put(self, data):
        self._send(b"%08d" % len(data))
        self._recv(2)
        self._send(data)

    def get(self):
        size = int(self._recv(8))
        self._send(b"OK")
        return self._recv(size)


class TransferHandler(socketserver.BaseRequestHandler, Framing):
    def setup(self):
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _send(self, data):
        self.request.sendall(data)

    def _recv(self, size):
        return self.request.recv(size)

    def handle(self):
        while True:
            self.put(self.get().upper())
