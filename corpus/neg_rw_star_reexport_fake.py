"""Test double: the same transport shape, but `from rw_compat.fakes import *` brings a
create_connection() defined there that returns an in-memory fake, not a socket."""
from rw_compat.fakes import *


class Transport:
    def __init__(self, address):
        self.address = address
        self.socket = None

    def connect(self):
        self.socket = create_connection(self.address)

    def send(self, frame):
        self.socket.sendall(frame)

    def receive(self):
        return self.socket.recv(1024)
