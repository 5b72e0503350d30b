"""A classmethod that returns `cls(...)`: the class it is called on, not a callable handed to
it. Its caller hands it a lambda that dials; every connection answers with TCP_NODELAY set."""
import socket


def dial(address):
    sock = socket.create_connection(address)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


class Session:
    def __init__(self, opener):
        self.sock = opener()

    @classmethod
    def open(cls, opener):
        return cls(opener)

    def ask(self, line):
        self.sock.sendall(line)
        return self.sock.recv(1024)


def main(host):
    session = Session.open(lambda: dial((host, 7)))
    return session.ask(b"ping\n")
