"""RPC client that keeps bound methods of its socket (self._send = sock.sendall) and a
varint writer that takes any write callable: call() sends the header and the payload
through self._send, and store() sends the varint length through write_varint() and the key
with a second sendall(); both then read the reply on a long-lived Nagle-on connection,
so the second piece waits for the server's delayed ACK."""
import socket
import struct


def write_varint(write, value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            break
    write(bytes(out))


class RpcClient:
    def __init__(self, host, port):
        sock = socket.create_connection((host, port))  # expect: NAG201
        self._sock = sock
        self._send = sock.sendall
        self._recv = sock.recv

    def _read_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self._recv(n - len(buf))
            if not chunk:
                raise EOFError("server went away")
            buf += chunk
        return buf

    def call(self, method, payload):
        self._send(struct.pack("!BI", method, len(payload)))
        self._send(payload)  # expect: NAG101
        (size,) = struct.unpack("!I", self._read_exact(4))
        return self._read_exact(size)

    def store(self, key):
        write_varint(self._sock.sendall, len(key))
        self._sock.sendall(key)  # expect: NAG101
        return self._read_exact(1) == b"\x00"
