"""High-level client: connect() tries each address getaddrinfo gives (a generator of
(family, address) pairs), connects a plain TCP socket (Nagle on) and hands it to the session
class, Session unless the caller passes another."""
import socket

from tunnelkit.session import Session


class TunnelClient:
    def __init__(self):
        self.session = None

    def _addresses(self, host, port):
        for family, kind, proto, _, address in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
            yield family, address

    def connect(self, host, port=7000, session_class=None):
        sock = None
        for family, address in list(self._addresses(host, port)):
            try:
                sock = socket.socket(family, socket.SOCK_STREAM)  # expect: NAG201
                sock.connect(address)
                break
            except OSError:
                sock.close()
                sock = None
        if sock is None:
            raise ConnectionError("no address of %s answered" % host)
        if session_class is None:
            session_class = Session
        self.session = session_class(sock)
        self.session.start()
        self.session.hello(b"compress=0")
        return self.session

    def call(self, payload):
        return self.session.request(payload)
