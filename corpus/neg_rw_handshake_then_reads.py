"""The same set-top-box remote without status(): it reads only in the handshake its constructor
runs, and afterwards only writes key presses. Nothing read can follow a key press, so its two
messages are no request waiting for a reply (Nagle holds the key-up a moment, and nothing
waits for it)."""
import socket
import struct


class SetTopBox:
    def __init__(self, host, port=5900):
        self.con = socket.create_connection((host, port))
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
        self.con.sendall(struct.pack(">BBxxxxH", 4, 0, key))
