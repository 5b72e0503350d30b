"""A laser-cutter link of the shape real drivers have: keepalive tuned with options looked up by
name with a numeric fallback for platforms whose socket module lacks them
(`getattr(socket, "TCP_KEEPCNT", 3)`: 6 on Linux, whatever the fallback says), TCP_NODELAY set,
one write per command before its reply. No option here is TCP_CORK."""
import socket


class CutterLink:
    def __init__(self, host, port=50200):
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        self.sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, "TCP_KEEPIDLE", 4), 10)
        self.sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, "TCP_KEEPINTVL", 5), 5)
        self.sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, "TCP_KEEPCNT", 3), 3)

    def command(self, line):
        self.sock.sendall(line + b"\n")
        return self.sock.recv(256)
