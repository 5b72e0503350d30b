"""An eventlet reactor for the driver connection of rw_reactor/base.py: pyOpenSSL's Connection
wraps the socket for TLS, a writer green thread sends the queued 4 KiB slices of each frame one
sendall each, and a reader green thread reads the replies. With Nagle on, a frame above 4 KiB
leaves in pieces and its tail waits for the node's delayed ACK. This module imports its queue
class from eventlet where the base imports gevent's: a name that says nothing about sockets."""
import eventlet
from eventlet.green import socket
from eventlet.green.OpenSSL import SSL
from eventlet.queue import Queue

from rw_reactor.base import Connection


class GreenConnection(Connection):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outbox = Queue()
        eventlet.spawn(self.handle_write)
        eventlet.spawn(self.handle_read)

    def _wrap(self):
        wrapped = SSL.Connection(self.ssl_context, self._sock)
        wrapped.set_connect_state()
        return wrapped

    def handle_write(self):
        while True:
            try:
                chunk = self.outbox.get()
                self._sock.sendall(chunk)  # expect: NAG103
            except socket.error:
                return

    def handle_read(self):
        while True:
            try:
                data = self._sock.recv(65536)
            except socket.error:
                return
            if not data:
                return
            self.process(data)

    def process(self, data):
        pass
