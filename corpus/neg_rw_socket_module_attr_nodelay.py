"""The same pluggable-socket-module client, but no_delay defaults to True: every connection
gets TCP_NODELAY through self.socket_module's constants before the first command."""
import socket


class Client:
    def __init__(self, server, socket_module=socket, no_delay=True, timeout=None):
        self.server = server
        self.socket_module = socket_module
        self.no_delay = no_delay
        self.timeout = timeout
        self.sock = None

    def _connect(self):
        sock = self.socket_module.socket(self.socket_module.AF_INET, self.socket_module.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.server)
        if self.no_delay:
            sock.setsockopt(self.socket_module.IPPROTO_TCP, self.socket_module.TCP_NODELAY, 1)
        self.sock = sock

    def _command(self, line):
        if self.sock is None:
            self._connect()
        self.sock.sendall(line)
        return self.sock.recv(65536)

    def get(self, key):
        return self._command(b"get " + key + b"\r\n")
