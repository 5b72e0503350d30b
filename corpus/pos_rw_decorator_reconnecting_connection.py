"""A device client whose decorator only connects when there is no connection yet, then runs the
method: the socket stays open across calls and carries one exchange after another with Nagle
on, and each command goes out as its header and its body."""
import socket
import struct


def ensure_connected(method):
    def checked(self, *args):
        if self.sock is None:
            self.connect()
        return method(self, *args)
    return checked


class Controller:
    def __init__(self, host, port=5025):
        self.address = (host, port)
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection(self.address, timeout=5)  # expect: NAG201

    @ensure_connected
    def command(self, opcode, body):
        self.sock.sendall(struct.pack("!HH", opcode, len(body)))
        self.sock.sendall(body)  # expect: NAG101
        return self.sock.recv(1024)

    @ensure_connected
    def status(self):
        self.sock.sendall(b"\x00\x01\x00\x00")
        return self.sock.recv(64)
