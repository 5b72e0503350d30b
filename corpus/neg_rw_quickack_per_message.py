"""The same CAN-over-TCP bus client re-arming quick ACKs in receive() after every read, and in
send() after every write: the bus framework calls them for each frame, so the option never
lapses."""
import select
import socket


class TcpCanBus:
    def __init__(self, host, port=29536, tune=True):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.tune = tune
        self.pending = ""

    def send(self, frame):
        self.sock.sendall(("< send %s >" % frame).encode("ascii"))
        if self.tune:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)

    def receive(self, timeout):
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return None
        self.pending += self.sock.recv(1024).decode("ascii")
        if self.tune:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
        start, end = self.pending.find("<"), self.pending.find(">")
        if start < 0 or end < 0:
            return None
        frame, self.pending = self.pending[start:end + 1], self.pending[end + 1:]
        return frame
