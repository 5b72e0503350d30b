"""Queue client whose connect() makes a socket and at once hands self.socket to a Tornado
IOStream kept in self.stream; a later upgrade replaces self.socket with a compressing wrapper
from a library this code cannot see. The stream was built on the plain TCP socket (Nagle on),
and it writes commands and reads replies for the whole session."""
import socket

import tornado.iostream
from compressor import CompressedSocket


class Conn:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.socket = None
        self.stream = None

    def connect(self):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.socket.setblocking(0)
        self.stream = tornado.iostream.IOStream(self.socket)
        self.stream.connect((self.host, self.port), self._on_connect)

    def upgrade_compression(self):
        self.socket = CompressedSocket(self.socket)

    def _on_connect(self):
        self.send(b"  V2")
        self.stream.read_bytes(4, self._on_reply)

    def send(self, data):
        self.stream.write(data)

    def _on_reply(self, data):
        self.send(b"RDY 1\n")
        self.stream.read_bytes(4, self._on_reply)
