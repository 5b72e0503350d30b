"""Socket creation shared by the clients and servers of pos_/neg_rw_gated_nodelay.py."""
import socket


def set_nodelay(sock):
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def make_socket(bind=None, connect=None, nodelay=True, context=None):
    """A TCP socket, bound and listening or connected; TCP_NODELAY unless the caller says no."""
    family = socket.AF_INET6 if ":" in (bind or connect)[0] else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if context is not None:
        sock = context.wrap_socket(sock, server_side=bind is not None)
    if nodelay:
        set_nodelay(sock)
    if bind is not None:
        sock.bind(bind)
        sock.listen(16)
    else:
        sock.connect(connect)
    return sock


class Framed:
    """One length-prefixed frame per send(); recv() reads one back."""

    def __init__(self, sock):
        self.sock = sock

    def send(self, payload):
        self.sock.sendall(len(payload).to_bytes(4, "big") + payload)

    def recv(self):
        size = int.from_bytes(self.sock.recv(4), "big")
        return self.sock.recv(size)
