"""An http.client connection class of the project whose connect() makes the socket through a
module helper that applies the instance's options in a setsockopt(*opt) loop; the default
options hold TCP_NODELAY. Its own upload() writes the header block with the base's endheaders()
and then the body with send(), and the base's getresponse() reads the reply. A pool that goes
through a gateway builds its connections with options without TCP_NODELAY, so on that
kept-alive connection the body waits for the gateway's delayed ACK; the direct path is fine."""
import http.client
import socket

KEEPALIVE = (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)


def open_tcp(address, timeout, options):
    sock = socket.create_connection(address, timeout)  # expect: NAG201
    for option in options:
        sock.setsockopt(*option)
    return sock


class UploadConnection(http.client.HTTPConnection):
    default_options = ((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1), KEEPALIVE)

    def __init__(self, host, port=None, timeout=30, options=default_options):
        super().__init__(host, port, timeout=timeout)
        self.options = options

    def connect(self):
        self.sock = open_tcp((self.host, self.port), self.timeout, self.options)

    def upload(self, path, body, content_type="application/octet-stream"):
        self.putrequest("PUT", path)
        self.putheader("Content-Type", content_type)
        self.putheader("Content-Length", str(len(body)))
        self.endheaders()
        self.send(body)  # expect: NAG101


class GatewayPool:
    def __init__(self, host, port, via_gateway=False):
        self.host, self.port = host, port
        self.extra = {}
        if via_gateway:
            self.extra["options"] = [KEEPALIVE]
        self.idle = []

    def acquire(self):
        if self.idle:
            return self.idle.pop()
        return UploadConnection(self.host, self.port, **self.extra)

    def release(self, conn):
        self.idle.append(conn)
