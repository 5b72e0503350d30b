"""A socket wrapper of the project: send() is one sendall(), recv(n) reads exactly n bytes."""
import socket


class Link:
    def __init__(self, sock):
        self.sock = sock

    def send(self, data):
        self.sock.sendall(data)

    def recv(self, size):
        chunks = []
        while size:
            chunk = self.sock.recv(size)
            if not chunk:
                raise ConnectionError("link closed")
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)

    def close(self):
        self.sock.close()


def open_link(host, port, timeout=5.0):
    sock = socket.create_connection((host, port), timeout)  # expect: NAG201
    return Link(sock)
