"""The driver of pos_rw_micro_shim_copy.py writing the rows, each with its header, and the end
of the copy in one call, on a socket with TCP_NODELAY: nothing for Nagle to hold."""
import socket


class Connection:
    def __init__(self, host, port=5432):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

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

    def copy_rows(self, table, rows):
        self._send(b"Q" + b"COPY " + table.encode() + b" FROM STDIN\x00")
        if self._recv(1) != b"G":
            raise ValueError("no copy")
        data = b"".join(b"d" + (len(row) + 4).to_bytes(4, "big") + row for row in rows)
        self._send(data + b"c\x00\x00\x00\x04")
        return self._recv(5)
