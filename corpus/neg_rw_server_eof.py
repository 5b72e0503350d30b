"""Servers that answer one request per connection: ReportHandler writes a length line and
the report as two sendall() calls and then only reads to wait for the client's EOF, and
StatusPage is a BaseHTTPRequestHandler on the default HTTP/1.0 that writes the headers and
then the body before the connection closes. With one exchange per connection the response
is not held (the client ACKs the first data at once, and the close pushes it out)."""
import socketserver
from http.server import BaseHTTPRequestHandler, HTTPServer


class ReportHandler(socketserver.BaseRequestHandler):
    def handle(self):
        name = self.request.recv(1024).strip()
        report = b"report for " + name
        self.request.sendall(b"%d\n" % len(report))
        self.request.sendall(report)
        while self.request.recv(4096):
            pass


class StatusPage(BaseHTTPRequestHandler):
    def do_GET(self):
        body = b'{"status": "ok"}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve_reports(port):
    with socketserver.ThreadingTCPServer(("", port), ReportHandler) as server:
        server.serve_forever()


def serve_status(port):
    HTTPServer(("", port), StatusPage).serve_forever()
