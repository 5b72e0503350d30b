"""Framed client that pushes each request with a partial-send retry loop (while buf: n =
sock.send(buf); buf = buf[n:]) and then reads, on a socket with TCP_NODELAY set. The loop
writes one message once; it goes round again only when the kernel took part of it, so it is
not a write per piece, and with NODELAY nothing would be held anyway."""
import socket
import struct


class FrameClient:
    def __init__(self, host, port, timeout=5.0):
        self.sock = socket.create_connection((host, port), timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _push(self, data):
        buf = memoryview(data)
        while buf:
            n = self.sock.send(buf)
            buf = buf[n:]

    def request(self, kind, body):
        self._push(struct.pack("!HI", kind, len(body)) + body)
        head = b""
        while len(head) < 4:
            chunk = self.sock.recv(4 - len(head))
            if not chunk:
                raise ConnectionError("closed")
            head += chunk
        return struct.unpack("!I", head)[0]

    def run(self, jobs):
        return [self.request(kind, body) for kind, body in jobs]
