"""WSGI development server in the werkzeug 2.1 style: the handler class declares no protocol
version, but the threaded server switches it to HTTP/1.1 (keep-alive) when it is built; every
HTTP method reaches run_wsgi() through __getattr__, and its write() closure sends the header
block with end_headers() and the body with a second unbuffered write, so the body waits for
the client's delayed ACK on every kept-alive request; each further chunk of the application's
iterable is one more write (a write loop)."""
from http.server import BaseHTTPRequestHandler, HTTPServer
from socketserver import ThreadingMixIn


class DevRequestHandler(BaseHTTPRequestHandler):  # expect: NAG202
    def run_wsgi(self):
        status_sent = None

        def write(data):
            nonlocal status_sent
            if status_sent is None:
                status_sent = "200 OK"
                self.send_response(200)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
            self.wfile.write(data)  # expect: NAG102

        def execute(app):
            for data in app(self.path):
                write(data)  # expect: NAG103

        execute(self.server.app)

    def __getattr__(self, name):
        if name.startswith("do_"):
            return self.run_wsgi
        return getattr(super(), name)


class ThreadedDevServer(ThreadingMixIn, HTTPServer):
    def __init__(self, address, app, handler=None):
        if handler is None:
            handler = DevRequestHandler
        if "protocol_version" not in vars(handler):
            handler.protocol_version = "HTTP/1.1"
        super().__init__(address, handler)
        self.app = app
