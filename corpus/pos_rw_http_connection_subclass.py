"""An http.client connection class with its own connect(): through a SOCKS proxy it builds the
socket with a socket.socket subclass of the project's and never sets TCP_NODELAY, which the
base's connect() would have set. The base writes each request's header block and body as two
sends on `self.sock` and getresponse() reads the reply on the same kept connection."""
import http.client
import socket

from rw_proxy.tunnel import TunnelSocket


class ProxiedConnection(http.client.HTTPConnection):
    def __init__(self, host, port=None, proxy=None, timeout=10):
        super().__init__(host, port, timeout=timeout)
        self.proxy = proxy

    def connect(self):
        for family, kind, proto, _, address in socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM):
            if self.proxy:
                sock = TunnelSocket(family, kind, proto)  # expect: NAG201
                sock.set_proxy(*self.proxy)
            else:
                sock = socket.socket(family, kind, proto)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(self.timeout)
            sock.connect(address)
            self.sock = sock
            return


if __name__ == "__main__":
    conn = ProxiedConnection("127.0.0.1", 8080, proxy=("127.0.0.1", 1080))
    conn.request("POST", "/items", body=b"{}")
    conn.getresponse().read()
