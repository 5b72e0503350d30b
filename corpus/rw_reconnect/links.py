"""The session's links: a pipe or a TCP connection, a new socket per open(); the TCP one keeps
Nagle on."""
import socket


class Link:
    def __init__(self):
        self.sock = None

    def send(self, data):
        self.sock.sendall(data)

    def recv(self):
        return self.sock.recv(4096)

    def close(self):
        try:
            self.sock.close()
        except (AttributeError, OSError):
            pass


class PipeLink(Link):
    def __init__(self, path):
        super().__init__()
        self.path = path

    def open(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


class NetLink(Link):
    def __init__(self, host, port):
        super().__init__()
        self.addr = (host, port)

    def open(self):
        self.sock = socket.create_connection(self.addr)  # expect: NAG201
