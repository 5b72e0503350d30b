"""Cache client whose connect() sets TCP_NODELAY and whose set() writes the command
line and the data block separately before reading the reply: the NODELAY from the
other method prevents the stall, leaving one extra segment (opt-in extra-segment)."""
import socket


class CacheClient:
    def __init__(self, port):
        self.port = port
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection(("127.0.0.1", self.port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def set(self, key, value):
        if self.sock is None:
            self.connect()
        self.sock.sendall(b"set %s 0 0 %d\r\n" % (key, len(value)))
        self.sock.sendall(value + b"\r\n")  # expect: NAG401
        return self.sock.recv(64) == b"STORED\r\n"

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None
