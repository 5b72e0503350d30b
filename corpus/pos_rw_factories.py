"""Sockets made by factory methods: Client._connect() builds a create_connection() socket in
a local named sock and returns it into self.sock; TcpSession.make_socket() (a subclass hook)
makes the TCP socket that BaseSession.call() uses. Both write a command line and its
argument as two sendall() calls before reading, on a Nagle-on connection kept for many
calls, so the argument waits for the server's delayed ACK."""
import socket


class Client:
    def __init__(self, address, timeout=3.0):
        self.address = address
        self.timeout = timeout
        self.sock = self._connect()

    def _connect(self):
        sock = socket.create_connection(self.address)  # expect: NAG201
        sock.settimeout(self.timeout)
        return sock

    def execute(self, command, argument):
        self.sock.sendall(b"%s %d\r\n" % (command, len(argument)))
        self.sock.sendall(argument)  # expect: NAG101
        return self.sock.recv(4096)


class BaseSession:
    def __init__(self):
        self.sock = self.make_socket()

    def make_socket(self):
        raise NotImplementedError

    def call(self, header, body):
        self.sock.sendall(header)
        self.sock.sendall(body)  # expect: NAG101
        return self.sock.recv(4096)


class TcpSession(BaseSession):
    def __init__(self, host, port):
        self.host = host
        self.port = port
        super().__init__()

    def make_socket(self):
        return socket.create_connection((self.host, self.port))  # expect: NAG201
