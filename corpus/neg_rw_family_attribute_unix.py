"""Local agent client: the family kept in self.family is AF_UNIX on every path (the agent only
listens on a Unix socket), so the kept connection never runs Nagle's algorithm and
TCP_NODELAY would be an error there."""
import socket


class AgentClient:
    def __init__(self, path):
        self.family = socket.AF_UNIX
        self.address = path
        self.sock = None

    def _connect(self):
        if self.sock is None:
            self.sock = socket.socket(self.family, socket.SOCK_STREAM)
            self.sock.connect(self.address)
        return self.sock

    def request(self, line):
        sock = self._connect()
        sock.sendall(line + b"\n")
        return sock.recv(4096)
