"""The same pooled client with TCP_NODELAY set once connected: the three pieces go out at once
(NAG401 when selected: one more segment per piece)."""
import socket

from .mllpframe import send_mllp


class FastMllpConnection:
    def __init__(self, address):
        self.sock = socket.create_connection(address)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, message):
        return send_mllp(self.sock, message)  # expect: NAG401
