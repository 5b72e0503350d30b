"""Backend connection pool (deque of idle sockets) whose factory sets TCP_NODELAY on
every new connection, and whose forward() sends the whole request with one
sendall() before reading the reply: the seed 003 pool shape, done right."""
import collections
import socket
import threading


class NoDelayPool:
    def __init__(self, port, max_idle=8):
        self.address = ("127.0.0.1", port)
        self.max_idle = max_idle
        self.idle = collections.deque()
        self.lock = threading.Lock()

    def _new_connection(self):
        sock = socket.create_connection(self.address, timeout=5)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def _acquire(self):
        with self.lock:
            if self.idle:
                return self.idle.pop()
        return self._new_connection()

    def forward(self, head, body):
        sock = self._acquire()
        try:
            sock.sendall(head + body)
            reply = sock.recv(65536)
        except OSError:
            sock.close()
            raise
        with self.lock:
            if len(self.idle) < self.max_idle:
                self.idle.append(sock)
                return reply
        sock.close()
        return reply
