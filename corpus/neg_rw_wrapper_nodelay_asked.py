"""A framing wrapper switches TCP_NODELAY on only when asked (`nodelay=False` by default, kept
in an attribute), and the client that builds it asks: `FrameChannel(sock, nodelay=True)`. The
request goes out in one send, on a connection without Nagle (so NAG201 has nothing to say)."""
import socket
import struct


class FrameChannel:
    def __init__(self, sock, nodelay=False):
        self.sock = sock
        self.nodelay = nodelay
        if self.nodelay:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def request(self, kind, payload):
        self.sock.sendall(struct.pack("!BI", kind, len(payload)) + payload)
        size = struct.unpack("!I", self.sock.recv(4))[0]
        return self.sock.recv(size)


def open_channel(host, port=7001):
    sock = socket.create_connection((host, port))
    return FrameChannel(sock, nodelay=True)


def poll(host, keys):
    channel = open_channel(host)
    return [channel.request(1, key) for key in keys]
