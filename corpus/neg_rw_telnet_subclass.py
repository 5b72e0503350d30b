"""The same admin-port client, with TCP_NODELAY set on the Telnet object's socket once it is connected."""
import socket
from telnetlib import Telnet


class AdminPort(Telnet):
    def __init__(self, host, port=6082):
        Telnet.__init__(self, host, port)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.banner = self.read_until(b"\n")

    def command(self, line):
        self.write(line + b"\n")
        return self.read_until(b"\n")

    def status(self):
        return self.command(b"status")
