"""A check script that pins the server's certificate: its HTTPSConnection subclass makes the
socket itself in connect(), leaving out the TCP_NODELAY http.client would set, but the only
code that builds it is the factory a urllib handler hands to `do_open()`. urllib sends
`Connection: close` and opens a connection per request: one exchange each, nothing to report."""
import hashlib
import http.client
import socket
import ssl
import urllib.request


class PinnedConnection(http.client.HTTPSConnection):
    def __init__(self, host, fingerprint, **kwargs):
        self.fingerprint = fingerprint
        super().__init__(host, **kwargs)

    def connect(self):
        context = ssl._create_unverified_context()
        self.sock = context.wrap_socket(socket.create_connection((self.host, self.port)),
                                        server_hostname=self.host)
        if hashlib.sha256(self.sock.getpeercert(binary_form=True)).hexdigest() != self.fingerprint:
            raise ssl.SSLError("certificate fingerprint mismatch")


class PinnedHandler(urllib.request.HTTPSHandler):
    def __init__(self, fingerprint, **kwargs):
        super().__init__(**kwargs)
        self.fingerprint = fingerprint

    def https_open(self, request):
        return self.do_open(self.pinned_connection, request)

    def pinned_connection(self, host, **kwargs):
        return PinnedConnection(host, self.fingerprint, **kwargs)


def submit(url, fingerprint, result):
    opener = urllib.request.build_opener(PinnedHandler(fingerprint))
    return opener.open(url, data=result).read()
