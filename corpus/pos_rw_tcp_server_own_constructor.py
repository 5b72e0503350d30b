"""The same broker on TCP: the server subclass hands its handler to ThreadingTCPServer from its
own constructor, and the handler answers each JSON line with a body write and a newline write,
Nagle on: the newline waits for the client's delayed ACK on every request after the first."""
import json
import socketserver


class _Handler(socketserver.StreamRequestHandler):  # expect: NAG202
    def handle(self):
        for raw in self.rfile:
            request = json.loads(raw)
            reply = self.server.broker.dispatch(request.get("method"), request.get("args", {}))
            self.wfile.write(json.dumps(reply).encode())
            self.wfile.write(b"\n")  # expect: NAG102


class _ControlServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, broker):
        self.broker = broker
        socketserver.ThreadingTCPServer.__init__(self, address, _Handler)


def run(port, broker):
    with _ControlServer(("127.0.0.1", port), broker) as server:
        server.serve_forever()
