"""A gevent key-value server's connection: replies are built in a buffer and a sender greenlet
drains it, clearing the pending count before each sendall(), so the loop goes round again only
when another greenlet queued a reply meanwhile: one buffer a turn, never a reply in pieces.
TCP_NODELAY is set on each accepted connection."""
import io
import socket


class Connection:
    def __init__(self, sock):
        self.sock = sock
        self.sendbuf = io.BytesIO()
        self.bytes_pending = 0
        self.closed = False

    def reply(self, data):
        self.sendbuf.write(data)
        self.bytes_pending += len(data)
        self.drain()

    def drain(self):
        while self.bytes_pending and not self.closed:
            data = self.sendbuf.getvalue()
            self.sendbuf.seek(0)
            self.sendbuf.truncate()
            self.bytes_pending = 0
            try:
                self.sock.sendall(data)
            except OSError:
                self.closed = True

    def serve(self, handle):
        while not self.closed:
            request = self.sock.recv(65536)
            if not request:
                break
            self.reply(b"+" + handle(request) + b"\r\n")


def serve_forever(port, handle):
    listener = socket.create_server(("", port))
    while True:
        sock, _ = listener.accept()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        Connection(sock).serve(handle)
