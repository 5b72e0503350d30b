"""The same transport with TCP_NODELAY, spelled with the names `from socket import *` brings."""
from socket import *
import struct


class TcpTransport:
    def __init__(self, host, port):
        self.address = (host, port)
        self.sock = None

    def connect(self):
        if self.sock is None:
            self.sock = socket(AF_INET, SOCK_STREAM)
            self.sock.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)
            self.sock.connect(self.address)

    def call(self, payload):
        self.connect()
        self.sock.sendall(struct.pack("!I", len(payload)) + payload)
        size = struct.unpack("!I", self.sock.recv(4))[0]
        return self.sock.recv(size)
