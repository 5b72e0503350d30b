"""The client of pos_rw_dial_through_callback.py setting TCP_NODELAY on the socket the helper
hands back (made by the lambda it ran): nothing for Nagle to hold."""
import socket


class NameNotResolved(OSError):
    pass


def dial(address):
    def translated(make, host):
        try:
            return make()
        except socket.gaierror as exc:
            raise NameNotResolved(host) from exc

    return translated(lambda: socket.create_connection(address), address[0])


class KeepAliveClient:
    def __init__(self, host, port=80):
        self.address = (host, port)
        self.sock = None

    def request(self, path):
        if self.sock is None:
            self.sock = dial(self.address)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        head = f"GET {path} HTTP/1.1\r\nHost: {self.address[0]}\r\n\r\n".encode()
        self.sock.sendall(head)
        return self.sock.recv(65536)
