"""The same client with a `@contextmanager` that connects, yields the new socket and closes it
when the command is done: every command has a fresh connection, whose first data the server
ACKs at once, so the command line and the body written apart do not wait."""
import socket
from contextlib import contextmanager


class QueueClient:
    def __init__(self, host, port):
        self.address = (host, port)

    @contextmanager
    def _connection(self):
        sock = socket.create_connection(self.address)
        try:
            yield sock
        finally:
            sock.close()

    def put(self, body):
        with self._connection() as sock:
            sock.sendall(b"put %d\r\n" % len(body))
            sock.sendall(body + b"\r\n")
            return sock.recv(64)
