"""A compressing socket wrapper: keeps the socket it is given, hands its bound recv method to a
helper and delegates every other attribute to it (a shape of event-loop clients that switch a
live connection to compression)."""
import errno
import socket
import zlib


class DeflatedSocket:
    def __init__(self, sock, level=6):
        self._sock = sock
        self._compress = zlib.compressobj(level)
        self._decompress = zlib.decompressobj()

    def __getattr__(self, name):
        return getattr(self._sock, name)

    def recv(self, size):
        return self._inflate(size, self._sock.recv)

    def _inflate(self, size, read):
        chunk = read(size)
        data = self._decompress.decompress(chunk) if chunk else b""
        if not data:
            raise socket.error(errno.EWOULDBLOCK)
        return data

    def send(self, data):
        chunk = self._compress.compress(data) + self._compress.flush(zlib.Z_SYNC_FLUSH)
        self._sock.send(chunk)
        return len(data)
