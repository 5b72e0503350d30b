"""The same three kept-alive servers done right: the StreamRequestHandler's own setup() sets
TCP_NODELAY itself before calling the stock setup(), the selectors loop sets it on each
accepted socket, and handle_accept() sets it before handing the socket to the handler
class; every response is also one write, so nothing waits for a delayed ACK."""
import asyncore
import selectors
import socket
import socketserver


class FramedHandler(socketserver.StreamRequestHandler):
    def setup(self):
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.request.settimeout(30)
        super().setup()

    def handle(self):
        for line in self.rfile:
            body = line.strip().upper()
            self.wfile.write(b"%d\n" % len(body) + body)


def serve_framed(port):
    with socketserver.ThreadingTCPServer(("", port), FramedHandler) as server:
        server.serve_forever()


def serve_selectors(port):
    sel = selectors.DefaultSelector()
    listener = socket.create_server(("", port))
    listener.setblocking(False)
    sel.register(listener, selectors.EVENT_READ)
    while True:
        for key, _ in sel.select():
            if key.fileobj is listener:
                conn, _ = listener.accept()
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                sel.register(conn, selectors.EVENT_READ)
                continue
            conn = key.fileobj
            data = conn.recv(4096)
            if not data:
                sel.unregister(conn)
                conn.close()
                continue
            conn.sendall(b"OK %d\r\n" % len(data) + data)


class QuoteHandler(asyncore.dispatcher):
    def handle_read(self):
        symbol = self.recv(64).strip()
        if symbol:
            quote = b"%s 101.25" % symbol
            self.send(b"%d\n" % len(quote) + quote)


class QuoteServer(asyncore.dispatcher):
    def __init__(self, port):
        super().__init__()
        self.create_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.set_reuse_addr()
        self.bind(("", port))
        self.listen(16)

    def handle_accept(self):
        pair = self.accept()
        if pair is not None:
            sock, _ = pair
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            QuoteHandler(sock)
