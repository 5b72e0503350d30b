"""Framing helpers that receive a socket-like object as a parameter and write a
header and a body before reading: nothing in this module shows the object is a TCP
stream (it may be AF_UNIX, TLS with NODELAY, a test double), so precision says no report."""
import struct


def send_frame(sock, kind, body):
    sock.sendall(struct.pack("!BI", kind, len(body)))
    sock.sendall(body)


def call(sock, kind, body):
    send_frame(sock, kind, body)
    head = sock.recv(5)
    _, size = struct.unpack("!BI", head)
    return sock.recv(size)


class Channel:
    def __init__(self, conn):
        self.conn = conn

    def ask(self, question):
        self.conn.sendall(b"%d\n" % len(question))
        self.conn.sendall(question)
        return self.conn.recv(4096)
