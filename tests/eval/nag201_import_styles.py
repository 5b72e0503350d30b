#!/usr/bin/env python3
"""Clients made two ways; the nodelay fix spells the constants the way the module does."""
from socket import create_connection


def one(host):
    s = create_connection((host, 1))  # NAG201: 9
    s.sendall(b"HELO")
    s.recv(4)
    return s  # (the caller sends its requests on it)


def two(host):
    with create_connection((host, 2)) as c:  # NAG201: 10
        # greeting, then requests and replies
        c.sendall(b"HELO")
        c.recv(4)
        for _ in range(3):
            c.sendall(b"PING")
            c.recv(4)
