"""socketserver handlers that serve one request per connection and return: one
writes its answer once, the other writes header then body; after handle() returns
the server shuts the connection down and the FIN pushes everything out."""
import socketserver


class TimeHandler(socketserver.StreamRequestHandler):
    def handle(self):
        request = self.rfile.readline().strip()
        self.wfile.write(b"TIME " + request + b" 12:00:00\n")


class FileHandler(socketserver.StreamRequestHandler):
    def handle(self):
        name = self.rfile.readline().strip()
        data = b"contents of " + name
        self.wfile.write(b"SIZE %d\n" % len(data))
        self.wfile.write(data)


def serve(handler=TimeHandler):
    with socketserver.TCPServer(("127.0.0.1", 0), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    serve()
