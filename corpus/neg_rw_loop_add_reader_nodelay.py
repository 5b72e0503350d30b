"""The same agent with TCP_NODELAY set on each accepted connection before it is registered, and
a drain loop that runs once per call (`while payload is not None: ...; payload = None`)."""
import asyncio
import socket


class Agent:
    def __init__(self, port=9901):
        self._loop = asyncio.new_event_loop()
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.bind(("127.0.0.1", port))
        self._listener.listen(5)
        self._loop.add_reader(self._listener, self.accept)

    def accept(self):
        sock, _ = self._listener.accept()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._loop.add_reader(sock, self.readable, sock)

    def readable(self, sock):
        payload = sock.recv(65536)
        while payload is not None:
            sock.sendall(b"ok " + payload)
            payload = None
