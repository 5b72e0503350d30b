"""A module keeps one connection for every caller: shared() makes it on first use through
the _tcp() factory and hands the same socket back afterwards (a global, not a new connection
per call). call() writes the verb and the key as two sendall() calls, then reads the reply."""
import socket

_shared = None


def _tcp(host):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
    sock.connect((host, 7000))
    return sock


def shared(host):
    global _shared
    if _shared is None:
        _shared = _tcp(host)
    return _shared


def call(host, key):
    sock = shared(host)
    sock.sendall(b"GET ")
    sock.sendall(key)  # expect: NAG101
    return sock.recv(64)
