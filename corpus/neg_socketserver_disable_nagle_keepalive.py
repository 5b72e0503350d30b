"""Kept-alive socketserver handler with disable_nagle_algorithm = True (setup()
sets TCP_NODELAY on self.request): it loops over request lines and answers each
with one wfile.write(), so the connection has NODELAY and nothing is split."""
import socketserver


class CounterHandler(socketserver.StreamRequestHandler):
    disable_nagle_algorithm = True

    def setup(self):
        super().setup()
        self.count = 0

    def handle(self):
        for line in self.rfile:
            command = line.strip()
            if command == b"INCR":
                self.count += 1
            elif command == b"QUIT":
                break
            self.wfile.write(b"COUNT %d\n" % self.count)


if __name__ == "__main__":
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), CounterHandler) as server:
        server.serve_forever()
