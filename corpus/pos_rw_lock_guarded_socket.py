"""A browser-automation transport of the marionette shape: the socket is kept by a lock guard
whose `__enter__` hands it out (`with self._socket_context as sock:`); a command goes out as its
length prefix and its body in two sends, and the reply is read in another method."""
import socket
from threading import RLock


class SocketContext:
    def __init__(self, host, port):
        self.lock = RLock()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self._sock.connect((host, port))

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
            sock.sendall(str(len(data)).encode() + b":")
            sock.sendall(data)  # expect: NAG101

    def receive(self):
        with self._socket_context as sock:
            return sock.recv(4096)

    def request(self, data):
        self.send(data)
        return self.receive()
