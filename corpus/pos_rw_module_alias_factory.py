"""A client that makes its sockets through a module-level alias, `socket_factory =
socket.socket`, so tests can swap the factory: the name's only binding is the socket class.
The kept connection writes the length prefix and the query apart, with Nagle on."""
import socket
import struct

socket_factory = socket.socket


def _make_socket(family, kind, source=None):
    sock = socket_factory(family, kind)  # expect: NAG201
    if source is not None:
        sock.bind(source)
    return sock


class Resolver:
    def __init__(self, server, port=53):
        self.sock = _make_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect((server, port))

    def query(self, wire):
        self.sock.sendall(struct.pack("!H", len(wire)))
        self.sock.sendall(wire)  # expect: NAG101
        (size,) = struct.unpack("!H", self.sock.recv(2))
        return self.sock.recv(size)
