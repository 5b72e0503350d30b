"""The repository server's handler pinned to HTTP/1.0 in its own constructor: the server closes
the connection after each response, and the FIN pushes out what Nagle holds."""
from http.server import BaseHTTPRequestHandler, HTTPServer


class RepoHandler(BaseHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        self.protocol_version = "HTTP/1.0"
        BaseHTTPRequestHandler.__init__(self, *args, **kwargs)

    def do_GET(self):
        body = self.server.answer(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "application/mercurial-0.1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(repo, port=8000):
    server = HTTPServer(("", port), RepoHandler)
    server.answer = repo.answer
    server.serve_forever()
