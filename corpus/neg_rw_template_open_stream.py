"""An Icecast source client: the base class keeps the socket its subclass's `_open()` returns,
after the one PUT exchange that opens the stream, and from then on only writes audio. One
exchange on a fresh connection, then a stream nobody answers: nothing waits."""
import socket


class Sender:
    def __init__(self):
        self._sock = None

    def _open(self):
        raise NotImplementedError

    def send(self, chunk):
        if self._sock is None:
            self._sock = self._open()
        self._sock.sendall(chunk)


class IcecastSender(Sender):
    def __init__(self, host, port, mount, auth):
        super().__init__()
        self.host, self.port, self.mount, self.auth = host, port, mount, auth

    def _open(self):
        sock = socket.create_connection((self.host, self.port), timeout=10)
        head = f"PUT {self.mount} HTTP/1.1\r\nAuthorization: Basic {self.auth}\r\n\r\n"
        sock.sendall(head.encode())
        if not sock.recv(4096).startswith(b"HTTP/1.1 200"):
            sock.close()
            raise ConnectionError("refused")
        return sock
