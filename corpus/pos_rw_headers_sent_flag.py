"""A chunked keep-alive response through a connection object: the header block goes with the
first chunk, an empty body sends it alone (`write(b"")`), and the closing zero-length chunk is
one more send. No TCP_NODELAY: every chunk after the first, and the terminator after the header
block of an empty body, wait for the client's delayed ACK. The empty-body flush itself never
follows a chunk (`self.headers_sent` is set by then), so it is not reported."""
import socket
import threading

HEAD = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"


def chunk(data):
    return b"%x\r\n%s\r\n" % (len(data), data)


class Connection:
    def __init__(self, sock):
        self.sock = sock
        self.rfile = sock.makefile("rb")
        self.headers_sent = False
        self.reader = None

    def write(self, data):
        if self.headers_sent:
            self.sock.sendall(chunk(data))
        else:
            self.headers_sent = True
            self.sock.sendall(HEAD + (chunk(data) if data else b""))

    def respond(self, words):
        self.headers_sent = False
        for word in words:
            self.write(word)  # expect: NAG103
        if not self.headers_sent:
            self.write(b"")  # an empty body: the header block alone
        self.sock.sendall(b"0\r\n\r\n")  # expect: NAG102

    def serve(self):
        while True:
            line = self.rfile.readline()
            if not line:
                break
            self.respond(line.split())
        self.sock.close()


def main(port=8080):
    listener = socket.create_server(("127.0.0.1", port))
    while True:
        sock, _ = listener.accept()  # expect: NAG202
        threading.Thread(target=Connection(sock).serve, daemon=True).start()
