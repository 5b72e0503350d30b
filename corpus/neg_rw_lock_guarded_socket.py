"""The same transport with TCP_NODELAY set where the lock guard connects, and each command sent
as one buffer (`with self._socket_context as sock:`); the with releases the lock, the socket
stays open for the next command."""
import socket
from threading import RLock


class SocketContext:
    def __init__(self, host, port):
        self.lock = RLock()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.connect((host, port))
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def __enter__(self):
        self.lock.acquire()
        return self._sock

    def __exit__(self, *args):
        self.lock.release()


class Transport:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self._socket_context = None

    def connect(self):
        self._socket_context = SocketContext(self.host, self.port)

    def send(self, data):
        with self._socket_context as sock:
            sock.sendall(str(len(data)).encode() + b":" + data)

    def receive(self):
        with self._socket_context as sock:
            return sock.recv(4096)

    def request(self, data):
        self.send(data)
        return self.receive()
