"""An event-loop client that wraps its plain socket in a Tornado IOStream (writes go out at once,
Nagle stays on unless set_nodelay(True) is called) and never sets TCP_NODELAY. Later the same
attribute is replaced by wrappers around itself (`self.socket = ctx.wrap_socket(self.socket)`
for TLS, `self.socket = DeflatedSocket(self.socket)` from another module for compression): the
same connection, so what the stream writes and reads in the callbacks is one request/response
connection."""
import socket
import ssl

import tornado.iostream

from rw_compat.codec import DeflatedSocket

MAGIC = b"  V2"


class FeedConnection:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.socket = None
        self.stream = None

    def connect(self):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.socket.setblocking(False)
        self.stream = tornado.iostream.IOStream(self.socket)
        self.stream.connect((self.host, self.port), self._on_connected)

    def _on_connected(self):
        self.stream.write(MAGIC)
        self._read_size()

    def _read_size(self):
        self.stream.read_bytes(4, self._on_size)

    def _on_size(self, data):
        self.stream.read_bytes(int.from_bytes(data, "big"), self._on_frame)

    def _on_frame(self, frame):
        self.handle(frame)
        self._read_size()

    def handle(self, frame):
        if frame.startswith(b"_heartbeat_"):
            self.send(b"NOP\n")

    def send(self, data):
        self.stream.write(data)

    def upgrade_to_tls(self, context: ssl.SSLContext):
        self.socket = context.wrap_socket(self.socket, server_hostname=self.host, do_handshake_on_connect=False)
        self.stream = tornado.iostream.SSLIOStream(self.socket)

    def upgrade_to_deflate(self):
        self.socket = DeflatedSocket(self.socket)
        self.stream.socket = self.socket
