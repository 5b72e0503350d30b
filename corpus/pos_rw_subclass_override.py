"""Diagnostic client that subclasses FramedTransport from rw_compat/transport.py and overrides
connect() with its own create_connection() call, without the TCP_NODELAY the base sets; the
inherited execute() then sends frames and reads replies on that Nagle-on connection."""
import socket

from rw_compat.transport import FramedTransport


class DiagTransport(FramedTransport):
    def connect(self):
        self.socket = socket.create_connection((self.host, self.port), self.timeout)  # expect: NAG201
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
