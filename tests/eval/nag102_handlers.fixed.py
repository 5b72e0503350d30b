import socketserver
from http.server import BaseHTTPRequestHandler


class Status(BaseHTTPRequestHandler):  # NAG202: 7
    """Status page."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")  # NAG102: 9


class Body(BaseHTTPRequestHandler):  # NAG202: 7
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def do_GET(self):
        body = b"hello"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)  # NAG102: 9


class Lines(socketserver.StreamRequestHandler):  # NAG202: 7
    disable_nagle_algorithm = True

    # answers each line
    def handle(self):
        for line in self.rfile:
            self.wfile.write(line.upper())
