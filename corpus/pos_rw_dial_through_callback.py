"""An HTTP/1.1 client that dials through a helper which runs a callable it is handed and turns
resolver errors into its own exceptions: the socket comes from a lambda. The connection is kept
for request after request without TCP_NODELAY."""
import socket


class NameNotResolved(OSError):
    pass


def dial(address):
    def translated(make, host):
        try:
            return make()
        except socket.gaierror as exc:
            raise NameNotResolved(host) from exc

    return translated(lambda: socket.create_connection(address), address[0])  # expect: NAG201


class KeepAliveClient:
    def __init__(self, host, port=80):
        self.address = (host, port)
        self.sock = None

    def request(self, path):
        if self.sock is None:
            self.sock = dial(self.address)
        head = f"GET {path} HTTP/1.1\r\nHost: {self.address[0]}\r\n\r\n".encode()
        self.sock.sendall(head)
        return self.sock.recv(65536)
