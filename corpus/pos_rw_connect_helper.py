"""A driver connection whose socket is made in one method, wrapped in TLS when asked, and
connected by another method (`self._initiate(addr)`, which subclasses for other event loops
override). The node connection carries every query and reply, and nothing sets TCP_NODELAY."""
import socket
import ssl


class NodeConnection:
    _sock = None
    ssl_context = None

    def __init__(self, host, port, ssl_context=None):
        self.ssl_context = ssl_context
        self._open(host, port)

    def _open(self, host, port):
        for family, kind, proto, _, address in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
            self._sock = socket.socket(family, kind, proto)  # expect: NAG201
            if self.ssl_context:
                self._sock = self._wrap()
            self._initiate(address)
            return

    def _wrap(self):
        return self.ssl_context.wrap_socket(self._sock, server_hostname=None)

    def _initiate(self, address):
        self._sock.connect(address)

    def query(self, frame):
        self._sock.sendall(frame)
        return self._sock.recv(65536)


if __name__ == "__main__":
    conn = NodeConnection("127.0.0.1", 9042, ssl.create_default_context())
