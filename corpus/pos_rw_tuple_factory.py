"""A connect helper returns a pair (the server's banner, the socket); the client keeps the
socket, sends each chunk of an upload with its own flush and then a trailer, and reads the
reply in another method: a write loop, and the trailer held behind the last chunk."""
import socket


def make_socket(host, port):
    sock = socket.create_connection((host, port))  # expect: NAG201
    sock.sendall(b"HELLO\n")
    banner = sock.recv(64)
    return banner, sock


class Uploader:
    def __init__(self, host, port):
        self.banner, self._usock = make_socket(host, port)
        self._sock = self._usock.makefile("rwb")

    def upload(self, chunks):
        for chunk in chunks:
            self._sock.write(b"D" + chunk)
            self._sock.flush()  # expect: NAG103
        self._sock.write(b"END\n")
        self._sock.flush()  # expect: NAG101

    def result(self):
        return self._sock.readline()
