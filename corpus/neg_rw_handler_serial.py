"""A request-handler class reused for a serial line: the module builds the handler itself
around the serial port object (not a socket), so its recv() and send() are the port's."""
import socketserver


class SingleHandler(socketserver.BaseRequestHandler):
    def setup(self):
        self.running = True

    def handle(self):
        while self.running:
            data = self.request.recv(1024)
            if not data:
                break
            self.request.send(b"OK " + data)


class SerialPort:
    def __init__(self, device):
        self.device = open(device, "r+b", buffering=0)

    def recv(self, size):
        return self.device.read(size)

    def send(self, data):
        return self.device.write(data)


class SerialServer:
    def __init__(self, device):
        self.port = SerialPort(device)

    def serve_forever(self):
        handler = SingleHandler(self.port, (None, None), self)
        handler.handle()
