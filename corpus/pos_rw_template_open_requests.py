"""A control client whose base class keeps the socket a subclass's `_open()` returns after its
login exchange, and then sends commands and reads each answer on it: request/response on a
kept connection without TCP_NODELAY."""
import socket


class Controller:
    def __init__(self):
        self._sock = None

    def _open(self):
        raise NotImplementedError

    def command(self, line):
        if self._sock is None:
            self._sock = self._open()
        self._sock.sendall(line.encode() + b"\r\n")
        return self._sock.recv(1024)


class MixerController(Controller):
    def __init__(self, host, port, password):
        super().__init__()
        self.host, self.port, self.password = host, port, password

    def _open(self):
        sock = socket.create_connection((self.host, self.port), timeout=10)  # expect: NAG201
        sock.sendall(f"LOGIN {self.password}\r\n".encode())
        if not sock.recv(64).startswith(b"OK"):
            sock.close()
            raise ConnectionError("login refused")
        return sock
