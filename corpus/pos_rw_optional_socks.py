"""MQTT-style client with optional proxy support: PySocks is imported when installed (None
otherwise) and the connection comes from socks.create_connection() through the proxy or from
socket.create_connection() directly; either way the kept socket carries packet after packet
(write in one method, read in another) with Nagle on: one finding for the name, its fix sets TCP_NODELAY at both creation sites."""
import socket

try:
    import socks
except ImportError:
    socks = None


class Client:
    def __init__(self, host, port=1883, proxy=None):
        self.host, self.port, self.proxy = host, port, proxy
        self._sock = None

    def _create_socket(self):
        if self.proxy and socks is not None:
            return socks.create_connection((self.host, self.port), timeout=5, **self.proxy)  # expect: NAG201
        return socket.create_connection((self.host, self.port), timeout=5)

    def connect(self):
        self._sock = self._create_socket()
        self._sock_send(b"\x10\x0c\x00\x04MQTT\x04\x02\x00\x3c\x00\x00")
        return self._sock_recv(4)

    def _sock_send(self, data):
        return self._sock.send(data)

    def _sock_recv(self, size):
        return self._sock.recv(size)

    def ping(self):
        self._sock_send(b"\xc0\x00")
        return self._sock_recv(2)
