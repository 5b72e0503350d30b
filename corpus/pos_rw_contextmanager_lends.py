"""A job-queue client that lends its connection to each command through a `@contextmanager`
method (`with self._lend() as sock:`), which yields a property that connects on first use. The
context manager's exit keeps the socket: one kept connection, Nagle on, and put() writes the
command line and the job body apart before the answer."""
import socket
from contextlib import contextmanager


class QueueClient:
    def __init__(self, host, port):
        self.address = (host, port)
        self.sock = None

    @property
    def _socket(self):
        if self.sock is None:
            self.sock = socket.create_connection(self.address)  # expect: NAG201
        return self.sock

    @contextmanager
    def _lend(self):
        yield self._socket

    def put(self, body):
        with self._lend() as sock:
            sock.sendall(b"put %d\r\n" % len(body))
            sock.sendall(body + b"\r\n")  # expect: NAG101
            return sock.recv(64)

    def stats(self):
        with self._lend() as sock:
            sock.sendall(b"stats\r\n")
            return sock.recv(4096)
