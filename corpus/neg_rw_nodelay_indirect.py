"""TCP_NODELAY that arrives indirectly, each time on a connection that answers requests one
write at a time: from a default options list applied in a loop, from a class attribute,
from the listening socket the connection was accepted from (Linux copies it), and with the
level constant imported from another module. No write is ever held for a delayed ACK."""
import socket

from rw_nodelay_indirect.netconfig import CONNECT_TIMEOUT, TCP_LEVEL

DEFAULT_SOCKET_OPTIONS = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),
                          (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]


class OptionsClient:
    def __init__(self, address, socket_options=None):
        self.socket_options = DEFAULT_SOCKET_OPTIONS if socket_options is None else socket_options
        self.sock = socket.create_connection(address)
        for opt in self.socket_options:
            self.sock.setsockopt(*opt)

    def get(self, key):
        self.sock.sendall(b"GET %s\r\n" % key)
        return self.sock.recv(4096)


class FlagClient:
    nodelay = True

    def __init__(self, address):
        self.sock = socket.create_connection(address)
        if self.nodelay:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def get(self, key):
        self.sock.sendall(b"GET %s\r\n" % key)
        return self.sock.recv(4096)


def serve_counters(port, counters):
    listener = socket.create_server(("", port))
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    while True:
        conn, _ = listener.accept()
        with conn:
            while name := conn.recv(256).strip():
                conn.sendall(b"%d\n" % counters.get(name, 0))


class ConfiguredClient:
    def __init__(self, address):
        self.sock = socket.create_connection(address, CONNECT_TIMEOUT)
        self.sock.setsockopt(TCP_LEVEL, socket.TCP_NODELAY, 1)

    def get(self, key):
        self.sock.sendall(b"GET %s\r\n" % key)
        return self.sock.recv(4096)
