"""The same two servers on kept-alive connections: ReportHandler's read after the response
is the next request, and ApiHandler inherits protocol_version "HTTP/1.1" from its base class,
so end_headers() and wfile.write(body) are two writes on a connection that stays open. From
the second response on, the second piece waits for the client's delayed ACK."""
import json
import socketserver
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ReportHandler(socketserver.BaseRequestHandler):  # expect: NAG202
    def handle(self):
        while True:
            name = self.request.recv(1024).strip()
            if not name:
                break
            report = b"report for " + name
            self.request.sendall(b"%d\n" % len(report))
            self.request.sendall(report)  # expect: NAG102


class JsonHandlerBase(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass


class ApiHandler(JsonHandlerBase):  # expect: NAG202
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        body = json.dumps({"echo": request}).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)  # expect: NAG102


def serve_api(port):
    ThreadingHTTPServer(("", port), ApiHandler).serve_forever()
