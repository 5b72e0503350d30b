"""An HTTP/1.1-style client keeps its connection in a buffering wrapper whose class defines
only the reads; send() reaches the socket through `__getattr__`, which hands every other
attribute to it. The request line, one write per header and the blank line go out as pieces
on a kept connection, and the reply is read through the wrapper (reported)."""
import socket
import ssl


class ReadBuffer:
    def __init__(self, raw, size=65536):
        self._raw = raw
        self._view = memoryview(bytearray(size))

    def fill(self):
        return self._raw.recv_into(self._view)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class Session:
    def __init__(self, host, port=80, secure=False):
        self.host, self.port, self.secure = host, port, secure
        self._conn = None

    def _open(self):
        raw = socket.create_connection((self.host, self.port))  # expect: NAG201
        if self.secure:
            raw = ssl.create_default_context().wrap_socket(raw, server_hostname=self.host)
        raw = ReadBuffer(raw)
        self._conn = raw

    def request(self, method, path, headers):
        if self._conn is None:
            self._open()
        self._conn.send(b"%s %s HTTP/1.1\r\n" % (method, path))
        for name, value in headers.items():
            self._conn.send(b"%s: %s\r\n" % (name, value))  # expect: NAG103
        self._conn.send(b"\r\n")  # expect: NAG101
        return self._conn.fill()
