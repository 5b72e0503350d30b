"""socketserver.UnixStreamServer whose StreamRequestHandler answers each line with a
header write and a body write in a loop: the same shape as a split response, but on
an AF_UNIX socket, which has no Nagle algorithm."""
import os
import socketserver
import tempfile


class StatsHandler(socketserver.StreamRequestHandler):
    def handle(self):
        while True:
            line = self.rfile.readline()
            if not line:
                break
            body = b"requests=42 errors=0\n"
            self.wfile.write(b"STATS %d\n" % len(body))
            self.wfile.write(body)


def serve(path=None):
    path = path or os.path.join(tempfile.mkdtemp(), "stats.sock")
    with socketserver.UnixStreamServer(path, StatsHandler) as server:
        server.serve_forever()


if __name__ == "__main__":
    serve()
