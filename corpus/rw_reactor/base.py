"""The connection base class every reactor subclasses: it makes the node connection from the
getaddrinfo rows, wraps it in TLS when asked (`_wrap`, which a reactor may override) and
connects it through `_initiate`. Reading and writing are the reactors' business. The queue
class comes from gevent here; a reactor module imports its own."""
import socket

try:
    from gevent.queue import Queue
except ImportError:
    from queue import Queue


class Connection:
    _sock = None
    ssl_context = None
    out_chunk = 4096

    def __init__(self, host, port, ssl_context=None):
        self.ssl_context = ssl_context
        self.outbox = Queue()
        self._connect(host, port)

    def _connect(self, host, port):
        for family, kind, proto, _, address in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
            self._sock = socket.socket(family, kind, proto)  # expect: NAG201
            if self.ssl_context:
                self._sock = self._wrap()
            self._initiate(address)
            return

    def _wrap(self):
        return self.ssl_context.wrap_socket(self._sock)

    def _initiate(self, address):
        self._sock.connect(address)

    def push(self, frame):
        for start in range(0, len(frame), self.out_chunk):
            self.outbox.put(frame[start:start + self.out_chunk])
