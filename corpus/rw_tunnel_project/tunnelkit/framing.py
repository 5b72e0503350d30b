"""Frames on a stream socket: a 4-byte length and the payload, written with one send loop
(short sends resent) and read back with a recv loop. The socket is whatever the session
hands in."""
import struct


class Framer:
    def __init__(self, sock):
        self.__sock = sock

    def write_all(self, data):
        while data:
            sent = self.__sock.send(data)
            data = data[sent:]

    def read_exact(self, n):
        chunks = []
        while n > 0:
            chunk = self.__sock.recv(n)
            if not chunk:
                raise EOFError("peer closed the tunnel")
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def send_frame(self, payload):
        self.write_all(struct.pack(">I", len(payload)) + payload)

    def read_frame(self):
        (size,) = struct.unpack(">I", self.read_exact(4))
        return self.read_exact(size)

    def close(self):
        self.__sock.close()
