"""A Modbus/TCP server built on socketserver with its handler class defined inside the server
class: TCP_NODELAY is set on the server's listening socket before it binds, so every connection
it accepts has it (Linux copies it at accept), and each answer is one write."""
import socket
from socketserver import BaseRequestHandler, ThreadingTCPServer


class ModbusServer:
    class Service(BaseRequestHandler):
        def handle(self):
            while True:
                header = self.request.recv(7)
                if len(header) < 7:
                    break
                body = self.request.recv(int.from_bytes(header[4:6], "big") - 1)
                self.request.send(header[:6] + body)

    def __init__(self, host="", port=502):
        self.host, self.port = host, port
        self._service = None

    def start(self):
        self._service = ThreadingTCPServer((self.host, self.port), self.Service, bind_and_activate=False)
        self._service.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._service.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._service.server_bind()
        self._service.server_activate()
        self._service.serve_forever()
