"""A green WSGI-style server: the accept loop keeps [address, socket, state] for each connection
and builds the handler on that list, whose own __init__ takes the socket out of it; its own
setup() makes the buffered files (with a Python 2 socket._fileobject fallback for TLS objects
without makefile()) and its own handle() serves requests while the connection is kept. A
streamed response goes out chunked: each chunk is written and flushed, and the zero-length
terminator is flushed on its own, where it waits for the client's delayed ACK."""
from eventlet.green import BaseHTTPServer
from eventlet.green import socket

IDLE, BUSY, CLOSING = 0, 1, 2


class StreamingHandler(BaseHTTPServer.BaseHTTPRequestHandler):  # expect: NAG202
    protocol_version = "HTTP/1.1"
    wbufsize = 8192

    def __init__(self, conn_state, server):
        self.request = conn_state[1]
        self.client_address = conn_state[0]
        self.conn_state = conn_state
        self.server = server
        self.setup()
        try:
            self.handle()
        finally:
            self.finish()

    def setup(self):
        conn = self.connection = self.request
        try:
            self.rfile = conn.makefile("rb", self.rbufsize)
            self.wfile = conn.makefile("wb", self.wbufsize)
        except (AttributeError, NotImplementedError):
            self.rfile = socket._fileobject(conn, "rb", self.rbufsize)
            self.wfile = socket._fileobject(conn, "wb", self.wbufsize)

    def handle(self):
        self.close_connection = True
        while True:
            self.handle_one_request()
            if self.conn_state[2] == CLOSING or self.close_connection:
                break
            self.conn_state[2] = IDLE

    def handle_one_request(self):
        self.raw_requestline = self.rfile.readline(65537)
        if not self.raw_requestline:
            self.close_connection = True
            return
        self.conn_state[2] = BUSY
        if not self.parse_request():
            return
        self.respond(self.server.app(self.path))

    def respond(self, chunks):
        started = []
        wfile = self.wfile

        def send(data):
            out = []
            if not started:
                started.append(True)
                out.append(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            out.append(b"%x\r\n%s\r\n" % (len(data), data))
            wfile.writelines(out)
            wfile.flush()

        pending = b"".join(chunks)
        if pending:
            send(pending)
        send(b"")  # expect: NAG102
        self.close_connection = False


class Server:
    def __init__(self, app, handler=StreamingHandler):
        self.app = app
        self.handler = handler

    def process_request(self, conn_state):
        self.handler(conn_state, self)


def serve(listener, server, pool):
    while True:
        client, address = listener.accept()
        pool.spawn(server.process_request, [address, client, IDLE])
