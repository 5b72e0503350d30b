"""A Tornado client base class connects whatever socket its subclass's get_socket() makes, wraps
it in an IOStream (immediate writes, Nagle on unless set_nodelay), registers one streaming
reader for the connection's life, and writes each request from another method. The TCP
subclass has request/response with Nagle on; the UDP one has no Nagle at all."""
import socket

from tornado.iostream import IOStream


class BaseClient:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.stream = None

    def get_socket(self):
        raise NotImplementedError

    def connect(self):
        conn = self.get_socket()
        self.stream = IOStream(conn)
        self.stream.connect((self.host, self.port))
        self.stream.read_until_close(None, streaming_callback=self.on_receive)

    def on_receive(self, data):
        self.last = data

    def execute(self, request):
        self.stream.write(request)


class TcpClient(BaseClient):
    def get_socket(self):
        return socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201


class UdpClient(BaseClient):
    def get_socket(self):
        return socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
