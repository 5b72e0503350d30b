"""The same strategy shape over a Unix socket, and with TCP_NODELAY set on the TCP one: the
socket kept on the connection object is judged like one kept on the strategy itself."""
import socket


class UnixStrategy:
    def __init__(self, connection):
        self.connection = connection

    def open(self, path):
        self.connection.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.socket.connect(path)

    def send(self, header, body):
        self.connection.socket.sendall(header)
        self.connection.socket.sendall(body)

    def receive(self):
        return self.connection.socket.recv(4096)


class TcpStrategy:
    def __init__(self, connection):
        self.connection = connection

    def open(self, address):
        self.connection.socket = socket.create_connection(address)
        self.connection.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, message):
        self.connection.socket.sendall(message)

    def receive(self):
        return self.connection.socket.recv(4096)
