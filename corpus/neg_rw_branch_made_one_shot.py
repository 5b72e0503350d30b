"""A gateway that forwards each web request to an application server over a connection of its
own: a Unix socket for a path, else TCP, made on one of three branches. Every request is
written as records (header, then content), the reply records are read, and the connection is
closed: one exchange per connection, whose first data a fresh connection ACKs at once."""
import socket
import struct

BEGIN, PARAMS, END = 1, 4, 3


class Record:
    def __init__(self, kind, content=b""):
        self.kind = kind
        self.content = content

    def write(self, sock):
        sock.sendall(struct.pack("!BBH", 1, self.kind, len(self.content)))
        if self.content:
            sock.sendall(self.content)

    @classmethod
    def read(cls, sock):
        header = sock.recv(4)
        _, kind, length = struct.unpack("!BBH", header)
        return cls(kind, sock.recv(length) if length else b"")


class Gateway:
    def __init__(self, target):
        self.target = target

    def _connect(self):
        if isinstance(self.target, str):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(self.target)
        elif hasattr(socket, "create_connection"):
            sock = socket.create_connection(self.target)
        else:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect(self.target)
        return sock

    def __call__(self, params):
        sock = self._connect()
        Record(BEGIN).write(sock)
        Record(PARAMS, params).write(sock)
        body = []
        while True:
            record = Record.read(sock)
            if record.kind == END:
                break
            body.append(record.content)
        sock.close()
        return b"".join(body)
