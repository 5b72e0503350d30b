"""Three kept-alive TCP servers that answer each request with a length line and then the
payload as two writes: a StreamRequestHandler whose own setup() replaces the stock one (so
disable_nagle_algorithm is never applied), a selectors loop, and an asyncore dispatcher
that handle_accept() hands each socket to. From the second response on, the payload
waits for the client's delayed ACK of the length line."""
import asyncore
import selectors
import socket
import socketserver


class FramedHandler(socketserver.StreamRequestHandler):  # expect: NAG202
    disable_nagle_algorithm = True

    def setup(self):
        self.connection = self.request
        self.request.settimeout(30)
        self.rfile = self.request.makefile("rb")
        self.wfile = self.request.makefile("wb", buffering=0)

    def handle(self):
        for line in self.rfile:
            body = line.strip().upper()
            self.wfile.write(b"%d\n" % len(body))
            self.wfile.write(body)  # expect: NAG102


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
                conn, _ = listener.accept()  # expect: NAG202
                sel.register(conn, selectors.EVENT_READ)
                continue
            conn = key.fileobj
            data = conn.recv(4096)
            if not data:
                sel.unregister(conn)
                conn.close()
                continue
            conn.sendall(b"OK %d\r\n" % len(data))
            conn.sendall(data)  # expect: NAG102


class QuoteHandler(asyncore.dispatcher):
    def handle_read(self):
        symbol = self.recv(64).strip()
        if symbol:
            quote = b"%s 101.25" % symbol
            self.send(b"%d\n" % len(quote))
            self.send(quote)  # expect: NAG102


class QuoteServer(asyncore.dispatcher):
    def __init__(self, port):
        super().__init__()
        self.create_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.set_reuse_addr()
        self.bind(("", port))
        self.listen(16)

    def handle_accept(self):
        pair = self.accept()  # expect: NAG202
        if pair is not None:
            sock, _ = pair
            QuoteHandler(sock)
