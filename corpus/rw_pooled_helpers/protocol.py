"""The protocol header, written and read by an object of its own on the connection it is handed."""
import struct


class Header:
    LENGTH = 10

    def __init__(self, cmd=0, pkg_len=0):
        self.cmd, self.pkg_len, self.status = cmd, pkg_len, 0

    def send_header(self, conn):
        conn._sock.sendall(struct.pack("!QBB", self.pkg_len, self.cmd, 0))

    def recv_header(self, conn):
        self.pkg_len, self.cmd, self.status = struct.unpack("!QBB", conn._sock.recv(self.LENGTH))
