"""Framed links: a length header, then the body, then the reply. Which socket each one writes,
only the modules that build them say (dial.py)."""
import struct


class FramedLink:
    def __init__(self, sock):
        self.sock = sock

    def request(self, body):
        self.sock.sendall(struct.pack(">I", len(body)))
        self.sock.sendall(body)  # expect: NAG101
        return self._read()

    def _read(self):
        size = struct.unpack(">I", self.sock.recv(4))[0]
        return self.sock.recv(size)


class LocalLink:
    def __init__(self, sock):
        self.sock = sock

    def request(self, body):
        self.sock.sendall(struct.pack(">I", len(body)))
        self.sock.sendall(body)
        return self._read()

    def _read(self):
        size = struct.unpack(">I", self.sock.recv(4))[0]
        return self.sock.recv(size)
