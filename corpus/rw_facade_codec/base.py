"""The wire format: a one-byte type, a two-byte length, the body, written as one buffer."""
import struct


class BaseWriter:
    def encode(self, conn, kind, body):
        conn.sendall(struct.pack(">BH", kind, len(body)) + body)


class BaseReader:
    def decode(self, conn):
        kind, size = struct.unpack(">BH", self._exactly(conn, 3))
        return kind, self._exactly(conn, size)

    def _exactly(self, conn, size):
        data = b""
        while len(data) < size:
            chunk = conn.recv(size - len(data))
            if not chunk:
                raise ConnectionError("peer closed")
            data += chunk
        return data
