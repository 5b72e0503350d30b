"""The same framing wrapper, TCP_NODELAY only when asked, built by a client that does not ask:
the flag keeps its default (off), so each request's header and body go out on a Nagle-on
connection and the body waits for the server's delayed ACK."""
import socket
import struct


class FrameChannel:
    def __init__(self, sock, nodelay=False):
        self.sock = sock
        self.nodelay = nodelay
        if self.nodelay:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def request(self, kind, payload):
        self.sock.sendall(struct.pack("!BI", kind, len(payload)))
        self.sock.sendall(payload)  # expect: NAG101
        size = struct.unpack("!I", self.sock.recv(4))[0]
        return self.sock.recv(size)


def open_channel(host, port=7001):
    sock = socket.create_connection((host, port))  # expect: NAG201
    return FrameChannel(sock)


def poll(host, keys):
    channel = open_channel(host)
    return [channel.request(1, key) for key in keys]
