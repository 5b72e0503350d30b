"""An http.client connection class with its own connect() that sets TCP_NODELAY on the socket
it makes on every branch (a project socket subclass for the proxy, a plain one otherwise), and
a subclass that keeps the base's connect(), which sets TCP_NODELAY itself."""
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
                sock = TunnelSocket(family, kind, proto)
                sock.set_proxy(*self.proxy)
            else:
                sock = socket.socket(family, kind, proto)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(self.timeout)
            sock.connect(address)
            self.sock = sock
            return


class TimedConnection(http.client.HTTPConnection):
    def __init__(self, host, port=None):
        super().__init__(host, port, timeout=5)


if __name__ == "__main__":
    conn = ProxiedConnection("127.0.0.1", 8080, proxy=("127.0.0.1", 1080))
    conn.request("POST", "/items", body=b"{}")
    conn.getresponse().read()
