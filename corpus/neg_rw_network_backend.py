"""httpcore network backends that keep what the stock one does: one connects with
create_connection and sets TCP_NODELAY before wrapping the socket in a SyncStream, one hands the
connection to the stock SyncBackend, and one is a test double whose connect_tcp() returns a
stream over a socket pair (AF_UNIX), not TCP."""
import socket

import httpcore
from httpcore._backends.sync import SyncStream


class TunedBackend(httpcore.NetworkBackend):
    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        sock = socket.create_connection((host, port), timeout)
        for option in socket_options or ():
            sock.setsockopt(*option)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return SyncStream(sock)


class LoggingBackend(httpcore.SyncBackend):
    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        print("connecting to", host, port)
        return super().connect_tcp(host, port, timeout, local_address, socket_options)


class LoopbackBackend(httpcore.NetworkBackend):
    def __init__(self):
        self.server_side = None

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        client, self.server_side = socket.socketpair()
        return SyncStream(client)
