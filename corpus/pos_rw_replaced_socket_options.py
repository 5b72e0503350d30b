"""TCP_NODELAY that arrives through a replaceable options list: the channel class applies its
socket options in a setsockopt(*opt) loop (through a module helper), and its default list holds
TCP_NODELAY; but the pool built for a relay replaces the list with an empty one on purpose, so
on that path the channel is Nagle-on and its two-piece frame waits for the relay's delayed ACK.
The direct path keeps the default and is fine; the messages say which path stalls."""
import socket
import struct


def set_options(sock, options):
    for option in options or ():
        sock.setsockopt(*option)


def dial(address, timeout, options=None):
    sock = socket.create_connection(address, timeout)  # expect: NAG201
    set_options(sock, options)
    return sock


class Channel:
    standard_options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),
                        (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]

    def __init__(self, address, timeout=5.0, options=standard_options):
        self.address = address
        self.timeout = timeout
        self.options = options
        self.sock = None

    def call(self, payload):
        if self.sock is None:
            self.sock = dial(self.address, self.timeout, options=self.options)
        self.sock.sendall(struct.pack("!I", len(payload)))
        self.sock.sendall(payload)  # expect: NAG101
        size = struct.unpack("!I", self.sock.recv(4))[0]
        return self.sock.recv(size)


class ChannelPool:
    def __init__(self, address, relay=None, **channel_kw):
        self.address = relay or address
        self.channel_kw = channel_kw
        if relay is not None:
            # a relay coalesces small frames itself: keep Nagle on towards it
            self.channel_kw.setdefault("options", [])
        self.idle = []

    def get(self):
        return self.idle.pop() if self.idle else Channel(self.address, **self.channel_kw)

    def put(self, channel):
        self.idle.append(channel)
