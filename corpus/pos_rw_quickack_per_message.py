"""A CAN-over-TCP bus client (a socketcand-like daemon) that asks for quick ACKs once, when it
connects; its receive() is called by the bus framework for every frame, and the kernel has long
gone back to delayed ACKs by then."""
import select
import socket


class TcpCanBus:
    def __init__(self, host, port=29536, tune=True):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if tune:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)  # expect: NAG301
        self.pending = ""

    def send(self, frame):
        self.sock.sendall(("< send %s >" % frame).encode("ascii"))

    def receive(self, timeout):
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return None
        self.pending += self.sock.recv(1024).decode("ascii")
        start, end = self.pending.find("<"), self.pending.find(">")
        if start < 0 or end < 0:
            return None
        frame, self.pending = self.pending[start:end + 1], self.pending[end + 1:]
        return frame
