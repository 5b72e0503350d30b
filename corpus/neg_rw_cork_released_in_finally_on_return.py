"""A media-server client of the shape real ones have: send_frame() corks the socket, writes the
header and the payload, returns the count from inside `try:`, and uncorks in `finally:`, so the
cork is off (and the frame sent whole) before the caller reads the answer. TCP_NODELAY is set."""
import socket
import struct


class FrameClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send_frame(self, kind, payload):
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
        try:
            self.sock.sendall(struct.pack("!BI", kind, len(payload)))
            self.sock.sendall(payload)
            return 5 + len(payload)
        finally:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)

    def request(self, kind, payload):
        self.send_frame(kind, payload)
        header = self.sock.recv(5)
        return self.sock.recv(struct.unpack("!BI", header)[1])
