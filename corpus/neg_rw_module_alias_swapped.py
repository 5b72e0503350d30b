"""The same client, but the module's own code swaps the factory when an in-process transport is
installed (`socket_factory = memtransport.Pipe`): the name has two bindings in module-level
code, so what `socket_factory(...)` makes is decided at run time. Not reported (precision
first)."""
import socket
import struct

socket_factory = socket.socket
try:
    import memtransport
except ImportError:
    pass
else:
    socket_factory = memtransport.Pipe


def _make_socket(family, kind, source=None):
    sock = socket_factory(family, kind)
    if source is not None:
        sock.bind(source)
    return sock


class Resolver:
    def __init__(self, server, port=53):
        self.sock = _make_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect((server, port))

    def query(self, wire):
        self.sock.sendall(struct.pack("!H", len(wire)))
        self.sock.sendall(wire)
        (size,) = struct.unpack("!H", self.sock.recv(2))
        return self.sock.recv(size)
