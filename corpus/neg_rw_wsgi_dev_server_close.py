"""The same development server after the fix: every header block says `Connection: close`,
so http.server closes the connection after each response and no next request can wait
behind the held body write."""
from http.server import BaseHTTPRequestHandler, HTTPServer
from socketserver import ThreadingMixIn


class DevRequestHandler(BaseHTTPRequestHandler):
    def run_wsgi(self):
        status_sent = None

        def write(data):
            nonlocal status_sent
            if status_sent is None:
                status_sent = "200 OK"
                self.send_response(200)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Connection", "close")
                self.end_headers()
            self.wfile.write(data)

        def execute(app):
            for data in app(self.path):
                write(data)

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
