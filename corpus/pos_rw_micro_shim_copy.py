"""A small database driver that runs on MicroPython too: its send helper loops until the whole
buffer is out, through `write()` where the socket has one and `send()` elsewhere. A plain
CPython socket has no write(), so every turn sends. Its COPY loop writes each row's header and
the row in two calls: the row waits for the server's delayed ACK."""
import socket


class Connection:
    def __init__(self, host, port=5432):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def _send(self, data):
        sent = 0
        while sent < len(data):
            if hasattr(self.sock, "write"):
                sent += self.sock.write(data[sent:])
            else:
                sent += self.sock.send(data[sent:])

    def _recv(self, size):
        got = b""
        while len(got) < size:
            chunk = self.sock.recv(size - len(got))
            if not chunk:
                raise ConnectionError("closed")
            got += chunk
        return got

    def copy_from(self, table, source):
        self._send(b"Q" + b"COPY " + table.encode() + b" FROM STDIN\x00")
        if self._recv(1) == b"G":
            while True:
                row = source.read(8192)
                if not row:
                    break
                self._send(b"d" + (len(row) + 4).to_bytes(4, "big"))
                self._send(row)  # expect: NAG101
            self._send(b"c\x00\x00\x00\x04")
        return self._recv(5)

    def query(self, sql):
        self._send(b"Q" + sql.encode() + b"\x00")
        return self._recv(5)
