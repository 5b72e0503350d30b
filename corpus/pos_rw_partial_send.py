"""Framed client that writes each request once through a partial-send retry loop and then
reads the reply, many requests per connection, with Nagle on. No request is split (the loop
only resends what the kernel did not take), but the kept connection never gets TCP_NODELAY,
so it stalls as soon as a request goes out in two pieces (client-nodelay only)."""
import socket
import struct


class FrameClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def request(self, kind, body):
        buf = struct.pack("!HI", kind, len(body)) + body
        while buf:
            n = self.sock.send(buf)
            buf = buf[n:]
        head = b""
        while len(head) < 4:
            chunk = self.sock.recv(4 - len(head))
            if not chunk:
                raise ConnectionError("closed")
            head += chunk
        return struct.unpack("!I", head)[0]

    def run(self, jobs):
        return [self.request(kind, body) for kind, body in jobs]
