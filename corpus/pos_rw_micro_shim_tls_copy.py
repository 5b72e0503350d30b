"""The driver of pos_rw_micro_shim_copy.py with TLS on request: its socket may be an
ssl.SSLSocket, which has write() too, so either arm of the send helper may run. Each arm sends
the rest of the same buffer: the row's header and the row are still two pieces, reported once,
at the call that writes the row."""
import socket
import ssl


class Connection:
    def __init__(self, host, port=5432, use_ssl=False):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        if use_ssl:
            self.sock = ssl.create_default_context().wrap_socket(self.sock, server_hostname=host)

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
