"""The same green http.server handler with disable_nagle_algorithm = True, which the stock setup()
turns into TCP_NODELAY on each accepted connection, and wbufsize = -1, so headers and body are
buffered until the stock handle_one_request() flushes once (and the HTTP/1.0 variant below closes
after one response anyway)."""
import json

from eventlet.green import BaseHTTPServer


class HealthHandler(BaseHTTPServer.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    wbufsize = -1

    def do_GET(self):
        payload = json.dumps({"healthy": True, "checks": 3}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class LegacyHandler(BaseHTTPServer.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")


def serve(port):
    httpd = BaseHTTPServer.HTTPServer(("127.0.0.1", port), HealthHandler)
    httpd.serve_forever()
