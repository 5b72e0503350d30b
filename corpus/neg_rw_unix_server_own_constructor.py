"""A local control broker: a ThreadingUnixStreamServer subclass that names its own handler in
its constructor (`super().__init__(path, _Handler)`) and answers JSON lines with a body write
and a newline write. The handler only ever serves that AF_UNIX server: no Nagle there."""
import json
import os
import socketserver


class _Handler(socketserver.StreamRequestHandler):
    def handle(self):
        for raw in self.rfile:
            request = json.loads(raw)
            reply = self.server.broker.dispatch(request.get("method"), request.get("args", {}))
            self.wfile.write(json.dumps(reply).encode())
            self.wfile.write(b"\n")


class _ControlServer(socketserver.ThreadingUnixStreamServer):
    daemon_threads = True

    def __init__(self, path, broker):
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        self.broker = broker
        super().__init__(path, _Handler)


def run(path, broker):
    with _ControlServer(path, broker) as server:
        server.serve_forever()
