"""RPC client that keeps self._send = sock.sendall on a TCP_NODELAY socket and builds each
frame before sending: write_varint() is handed a bytearray's extend(), not a socket write,
so every request leaves in one sendall() and no write waits for a delayed ACK."""
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
        sock = socket.create_connection((host, port))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
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
        self._send(struct.pack("!BI", method, len(payload)) + payload)
        (size,) = struct.unpack("!I", self._read_exact(4))
        return self._read_exact(size)

    def store(self, key):
        frame = bytearray()
        write_varint(frame.extend, len(key))
        frame += key
        self._sock.sendall(bytes(frame))
        return self._read_exact(1) == b"\x00"
