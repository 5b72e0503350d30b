"""The same link classes, but the station sends its commands over the UDP subclass: the base
opens a datagram socket for it, which Nagle never touches."""
import socket


class IpLink:
    def __init__(self, address, port, kind):
        self.address, self.port = address, port
        self.type = kind
        self.socket = None

    def open(self):
        self.socket = socket.socket(socket.AF_INET, self.type)
        self.socket.connect((self.address, self.port))

    def command(self, frame):
        self.socket.sendall(frame)
        return self.socket.recv(256)


class TcpLink(IpLink):
    def __init__(self, address, port):
        super().__init__(address, port, socket.SOCK_STREAM)


class UdpLink(IpLink):
    def __init__(self, address, port):
        super().__init__(address, port, socket.SOCK_DGRAM)


def uplink(address, port, frames):
    link = UdpLink(address, port)
    link.open()
    return [link.command(frame) for frame in frames]
