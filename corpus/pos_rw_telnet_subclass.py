"""An admin-port client built on telnetlib.Telnet itself: one kept connection, a command, its status line."""
from telnetlib import Telnet


class AdminPort(Telnet):
    def __init__(self, host, port=6082):
        Telnet.__init__(self, host, port)  # expect: NAG201
        self.banner = self.read_until(b"\n")

    def command(self, line):
        self.write(line + b"\n")
        return self.read_until(b"\n")

    def status(self):
        return self.command(b"status")
