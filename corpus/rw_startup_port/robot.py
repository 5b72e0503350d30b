"""connect() asks a one-shot startup connection which port to use, closes it, then keeps a
second connection from the same factory for every motion command: the kept one does
request/response with Nagle on, and is reported at its own call."""
from .startup_link import Reader, command, open_link


class Robot:
    def __init__(self, host):
        self.host = host
        self.sock = self.reader = None

    def connect(self):
        startup = open_link(self.host, 16001)
        reply = command(startup, Reader(startup), {"Communication": "Connect"})
        startup.close()
        self.sock = open_link(self.host, int(reply["Port"]))  # expect: NAG201
        self.reader = Reader(self.sock)

    def move(self, x, y, z):
        return command(self.sock, self.reader, {"Command": "Move", "X": x, "Y": y, "Z": z})
