"""A keep-alive HTTP handler without TCP_NODELAY whose helper answers with a body or with 204 No
Content, picked by a conditional expression: one of the two calls runs, and each answer is one
write, so there is no split (only the handler's missing TCP_NODELAY)."""
import http.server
import json


class ClipHandler(http.server.BaseHTTPRequestHandler):  # expect: NAG202
    protocol_version = "HTTP/1.1"
    clip = None

    def send(self, status, obj=None):
        body = json.dumps(obj).encode() if obj is not None else b""
        head = f"HTTP/1.1 {status} OK\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        self.wfile.write(head + body)

    def do_GET(self):
        return self.send(200, self.clip) if self.clip else self.send(204)
