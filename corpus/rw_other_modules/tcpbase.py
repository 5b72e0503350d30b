"""Base class for line-protocol clients: connect() opens a plain TCP connection (Nagle on,
no TCP_NODELAY) and keeps it with a buffered reader; subclasses in other modules write."""
import socket


class LineClientBase:
    def __init__(self, host, port, timeout=5.0):
        self.address = (host, port)
        self.timeout = timeout
        self.sock = None
        self.rfile = None

    def connect(self):
        self.sock = socket.create_connection(self.address, self.timeout)  # expect: NAG201
        self.rfile = self.sock.makefile("rb")

    def readline(self):
        line = self.rfile.readline()
        if not line.endswith(b"\n"):
            raise ConnectionError("server closed the connection")
        return line.rstrip(b"\r\n")

    def close(self):
        if self.sock is not None:
            self.rfile.close()
            self.sock.close()
            self.sock = self.rfile = None
