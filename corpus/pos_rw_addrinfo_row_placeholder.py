"""A MySQL-style socket class: the getaddrinfo row is picked in a loop after a `[None] * 5`
placeholder (always replaced), unpacked into family, type and protocol; the connection is kept
for every query, and TCP_NODELAY is never set."""
import socket


class TCPSocket:
    def __init__(self, host, port=3306, force_ipv6=False):
        self.host, self.port, self.force_ipv6 = host, port, force_ipv6
        self.sock = None

    def open_connection(self):
        addrinfo = [None] * 5
        addrinfos = socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM, socket.SOL_TCP)
        for info in addrinfos:
            if self.force_ipv6 and info[0] == socket.AF_INET6 or info[0] == socket.AF_INET:
                addrinfo = info
                break
        if addrinfo[0] is None:
            addrinfo = addrinfos[0]
        (family, socktype, proto, _, sockaddr) = addrinfo
        self.sock = socket.socket(family, socktype, proto)  # expect: NAG201
        self.sock.connect(sockaddr)

    def send(self, packet):
        self.sock.sendall(packet)

    def recv(self):
        header = self.sock.recv(4)
        return self.sock.recv(int.from_bytes(header[:3], "little"))
