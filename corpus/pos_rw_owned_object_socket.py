"""An LDAP-style strategy object that keeps its socket on the connection object it serves:
`self.connection.socket` is made in `_open_socket`, written by `send` and read by `receive`, for
every bind and search of a long-lived session. No TCP_NODELAY."""
import socket


class Connection:
    def __init__(self, host, port):
        self.address = (host, port)
        self.socket = None
        self.strategy = SyncStrategy(self)


class SyncStrategy:
    def __init__(self, connection):
        self.connection = connection

    def open(self):
        self._open_socket(self.connection.address)

    def _open_socket(self, address):
        self.connection.socket = socket.create_connection(address)  # expect: NAG201

    def send(self, message):
        self.connection.socket.sendall(message)

    def receive(self):
        return self.connection.socket.recv(4096)

    def close(self):
        self.connection.socket.close()
        self.connection.socket = None
