"""Blob store client whose Writer wraps makefile('wb') (buffered until flush) and whose
Buffer reader wraps makefile('rb') of the same TCP_NODELAY socket: put() writes header and
blob into the buffer and flushes once, so each request leaves as one write and nothing
waits for a delayed ACK."""
import socket
import struct


class Writer:
    """Buffered writer: bytes leave only on flush()."""

    def __init__(self, wfile):
        self._wfile = wfile

    def write(self, data):
        self._wfile.write(data)

    def flush(self):
        self._wfile.flush()


class Buffer:
    def __init__(self, rfile):
        self._rfile = rfile

    def read_exactly(self, n):
        data = self._rfile.read(n)
        if len(data) != n:
            raise EOFError("short read")
        return data


class BlobClient:
    def __init__(self, host, port, timeout=10.0):
        self.sock = socket.create_connection((host, port), timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.writer = Writer(self.sock.makefile("wb"))
        self.reader = Buffer(self.sock.makefile("rb"))

    def put(self, key, blob):
        self.writer.write(struct.pack("!HI", len(key), len(blob)) + key)
        self.writer.write(blob)
        self.writer.flush()
        (status,) = struct.unpack("!B", self.reader.read_exactly(1))
        return status == 0

    def close(self):
        self.sock.close()
