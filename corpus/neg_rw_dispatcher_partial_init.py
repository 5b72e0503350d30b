"""The same asyncore reactor shape, where functools.partial runs `asyncore.dispatcher.__init__`
on the loop thread: one driver connects to a local AF_UNIX socket and sends 4 KiB chunks (no
Nagle there), the other sets TCP_NODELAY on its TCP socket before handing it over and sends
each request whole. Neither can wait on a delayed ACK."""
import asyncore
import socket
from collections import deque
from functools import partial

CHUNK = 4096
_channels = {}


class UnixReactorConnection(asyncore.dispatcher):
    def __init__(self, path, loop):
        self.out = deque()
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        loop.call_soon(partial(asyncore.dispatcher.__init__, self, self.sock, _channels))

    def push(self, request):
        for start in range(0, len(request), CHUNK):
            self.out.append(request[start:start + CHUNK])

    def handle_write(self):
        while self.out:
            chunk = self.out.popleft()
            sent = self.send(chunk)
            if sent < len(chunk):
                self.out.appendleft(chunk[sent:])
                return

    def handle_read(self):
        return self.recv(65536)


class TcpReactorConnection(asyncore.dispatcher):
    def __init__(self, host, port, loop):
        self.out = deque()
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        loop.call_soon(partial(asyncore.dispatcher.__init__, self, self.sock, _channels))

    def push(self, request):
        self.out.append(request)

    def handle_write(self):
        # one request per writable event: asyncore calls again while writable() holds
        if self.out:
            message = self.out.popleft()
            sent = self.send(message)
            if sent < len(message):
                self.out.appendleft(message[sent:])

    def writable(self):
        return bool(self.out)

    def handle_read(self):
        return self.recv(65536)
