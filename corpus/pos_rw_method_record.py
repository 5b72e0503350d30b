"""A ManageSieve-style client: the commands are module functions handed small objects that hold
the socket's bound methods. AUTHENTICATE writes the command line, then each literal, then reads
the reply: each literal waits for the server's delayed ACK on every login."""
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
        writer.send(line)  # expect: NAG103
    return reader.readline()


class SieveClient:
    def __init__(self, host, port=4190):
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self._sock.connect((host, port))
        self._file = self._sock.makefile("rb")

    def _reader(self):
        return _Reader(self._file.readline)

    def _writer(self):
        return _Writer(self._sock.send)

    def authenticate(self, mechanism, initial):
        return _command(b'AUTHENTICATE "' + mechanism + b'"', self._reader(), self._writer(), [initial])

    def logout(self):
        return _command(b"LOGOUT", self._reader(), self._writer())
