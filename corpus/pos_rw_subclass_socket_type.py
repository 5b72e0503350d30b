"""A ground-station link whose base class opens `socket.socket(AF_INET, self.type)`, the type
kept from its constructor; the TCP subclass hands it SOCK_STREAM through `super().__init__`,
the UDP one SOCK_DGRAM. The station uses the TCP link for commands, each answered before the
next, with Nagle on."""
import socket


class IpLink:
    def __init__(self, address, port, kind):
        self.address, self.port = address, port
        self.type = kind
        self.socket = None

    def open(self):
        self.socket = socket.socket(socket.AF_INET, self.type)  # expect: NAG201
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
    link = TcpLink(address, port)
    link.open()
    return [link.command(frame) for frame in frames]
