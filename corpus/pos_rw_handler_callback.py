"""Modbus-style TCP server: the handler's handle() loops reading request frames and hands each
to a framer with a callback; the callback executes the request and send() writes the response
on self.request. The writes are out of sight of handle(), but they answer the requests the
loop reads, on a connection that never gets TCP_NODELAY."""
try:
    import socketserver
except ImportError:  # Python 2
    import SocketServer as socketserver


class Framer:
    def process(self, data, callback):
        for frame in data.split(b"\n"):
            if frame:
                callback(frame)


class ConnectedHandler(socketserver.BaseRequestHandler):  # expect: NAG202
    def setup(self):
        self.framer = Framer()
        self.running = True

    def handle(self):
        while self.running:
            data = self.request.recv(1024)
            if not data:
                break
            self.framer.process(data, self.execute)

    def execute(self, frame):
        self.send(b"OK " + frame + b"\n")

    def send(self, pdu):
        return self.request.send(pdu)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True

    def __init__(self, address):
        socketserver.ThreadingTCPServer.__init__(self, address, ConnectedHandler)
