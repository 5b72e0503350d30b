"""A router API client of the shape real ones have: the socket is handed to a read-buffer
wrapper whose constructor sets TCP_NODELAY (on unless the caller turns it off) through a helper
that takes the level, option and value and logs a failure; each sentence goes out in one write."""
import logging
import socket

log = logging.getLogger(__name__)


class SocketWrapper:
    def __init__(self, sock, tcp_nodelay=True, keepalive=True):
        self.sock = sock
        self.buffer = bytearray()
        if tcp_nodelay:
            self._setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if keepalive:
            self._setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)

    def _setsockopt(self, level, option, value):
        try:
            self.sock.setsockopt(level, option, value)
        except OSError as exc:
            log.debug("setsockopt(%s, %s) failed: %s", level, option, exc)

    def send(self, data):
        self.sock.sendall(data)

    def receive(self, size):
        while len(self.buffer) < size:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = bytes(self.buffer[:size]), self.buffer[size:]
        return data


class Api:
    def __init__(self, host, port=8728, tcp_nodelay=True):
        self.address = (host, port)
        self.tcp_nodelay = tcp_nodelay
        self.sock = None

    def connect(self):
        raw = socket.create_connection(self.address, timeout=10)
        self.sock = SocketWrapper(raw, tcp_nodelay=self.tcp_nodelay)

    def talk(self, words):
        self.sock.send(b"".join(bytes([len(word)]) + word for word in words) + b"\x00")
        return self.sock.receive(1)
