"""Source-bound client: overrides connect() of FramedTransport (rw_compat/transport.py) to
bind a local address first, and sets TCP_NODELAY as the base class does."""
import socket

from rw_compat.transport import FramedTransport


class BoundTransport(FramedTransport):
    source = ("0.0.0.0", 0)

    def connect(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(self.source)
        sock.connect((self.host, self.port))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.socket = sock
