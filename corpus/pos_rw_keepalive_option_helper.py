"""The same router API client, whose wrapper sets only SO_KEEPALIVE through its helper: the
connection keeps Nagle on, and each sentence goes out word by word before the reply is read."""
import logging
import socket

log = logging.getLogger(__name__)


class SocketWrapper:
    def __init__(self, sock, keepalive=True):
        self.sock = sock
        self.buffer = bytearray()
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
        raw = socket.create_connection(self.address, timeout=10)  # expect: NAG201
        self.sock = SocketWrapper(raw)

    def talk(self, words):
        for word in words:
            self.sock.send(bytes([len(word)]) + word)  # expect: NAG103
        self.sock.send(b"\x00")  # expect: NAG101
        return self.sock.receive(1)
