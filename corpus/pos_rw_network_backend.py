"""An httpcore network backend of the project's own: connect_tcp() makes and connects a plain
socket itself (a pinned address, a local port to bind) and hands it to httpcore in a SyncStream.
httpcore's connection pool writes each request on that stream (the header block, then the body)
and reads the reply there, connection after connection kept alive; the stock backend's
connect_tcp() sets TCP_NODELAY, this one never does."""
import socket

import httpcore
import httpcore._backends.sync
import httpx


class PinnedBackend(httpcore.NetworkBackend):
    def __init__(self, address, local_port=0):
        super().__init__()
        self.address = address
        self.local_port = local_port

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        if self.local_port:
            sock.bind(("", self.local_port))
        sock.settimeout(timeout)
        sock.connect((self.address, port))
        return httpcore._backends.sync.SyncStream(sock)

    def connect_unix_socket(self, path, timeout=None, socket_options=None):
        raise NotImplementedError


class PinnedTransport(httpx.HTTPTransport):
    def __init__(self, address, **kwargs):
        super().__init__(**kwargs)
        self._pool._network_backend = PinnedBackend(address)


if __name__ == "__main__":
    with httpx.Client(transport=PinnedTransport("127.0.0.1")) as client:
        client.post("http://service.local:8080/query", content=b"{}")
