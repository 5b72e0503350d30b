"""A placeholder socket made in `__init__` and replaced by the AF_UNIX socket that `open()`
makes and connects through a helper method (`self._initiate(path)`): the connection is the Unix
one, which Nagle never touches."""
import socket


class LocalConnection:
    def __init__(self, path):
        self.path = path
        self._sock = socket.socket()  # a placeholder until open()

    def open(self):
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._initiate(self.path)

    def _initiate(self, path):
        self._sock.connect(path)

    def query(self, frame):
        self._sock.sendall(frame)
        self._sock.sendall(b"\n")
        return self._sock.recv(65536)
