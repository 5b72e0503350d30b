"""The framework of pos_rw_once_wrapped_flush.py, whose context hands its flush steps to a
scheduler instead (`self.flush_body = deferred(self._flush_body)`): the wrapper queues the step
for a writer thread and never calls it, so `flush()` writes nothing here."""
import socket
import threading


PENDING = []


def deferred(func):
    def wrapper(*args, **kwargs):
        PENDING.append((func, args, kwargs))

    return wrapper


class Context:
    def __init__(self, fd):
        self.fd = fd
        self.status = 200
        self.body = []
        self.flush_header = deferred(self._flush_header)
        self.flush_body = deferred(self._flush_body)

    def write(self, data):
        self.body.append(data)

    def flush(self):
        self.flush_header()
        self.flush_body()

    def _flush_header(self):
        size = sum(len(part) for part in self.body)
        self.fd.sendall(b"HTTP/1.1 %d OK\r\nContent-Length: %d\r\n\r\n" % (self.status, size))

    def _flush_body(self):
        for part in self.body:
            self.fd.sendall(part)


class App:
    def handle(self, conn):
        rfile = conn.makefile("rb")
        while rfile.readline():
            while rfile.readline() not in (b"\r\n", b""):
                pass
            ctx = Context(conn)
            ctx.write(b"hello")
            ctx.flush()

    def run(self, port):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", port))
        listener.listen()
        while True:
            conn, _ = listener.accept()
            threading.Thread(target=self.handle, args=(conn,), daemon=True).start()
