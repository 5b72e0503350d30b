"""The same gateway keeping its connection to the application server (a Unix socket for a
path, else TCP, made on one of three branches) for every request: on TCP each record's header
and content are two writes, and from the second request on the content waits for the server's
delayed ACK."""
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
            sock.sendall(self.content)  # expect: NAG101

    @classmethod
    def read(cls, sock):
        header = sock.recv(4)
        _, kind, length = struct.unpack("!BBH", header)
        return cls(kind, sock.recv(length) if length else b"")


class Gateway:
    def __init__(self, target):
        self.target = target
        self.sock = None

    def _connect(self):
        if isinstance(self.target, str):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(self.target)
        elif hasattr(socket, "create_connection"):
            sock = socket.create_connection(self.target)  # expect: NAG201
        else:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect(self.target)
        return sock

    def __call__(self, params):
        if self.sock is None:
            self.sock = self._connect()
        sock = self.sock
        Record(BEGIN).write(sock)
        Record(PARAMS, params).write(sock)  # expect: NAG101
        body = []
        while True:
            record = Record.read(sock)
            if record.kind == END:
                break
            body.append(record.content)
        return b"".join(body)
