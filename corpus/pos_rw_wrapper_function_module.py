"""Thin-client connection in the pyignite style: a plain AF_INET socket is passed through
wrap() from rw_compat/tls.py (TLS when configured, the same socket otherwise), connected, and
kept for the handshake and every later request, with Nagle on."""
import socket

from rw_compat.tls import wrap


class Connection:
    def __init__(self, host, port, ssl_context=None):
        self.host, self.port, self.ssl_context = host, port, ssl_context
        self._socket = None

    def connect(self):
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self._socket.settimeout(5)
        self._socket = wrap(self._socket, self.ssl_context, self.host)
        self._socket.connect((self.host, self.port))
        self.send(b"\x08\x00\x00\x00\x01\x01\x00\x00")
        return self.recv()

    def send(self, data):
        self._socket.sendall(data)

    def recv(self):
        return self._socket.recv(4096)
