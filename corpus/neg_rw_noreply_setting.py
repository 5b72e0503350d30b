"""The same cache client shape with the reply awaited by default (`default_noreply=False`):
`set_many()` reads each command's reply before the next is sent, and TCP_NODELAY is set when
the client connects. A batch that must skip replies is one joined send."""
import socket


class CacheClient:
    def __init__(self, server, default_noreply=False, timeout=5.0):
        self.server = server
        self.default_noreply = default_noreply
        self.timeout = timeout
        self.sock = None

    def _connect(self):
        sock = socket.create_connection(self.server, self.timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock

    def set(self, key, value, noreply=None):
        if noreply is None:
            noreply = self.default_noreply
        return self._store(b"set", key, value, noreply)

    def set_many(self, values, noreply=None):
        for key, value in values.items():
            self.set(key, value, noreply)
        return True

    def get(self, key):
        if not self.sock:
            self._connect()
        self.sock.sendall(b"get " + key + b"\r\n")
        return self.sock.recv(65536)

    def _store(self, name, key, value, noreply):
        if not self.sock:
            self._connect()
        extra = b" noreply" if noreply else b""
        self.sock.sendall(b"%s %s 0 0 %d%s\r\n%s\r\n" % (name, key, len(value), extra, value))
        if noreply:
            return True
        return self.sock.recv(64).startswith(b"STORED")


if __name__ == "__main__":
    client = CacheClient(("127.0.0.1", 11211))
    client.set_many({b"a": b"1", b"b": b"2"})
    client.get(b"a")
