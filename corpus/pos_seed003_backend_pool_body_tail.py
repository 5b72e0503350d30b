"""Reverse-proxy backend pool keeping idle sockets in a deque: forward() sends an
~8 KB body and then a 72-byte tail, then reads the reply. On a reused connection
Nagle holds the tail behind the backend's delayed ACK, 40 ms a request (seed 003)."""
import collections
import socket
import threading

BODY = b"b" * 8192
TAIL = b"t" * 72
REPLY_LEN = 128


class BackendPool:
    def __init__(self, address, max_idle=4):
        self.address = address
        self.max_idle = max_idle
        self.idle = collections.deque()
        self.lock = threading.Lock()

    def _acquire(self):
        with self.lock:
            if self.idle:
                return self.idle.popleft()
        return socket.create_connection(self.address, timeout=5)  # expect: NAG201

    def _release(self, sock):
        with self.lock:
            if len(self.idle) < self.max_idle:
                self.idle.append(sock)
                return
        sock.close()

    def forward(self, body, tail):
        sock = self._acquire()
        try:
            sock.sendall(body)
            sock.sendall(tail)  # expect: NAG101
            reply = b""
            while len(reply) < REPLY_LEN:
                chunk = sock.recv(4096)
                if not chunk:
                    raise ConnectionError("backend closed")
                reply += chunk
        except OSError:
            sock.close()
            raise
        self._release(sock)
        return reply


def start_backend(requests):
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn:
            for _ in range(requests):
                need = len(BODY) + len(TAIL)
                while need:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    need -= len(chunk)
                conn.sendall(b"r" * REPLY_LEN)

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    pool = BackendPool(("127.0.0.1", start_backend(20)))
    for _ in range(20):
        pool.forward(BODY, TAIL)
