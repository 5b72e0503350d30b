"""The ManageSieve-style client on a Unix socket (a local proxy's): the command line and its
literals are separate writes, but a Unix socket has no Nagle to hold them."""
import socket


class _Writer:
    def __init__(self, send):
        self.send = send


class _Reader:
    def __init__(self, readline):
        self.readline = readline


def _command(name, reader, writer, literals=()):
    lines = [name + b"\r\n"] + [b"{%d+}\r\n%s\r\n" % (len(literal), literal) for literal in literals]
    for line in lines:
        writer.send(line)
    return reader.readline()


class SieveClient:
    def __init__(self, path="/run/sieve.sock"):
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.connect(path)
        self._file = self._sock.makefile("rb")

    def _reader(self):
        return _Reader(self._file.readline)

    def _writer(self):
        return _Writer(self._sock.send)

    def authenticate(self, mechanism, initial):
        return _command(b'AUTHENTICATE "' + mechanism + b'"', self._reader(), self._writer(), [initial])

    def logout(self):
        return _command(b"LOGOUT", self._reader(), self._writer())
