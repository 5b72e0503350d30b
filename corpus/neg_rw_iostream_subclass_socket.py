"""The same Tornado client shape with set_nodelay(True) on the stream once it connects, and a
subclass that connects over a Unix socket: no Nagle on either."""
import socket

from tornado.iostream import IOStream


class BaseClient:
    def __init__(self, address):
        self.address = address
        self.stream = None

    def get_socket(self):
        raise NotImplementedError

    def connect(self):
        conn = self.get_socket()
        self.stream = IOStream(conn)
        self.stream.connect(self.address)
        self.stream.set_nodelay(True)
        self.stream.read_until_close(None, streaming_callback=self.on_receive)

    def on_receive(self, data):
        self.last = data

    def execute(self, request):
        self.stream.write(request)


class TcpClient(BaseClient):
    def get_socket(self):
        return socket.socket(socket.AF_INET, socket.SOCK_STREAM)


class LocalClient(BaseClient):
    def get_socket(self):
        return socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
