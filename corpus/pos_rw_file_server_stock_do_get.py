"""A documentation preview server serves the built pages with http.server's
SimpleHTTPRequestHandler on HTTP/1.1, so that a browser fetches a page's dozens of scripts and
stylesheets over one connection. The stock do_GET() it inherits writes each file's headers,
then its body: with Nagle on, every file waits for the browser's delayed ACK."""
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


class PreviewHandler(SimpleHTTPRequestHandler):  # expect: NAG202
    protocol_version = "HTTP/1.1"

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def serve(directory, port=8000):
    handler = functools.partial(PreviewHandler, directory=directory)
    ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
