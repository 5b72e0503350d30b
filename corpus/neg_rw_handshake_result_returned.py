"""The same handshake in a probe: it asks the server which protocol version it speaks and
returns the answer, not the socket. The connection carries that one exchange, whose data a
fresh connection ACKs at once, and is dropped."""
import socket
import struct

MAGIC = b"\x60\x60\xb0\x17"
VERSIONS = struct.pack(">4I", 5, 4, 3, 0)


def probe_version(address, timeout=5.0):
    sock = socket.create_connection(address, timeout)
    sock.sendall(MAGIC)
    sock.sendall(VERSIONS)
    chosen = sock.recv(4)
    if len(chosen) != 4:
        return None
    return struct.unpack(">I", chosen)[0]


def probe_banner(host, port):
    sock = socket.create_connection((host, port))
    sock.sendall(MAGIC + VERSIONS)
    return sock.recv(64)
