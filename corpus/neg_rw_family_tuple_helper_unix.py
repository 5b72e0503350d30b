"""The same two-helper listener, but the tuple's first item is AF_UNIX on every path (a local
diagnostics socket): no Nagle on a Unix socket, whatever the server writes."""
import os
import socket


def bind_params(path):
    if os.path.exists(path):
        os.unlink(path)
        return socket.AF_UNIX, path
    return socket.AF_UNIX, path


def listening_socket(kind, path):
    family, address = bind_params(path)
    sock = socket.socket(family, kind)
    sock.bind(address)
    if kind == socket.SOCK_STREAM:
        sock.listen(5)
    return sock


class LocalGateway:
    def __init__(self, path="/tmp/diag.sock"):
        self.path = path

    def answers(self, request):
        return [b"ack:" + request[:4], b"data:" + request[4:]]

    def serve(self):
        self.stream = listening_socket(socket.SOCK_STREAM, self.path)
        self.datagrams = listening_socket(socket.SOCK_DGRAM, self.path + ".dgram")
        while True:
            tester, _ = self.stream.accept()
            self.handle(tester)

    def handle(self, tester):
        while True:
            request = tester.recv(4096)
            if not request:
                break
            for answer in self.answers(request):
                tester.send(answer)
        tester.close()
