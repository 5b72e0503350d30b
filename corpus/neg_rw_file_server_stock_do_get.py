"""The same documentation preview server with `disable_nagle_algorithm = True` on its handler:
StreamRequestHandler.setup() sets TCP_NODELAY on each connection, so the stock do_GET()'s
headers and body leave at once. Nothing to report."""
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


class PreviewHandler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def serve(directory, port=8000):
    handler = functools.partial(PreviewHandler, directory=directory)
    ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
