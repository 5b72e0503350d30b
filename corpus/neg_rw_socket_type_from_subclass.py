"""The same base client, used only by the UDP query, whose constructor passes SOCK_DGRAM: a
datagram socket, which Nagle never touches. Nothing to report."""
from socket import SOCK_DGRAM, socket


class BaseClient:
    def __init__(self, kind, host, port):
        self._socket = socket(type=kind)
        self.address = (host, port)

    def __enter__(self):
        self._socket.connect(self.address)
        return self

    def __exit__(self, *exc):
        self._socket.close()


class Query(BaseClient):
    def __init__(self, host, port):
        super().__init__(SOCK_DGRAM, host, port)

    def info(self):
        self._socket.send(b"\xff\xff\xff\xffinfo")
        return self._socket.recv(1400)
