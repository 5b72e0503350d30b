"""Client that builds header + body into one bytes object and sends it with a single
sendall() before each recv(), on a socket with TCP_NODELAY: one segment per
request, nothing for Nagle to hold and no extra segment."""
import socket
import struct


class TickClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def tick(self, name, value):
        body = name.encode() + b"=" + str(value).encode()
        header = struct.pack("!HH", 1, len(body))
        self.sock.sendall(header + body)
        return self.sock.recv(16)

    def tick_many(self, samples):
        return [self.tick(n, v) for n, v in samples]

    def close(self):
        self.sock.close()
