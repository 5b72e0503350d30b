"""Blob store client whose Stream wrapper issues one sendall() per write() and whose
Buffer reader wraps the same socket's makefile('rb'): put() writes the frame header and
the blob as two writes on a long-lived Nagle-on connection, so from the second request
on the blob waits for the server's delayed ACK before the status byte can come back."""
import socket
import struct


class Stream:
    """Unbuffered writer over a connected socket."""

    def __init__(self, sock):
        self._sock = sock

    def write(self, data):
        self._sock.sendall(data)

    def close(self):
        self._sock.close()


class Buffer:
    """Reads exact byte counts from a buffered file object."""

    def __init__(self, rfile):
        self._rfile = rfile

    def read_exactly(self, n):
        data = self._rfile.read(n)
        if len(data) != n:
            raise EOFError("connection closed after %d of %d bytes" % (len(data), n))
        return data


class BlobClient:
    def __init__(self, host, port, timeout=10.0):
        sock = socket.create_connection((host, port), timeout)  # expect: NAG201
        self.stream = Stream(sock)
        self.reader = Buffer(sock.makefile("rb"))

    def put(self, key, blob):
        self.stream.write(struct.pack("!HI", len(key), len(blob)) + key)
        self.stream.write(blob)  # expect: NAG101
        (status,) = struct.unpack("!B", self.reader.read_exactly(1))
        return status == 0

    def get(self, key):
        self.stream.write(struct.pack("!HI", len(key), 0) + key)
        (size,) = struct.unpack("!I", self.reader.read_exactly(4))
        return self.reader.read_exactly(size)

    def close(self):
        self.stream.close()
