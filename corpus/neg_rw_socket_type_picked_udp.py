"""The same controller whose socket type is picked from two datagram kinds: SOCK_DGRAM or
SOCK_RAW, never a stream. Nagle does not apply on either path."""
import socket


class Controller:
    def __init__(self, host, port, raw=False):
        self.address = (host, port)
        self.raw = raw
        self.sock = None

    def connect(self):
        kind = socket.SOCK_RAW if self.raw else socket.SOCK_DGRAM
        self.sock = socket.socket(socket.AF_INET, kind)
        self.sock.connect(self.address)

    def command(self, line):
        self.sock.sendall(line.encode() + b"\r\n")
        return self.sock.recv(1024)

    def move(self, axis, steps):
        return self.command(f"MOVE {axis} {steps}")
