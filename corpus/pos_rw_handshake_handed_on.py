"""A database driver's dialer: open() connects, sends the protocol's magic and version list,
reads the server's chosen version, and hands the socket back to the session object that runs
every later query on it. The handshake is the fresh connection's first exchange (ACKed at
once); the queries after it wait for delayed ACKs with Nagle on, and TCP_NODELAY is never set."""
import socket
import struct

MAGIC = b"\x60\x60\xb0\x17"
VERSIONS = struct.pack(">4I", 5, 4, 3, 0)


class HandshakeError(Exception):
    pass


def open_channel(address, timeout=5.0):
    sock = socket.create_connection(address, timeout)  # expect: NAG201
    sock.sendall(MAGIC + VERSIONS)
    chosen = sock.recv(4)
    if len(chosen) != 4 or chosen == b"HTTP":
        sock.close()
        raise HandshakeError(f"no protocol agreed with {address}: {chosen!r}")
    return sock, struct.unpack(">I", chosen)[0]
