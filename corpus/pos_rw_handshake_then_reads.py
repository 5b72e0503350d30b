"""A set-top-box remote: its constructor runs a handshake (version, then an auth byte), and each
key press is a key-down and a key-up message; status() asks the box for its state, so the
key-up of a press is held until the box ACKs the key-down when a status query follows."""
import socket
import struct


class SetTopBox:
    def __init__(self, host, port=5900):
        self.con = socket.create_connection((host, port))  # expect: NAG201
        self.authorize()

    def authorize(self):
        version = self.con.recv(12)
        self.con.sendall(version)
        self.con.recv(2)
        self.con.sendall(struct.pack(">B", 1))
        if struct.unpack(">I", self.con.recv(4))[0] != 0:
            raise PermissionError("the box refused us")

    def press(self, key):
        self.con.sendall(struct.pack(">BBxxxxH", 4, 1, key))
        self.con.sendall(struct.pack(">BBxxxxH", 4, 0, key))  # expect: NAG101

    def status(self):
        self.con.sendall(struct.pack(">BBxxxxH", 5, 0, 0))
        return self.con.recv(16)
