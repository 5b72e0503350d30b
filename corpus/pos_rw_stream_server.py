"""gevent's StreamServer hands each accepted connection to handle(): a WSGI-style handler class
built there answers kept-alive requests with Nagle on, the header block and the body through one
helper (the chunks that follow are more pieces of the same response: one finding, at the first
held piece). A plain function given to the constructor answers each line with Nagle on."""
from gevent.server import StreamServer


class Handler:
    def __init__(self, sock, address):
        self.socket = sock
        self.rfile = sock.makefile("rb")
        self.chunked = False

    def handle(self):
        while True:
            line = self.rfile.readline()
            if not line:
                break
            self.respond(line.strip().split(b" "))

    def _send(self, data):
        self.socket.sendall(data)

    def _write(self, data):
        if self.chunked:
            self._send(b"%x\r\n%s\r\n" % (len(data), data))
        else:
            self._send(data)

    def respond(self, words):
        self.chunked = len(words) > 1
        self._send(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")
        self._write(words[0])  # expect: NAG102
        for word in words[1:]:
            self._write(word)
        if self.chunked:
            self._send(b"0\r\n\r\n")


class Server(StreamServer):
    handler_class = Handler

    def handle(self, sock, address):  # expect: NAG202
        handler = self.handler_class(sock, address)
        handler.handle()


def echo(sock, address):  # expect: NAG202
    rfile = sock.makefile("rb")
    for line in rfile:
        sock.sendall(b"> " + line)


def main():
    Server(("127.0.0.1", 8000)).serve_forever()
    StreamServer(("127.0.0.1", 8001), echo).serve_forever()


class AppHandler(Handler):
    """The application's chunks, written one call of write() each: the first call sends the
    header block with its chunk, the later ones a chunk alone (a write loop over the result)."""

    headers_sent = False

    def __init__(self, sock, address):
        self.socket = sock
        self.rfile = sock.makefile("rb")

    def write(self, data):
        if not data:
            return
        if self.headers_sent:
            self._send(data)
        else:
            self.headers_sent = True
            self._send(b"HTTP/1.1 200 OK\r\n\r\n" + data)

    def respond(self, words):
        self.headers_sent = False
        for word in words:
            self.write(word)  # expect: NAG103


class AppServer(StreamServer):
    def handle(self, sock, address):  # expect: NAG202
        AppHandler(sock, address).handle()
