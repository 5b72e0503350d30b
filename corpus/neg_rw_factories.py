"""Sockets made by factory methods, done right: Client._connect() sets TCP_NODELAY on its
local sock before returning it and execute() sends one joined buffer; the only subclass of
BaseSession makes an AF_UNIX socket, where the split header/body cannot be held by Nagle."""
import socket


class Client:
    def __init__(self, address, timeout=3.0):
        self.address = address
        self.timeout = timeout
        self.sock = self._connect()

    def _connect(self):
        sock = socket.create_connection(self.address)
        sock.settimeout(self.timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def execute(self, command, argument):
        self.sock.sendall(b"%s %d\r\n" % (command, len(argument)) + argument)
        return self.sock.recv(4096)


class BaseSession:
    def __init__(self):
        self.sock = self.make_socket()

    def make_socket(self):
        raise NotImplementedError

    def call(self, header, body):
        self.sock.sendall(header)
        self.sock.sendall(body)
        return self.sock.recv(4096)


class UnixSession(BaseSession):
    def __init__(self, path):
        self.path = path
        super().__init__()

    def make_socket(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.path)
        return sock
