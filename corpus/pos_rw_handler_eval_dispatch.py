"""A small news server: its socketserver handler reads each command line and runs the method of
that name with `eval("self.do_" + command + "()")`. CAPABILITIES, the first command a client
sends, is answered one line per flushed write in a loop before the next command is read."""
import socketserver

CRLF = "\r\n"


class NewsHandler(socketserver.StreamRequestHandler):  # expect: NAG202
    def handle(self):
        self.send_response("200 news server ready")
        while True:
            line = self.rfile.readline()
            if not line:
                break
            command = line.decode("latin-1").strip().split(" ")[0].upper()
            if command in ("CAPABILITIES", "DATE", "QUIT"):
                eval("self.do_" + command + "()")
            else:
                self.send_response("500 unknown command")

    def do_CAPABILITIES(self):
        for capability in ("101 capability list follows", "VERSION 2", "READER", "."):
            self.send_response(capability)  # expect: NAG103

    def do_DATE(self):
        self.send_response("111 20261207000000")

    def do_QUIT(self):
        self.send_response("205 bye")

    def send_response(self, message):
        self.wfile.write((message + CRLF).encode("latin-1"))
        self.wfile.flush()


class NewsServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True


def serve(port=1119):
    with NewsServer(("", port), NewsHandler) as server:
        server.serve_forever()
