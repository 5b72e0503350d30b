"""A status page served by a cooperative (green) copy of http.server: the green module is the
standard library's http.server with its sockets swapped for cooperative ones, so the handler is
an http.server handler. It speaks HTTP/1.1 (keep-alive), end_headers() sends the header block and
the body follows in a second unbuffered write, which waits for the client's delayed ACK before
the next request on the connection can be answered."""
import json

from eventlet.green import BaseHTTPServer


class HealthHandler(BaseHTTPServer.BaseHTTPRequestHandler):  # expect: NAG202
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        payload = json.dumps({"healthy": True, "checks": 3}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)  # expect: NAG102

    def log_message(self, fmt, *args):
        pass


def serve(port):
    httpd = BaseHTTPServer.HTTPServer(("127.0.0.1", port), HealthHandler)
    httpd.serve_forever()
