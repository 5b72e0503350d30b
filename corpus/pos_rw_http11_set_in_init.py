"""A repository server's handler speaks HTTP/1.1 by setting `self.protocol_version` in its own
constructor: clients keep the connection for command after command, and each response goes out
as the header block, then the body."""
from http.server import BaseHTTPRequestHandler, HTTPServer


class RepoHandler(BaseHTTPRequestHandler):  # expect: NAG202
    def __init__(self, *args, **kwargs):
        self.protocol_version = "HTTP/1.1"
        BaseHTTPRequestHandler.__init__(self, *args, **kwargs)

    def do_GET(self):
        body = self.server.answer(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "application/mercurial-0.1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)  # expect: NAG102


def serve(repo, port=8000):
    server = HTTPServer(("", port), RepoHandler)
    server.answer = repo.answer
    server.serve_forever()
