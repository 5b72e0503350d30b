"""http.server handler left at the default protocol_version HTTP/1.0: the body is a
second write after end_headers(), but the connection closes after every response
and the FIN pushes the body out at once; there is no next request to delay."""
import http.server
import json


class ApiHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"path": self.path}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        data = self.rfile.read(length)
        self.send_response(201)
        self.end_headers()
        self.wfile.write(b"stored %d bytes\n" % len(data))


if __name__ == "__main__":
    http.server.HTTPServer(("127.0.0.1", 0), ApiHandler).serve_forever()
