"""Splits the join fix must leave alone: only TCP_NODELAY is set."""
import logging
import socket

log = logging.getLogger(__name__)


def logged(host, head, body):
    s = socket.socket()  # NAG201: 9
    s.connect((host, 1))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    s.sendall(b"HI")
    s.recv(2)
    s.sendall(head)
    log.debug("sent %r", head)
    s.sendall(body)  # NAG101: 5
    return s.recv(1)


def counted(host, head, body):
    t = socket.create_connection((host, 1))  # NAG201: 9
    t.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    t.sendall(b"HI")
    t.recv(2)
    sent = t.send(head)
    t.send(body[sent - len(head):])  # NAG101: 5
    return t.recv(1)


def two_streams(host, head, body):
    u = socket.create_connection((host, 1))  # NAG201: 9
    u.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    u.sendall(b"HI")
    u.recv(2)
    other = socket.create_connection((host, 2))
    other.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    u.sendall(head)
    other.sendall(head)
    u.sendall(body)  # NAG101: 5
    return u.recv(1)
