"""The same http.client connection class, its TCP_NODELAY coming from the default options that a
module helper applies in a setsockopt(*opt) loop: every construction keeps TCP_NODELAY (the
default, or the default with one more option added), so the connection has Nagle off on every
path; the body goes out with the headers (endheaders(body): one send). A subclass that builds its socket through PySocks hands the options to its
create_connection, which applies them the same way."""
import http.client
import socket

import socks

KEEPALIVE = (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)


def open_tcp(address, timeout, options):
    sock = socket.create_connection(address, timeout)
    for option in options:
        sock.setsockopt(*option)
    return sock


class UploadConnection(http.client.HTTPConnection):
    default_options = ((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),)

    def __init__(self, host, port=None, timeout=30, options=default_options):
        super().__init__(host, port, timeout=timeout)
        self.options = options

    def connect(self):
        self.sock = open_tcp((self.host, self.port), self.timeout, self.options)

    def upload(self, path, body):
        self.putrequest("PUT", path)
        self.putheader("Content-Length", str(len(body)))
        self.endheaders(body)


class SocksUploadConnection(UploadConnection):
    def __init__(self, proxy, *args, **kwargs):
        self.proxy = proxy
        super().__init__(*args, **kwargs)

    def connect(self):
        extra = {}
        if self.options:
            extra["socket_options"] = self.options
        self.sock = socks.create_connection((self.host, self.port), proxy_type=socks.SOCKS5,
                                            proxy_addr=self.proxy[0], proxy_port=self.proxy[1], **extra)


class KeepAlivePool:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.idle = []

    def acquire(self):
        if self.idle:
            return self.idle.pop()
        return UploadConnection(self.host, self.port, options=UploadConnection.default_options + (KEEPALIVE,))


class SocksPool:
    def __init__(self, host, port, proxy):
        self.host, self.port, self.proxy = host, port, proxy

    def acquire(self):
        return SocksUploadConnection(self.proxy, self.host, self.port)
