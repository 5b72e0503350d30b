"""Client class whose connect() creates the TCP socket and sets TCP_NODELAY, while
request() does one sendall() of a joined frame and reads the reply: the NODELAY
lives in another method of the class, and nothing is split."""
import socket
import struct


class KVClient:
    def __init__(self, port):
        self.address = ("127.0.0.1", port)
        self.sock = None

    def connect(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.connect(self.address)

    def request(self, op, key):
        if self.sock is None:
            self.connect()
        frame = struct.pack("!BH", op, len(key)) + key
        self.sock.sendall(frame)
        return self.sock.recv(4096)

    def close(self):
        if self.sock is not None:
            self.sock.close()
