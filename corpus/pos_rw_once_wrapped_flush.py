"""A small web framework's per-request context keeps its flush steps wrapped so each runs once
(`self.flush_header = once(self._flush_header)`); `flush()` calls both, and the header block and
each body part go out in separate sendall() calls on the kept connection, Nagle on."""
import socket
import threading


def once(func):
    def wrapper(*args, **kwargs):
        if wrapper.done:
            return None
        wrapper.done = True
        return func(*args, **kwargs)

    wrapper.done = False
    return wrapper


class Context:
    def __init__(self, fd):
        self.fd = fd
        self.status = 200
        self.body = []
        self.flush_header = once(self._flush_header)
        self.flush_body = once(self._flush_body)

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
            self.fd.sendall(part)  # expect: NAG103


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
            conn, _ = listener.accept()  # expect: NAG202
            threading.Thread(target=self.handle, args=(conn,), daemon=True).start()
