"""An SMTP relay client keeps its socket factory in an attribute, create_connection itself, so
that tests can swap it; connect() makes the socket through the attribute and every command is
a line then a reply on the kept connection, with Nagle on (reported where the socket is made)."""
from socket import create_connection


class Relay:
    def __init__(self, address):
        self.address = address
        self.make_socket = create_connection
        self.sock = None

    def connect(self):
        self.sock = self.make_socket(self.address)  # expect: NAG201
        return self.sock.recv(512)

    def command(self, line):
        self.sock.sendall(line + b"\r\n")
        return self.sock.recv(512)
