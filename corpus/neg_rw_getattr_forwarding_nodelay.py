"""The same buffering wrapper forwarding to its socket through `__getattr__`, but the client
sets TCP_NODELAY through the wrapper right after connecting (`self._conn.setsockopt(...)`
reaches the socket the same way send() does) and joins each request: nothing to report."""
import socket


class ReadBuffer:
    def __init__(self, raw, size=65536):
        self._raw = raw
        self._view = memoryview(bytearray(size))

    def fill(self):
        return self._raw.recv_into(self._view)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class Session:
    def __init__(self, host, port=80):
        self.host, self.port = host, port
        self._conn = ReadBuffer(socket.create_connection((host, port)))
        self._conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def request(self, method, path, headers):
        lines = [b"%s %s HTTP/1.1\r\n" % (method, path)]
        lines += [b"%s: %s\r\n" % (name, value) for name, value in headers.items()]
        self._conn.send(b"".join(lines) + b"\r\n")
        return self._conn.fill()
