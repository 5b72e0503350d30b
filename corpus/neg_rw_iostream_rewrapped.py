"""The IOStream client whose socket is later rewrapped for TLS and compression, with
set_nodelay(True) on the stream (TCP_NODELAY on the socket it wraps); and a blocking client whose
__init__ socket is a placeholder that connect() replaces with a connection it sets TCP_NODELAY
on, wrapped for TLS later around the attribute itself: the connected socket, Nagle off."""
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
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setblocking(False)
        self.stream = tornado.iostream.IOStream(self.socket)
        self.stream.set_nodelay(True)
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


class BlockingFeed:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)

    def connect(self):
        self.sock = socket.create_connection((self.host, self.port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def secure(self, context):
        self.sock = context.wrap_socket(self.sock, server_hostname=self.host)

    def call(self, line):
        self.sock.sendall(line)
        return self.sock.recv(4096)
