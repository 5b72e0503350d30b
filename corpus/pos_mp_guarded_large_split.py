"""Framed connection in the multiprocessing.connection shape: the 4-byte header and
the payload are split only when the payload is over 16 KiB, small ones are joined;
no split-request, but the request/response socket has no TCP_NODELAY (client-nodelay)."""
import socket
import struct


class FrameConnection:
    def __init__(self, port):
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self._sock.connect(("127.0.0.1", port))

    def send_bytes(self, payload):
        header = struct.pack("!i", len(payload))
        if len(payload) > 16384:
            self._sock.sendall(header)
            self._sock.sendall(payload)
        else:
            self._sock.sendall(header + payload)

    def _recv_exact(self, n):
        buf = bytearray()
        while len(buf) < n:
            chunk = self._sock.recv(n - len(buf))
            if not chunk:
                raise EOFError
            buf += chunk
        return bytes(buf)

    def recv_bytes(self):
        (size,) = struct.unpack("!i", self._recv_exact(4))
        return self._recv_exact(size)

    def call(self, payload):
        self.send_bytes(payload)
        return self.recv_bytes()

    def close(self):
        self._sock.close()
