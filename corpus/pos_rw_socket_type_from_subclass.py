"""A game-server console library shares one base client between its TCP console and its UDP
query: the base makes `socket(type=kind)` and the console's constructor passes SOCK_STREAM to
it. The console keeps the connection for command after command, with Nagle on."""
from socket import SOCK_STREAM, socket


class BaseClient:
    def __init__(self, kind, host, port):
        self._socket = socket(type=kind)  # expect: NAG201
        self.address = (host, port)

    def __enter__(self):
        self._socket.connect(self.address)
        return self

    def __exit__(self, *exc):
        self._socket.close()


class Console(BaseClient):
    def __init__(self, host, port):
        super().__init__(SOCK_STREAM, host, port)

    def run(self, command):
        self._socket.sendall(len(command).to_bytes(4, "little") + command)
        size = int.from_bytes(self._socket.recv(4), "little")
        return self._socket.recv(size)
