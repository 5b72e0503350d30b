"""Clients on green socket modules talking AF_UNIX: the eventlet and gevent clients write a
key line and the value as two sendall() calls before reading, but a unix-domain stream has
no Nagle, so nothing is held (and setting TCP_NODELAY there would raise)."""
from eventlet.green import socket
from gevent import socket as gsocket


class EventletCache:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)

    def set(self, key, value):
        self.sock.sendall(b"set %s %d\r\n" % (key, len(value)))
        self.sock.sendall(value + b"\r\n")
        return self.sock.recv(64) == b"STORED\r\n"


class GeventCache:
    def __init__(self, path):
        self.sock = gsocket.socket(gsocket.AF_UNIX, gsocket.SOCK_STREAM)
        self.sock.connect(path)
        self.rfile = self.sock.makefile("rb")

    def set(self, key, value):
        self.sock.sendall(b"set %s %d\r\n" % (key, len(value)))
        self.sock.sendall(value + b"\r\n")
        return self.rfile.readline() == b"STORED\r\n"
