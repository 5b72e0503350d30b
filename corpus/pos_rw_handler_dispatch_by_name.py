"""A content-adaptation server framework: the handler reads one request line after another on a
kept connection and runs the service method a user subclass defines, found by name
(`getattr(self, service + "_" + verb)`); those methods answer through the framework's helpers,
and no_change() writes its status line, then its header block (NAG102). Nagle is on (NAG202)."""
import socketserver


class AdaptationHandler(socketserver.StreamRequestHandler):  # expect: NAG202
    wbufsize = 0

    def handle(self):
        self.done = False
        while not self.done:
            self.serve_one()

    def serve_one(self):
        line = self.rfile.readline(65537)
        if not line:
            self.done = True
            return
        verb, service = line.split()[:2]
        method = getattr(self, f"{service.decode().strip('/')}_{verb.decode()}", None)
        if method is None:
            self.wfile.write(b"ICAP/1.0 404 Service not found\r\n\r\n")
            return
        method()

    def no_change(self):
        self.wfile.write(b"ICAP/1.0 204 No Content\r\n")
        self.wfile.write(b"ISTag: \"adapt-1\"\r\nEncapsulated: null-body=0\r\n\r\n")  # expect: NAG102


class AdaptationServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True


def serve(handler_class, port=1344):
    AdaptationServer(("", port), handler_class).serve_forever()
