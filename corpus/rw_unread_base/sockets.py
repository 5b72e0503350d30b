"""A session over a socket someone else connected."""
from .sessionbase import SessionBase


class SocketSession(SessionBase):
    def __init__(self, sock):
        self.sock = sock

    def send(self, data):
        self.sock.sendall(data)

    def read_nonblocking(self, size, timeout):
        self.sock.settimeout(timeout)
        return self.sock.recv(size)
