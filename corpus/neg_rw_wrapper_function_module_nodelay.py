"""The same connection, but it goes through wrap_nodelay() from rw_compat/tls.py, which sets
TCP_NODELAY on the socket it is given before wrapping it."""
import socket

from rw_compat.tls import wrap_nodelay


class Connection:
    def __init__(self, host, port, ssl_context=None):
        self.host, self.port, self.ssl_context = host, port, ssl_context
        self._socket = None

    def connect(self):
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket = wrap_nodelay(self._socket, self.ssl_context, self.host)
        self._socket.connect((self.host, self.port))
        self.send(b"\x08\x00\x00\x00\x01\x01\x00\x00")
        return self.recv()

    def send(self, data):
        self._socket.sendall(data)

    def recv(self):
        return self._socket.recv(4096)
