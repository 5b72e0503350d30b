"""Clients on green socket modules, which behave like the stdlib's (no TCP_NODELAY, one
send per call): the eventlet client writes a key line and the value as two sendall() calls
and then reads, on an AF_INET connection kept for many calls (the value waits for the
delayed ACK); the gevent client writes once per request but never sets TCP_NODELAY on its
long-lived connection."""
from eventlet.green import socket
from gevent import socket as gsocket


class EventletCache:
    def __init__(self, host, port):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.sock.connect((host, port))

    def set(self, key, value):
        self.sock.sendall(b"set %s %d\r\n" % (key, len(value)))
        self.sock.sendall(value + b"\r\n")  # expect: NAG101
        return self.sock.recv(64) == b"STORED\r\n"


class GeventHealth:
    def __init__(self, host, port):
        self.sock = gsocket.create_connection((host, port))  # expect: NAG201
        self.rfile = self.sock.makefile("rb")

    def check(self, service):
        self.sock.sendall(b"CHECK %s\n" % service)
        return self.rfile.readline().strip() == b"UP"
