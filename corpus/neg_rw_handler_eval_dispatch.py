"""The news server whose handler sets `disable_nagle_algorithm` and answers CAPABILITIES with its
lines joined into one write: nothing is held for the client's delayed ACK."""
import socketserver

CRLF = "\r\n"


class NewsHandler(socketserver.StreamRequestHandler):
    disable_nagle_algorithm = True

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
        self.send_response(CRLF.join(("101 capability list follows", "VERSION 2", "READER", ".")))

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
