"""A task-sync client of the shape real clients have: a decorator defined in the class body opens
the TLS connection before each public method and closes it after, so every connection carries
one request and its reply (no second exchange for Nagle to hold a piece back from)."""
import socket
import ssl
import struct
from functools import wraps


class SyncConnection:
    def __init__(self, host, port, cafile):
        self.host, self.port, self.cafile = host, port, cafile
        self.conn = None

    def connected(f):
        @wraps(f)
        def around(self, *args, **kwargs):
            self._open()
            try:
                return f(self, *args, **kwargs)
            finally:
                self._shut()
        return around

    def _open(self):
        context = ssl.create_default_context(cafile=self.cafile)
        self.conn = context.wrap_socket(socket.socket(socket.AF_INET), server_hostname=self.host)
        self.conn.connect((self.host, self.port))

    def _shut(self):
        self.conn.close()
        self.conn = None

    def _reply(self):
        size = struct.unpack(">L", self.conn.recv(4))[0]
        return self.conn.recv(size - 4)

    @connected
    def statistics(self):
        self.conn.sendall(b"type: statistics\n\n")
        return self._reply()

    @connected
    def pull(self, since):
        self.conn.sendall(b"type: sync\n\n" + since)
        return self._reply()
