"""A database driver's asyncore reactor: the connection object connects its own TCP socket,
then has the loop thread run `asyncore.dispatcher.__init__` for it through functools.partial.
push() queues each request in 4 KiB chunks, handle_write() sends one chunk per send() in a
loop, and the reply is read by handle_read() on the same kept-alive connection. No
TCP_NODELAY: a request above 4 KiB leaves its last chunk behind the node's delayed ACK."""
import asyncore
import socket
import threading
from collections import deque
from functools import partial

CHUNK = 4096
_channels = {}


class LoopThread:
    def __init__(self):
        self.pending = deque()
        self.ready = threading.Event()

    def call_soon(self, func):
        self.pending.append(func)

    def run_once(self):
        while self.pending:
            self.pending.popleft()()
        asyncore.loop(timeout=0.1, map=_channels, count=1)


class ReactorConnection(asyncore.dispatcher):
    def __init__(self, host, port, loop):
        self.out = deque()
        self.lock = threading.Lock()
        self.replies = []
        self.sock = socket.create_connection((host, port), timeout=5.0)  # expect: NAG201
        self.sock.setblocking(False)
        loop.call_soon(partial(asyncore.dispatcher.__init__, self, self.sock, _channels))

    def push(self, request):
        with self.lock:
            for start in range(0, len(request), CHUNK):
                self.out.append(request[start:start + CHUNK])

    def writable(self):
        return bool(self.out)

    def handle_write(self):
        while True:
            with self.lock:
                if not self.out:
                    return
                chunk = self.out.popleft()
            sent = self.send(chunk)  # expect: NAG103
            if sent < len(chunk):
                with self.lock:
                    self.out.appendleft(chunk[sent:])
                return

    def handle_read(self):
        data = self.recv(65536)
        if data:
            self.replies.append(data)
