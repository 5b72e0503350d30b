"""TCP_NODELAY from a constructor's default options list, applied in a setsockopt(*opt) loop
through module helpers: every construction keeps it (the default, an extended copy of the
default list, or whatever the pool's own caller hands in, which says nothing either way), so
the connection never has Nagle on (each frame is one write besides)."""
import socket
import struct


def set_options(sock, options):
    for option in options or ():
        sock.setsockopt(*option)


def dial(address, timeout, options=None):
    sock = socket.create_connection(address, timeout)
    set_options(sock, options)
    return sock


class Channel:
    standard_options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]

    def __init__(self, address, timeout=5.0, options=standard_options):
        self.address = address
        self.timeout = timeout
        self.options = options
        self.sock = None

    def call(self, payload):
        if self.sock is None:
            self.sock = dial(self.address, self.timeout, options=self.options)
        self.sock.sendall(struct.pack("!I", len(payload)) + payload)
        size = struct.unpack("!I", self.sock.recv(4))[0]
        return self.sock.recv(size)


class ChannelPool:
    def __init__(self, address, relay=None, options=None, **channel_kw):
        self.address = relay or address
        self.channel_kw = channel_kw
        if relay is not None:
            self.channel_kw.setdefault("options", Channel.standard_options + [(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)])
        if options is not None:
            self.channel_kw["options"] = options
        self.idle = []

    def get(self):
        return self.idle.pop() if self.idle else Channel(self.address, **self.channel_kw)


def direct(address):
    return Channel(address, timeout=2.0)
