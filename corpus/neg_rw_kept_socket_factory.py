"""The same relay client with its socket factory kept in an attribute, but connect() sets
TCP_NODELAY on the socket the factory made: nothing to report."""
import socket


class Relay:
    def __init__(self, address):
        self.address = address
        self.make_socket = socket.create_connection
        self.sock = None

    def connect(self):
        self.sock = self.make_socket(self.address)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return self.sock.recv(512)

    def command(self, line):
        self.sock.sendall(line + b"\r\n")
        return self.sock.recv(512)
