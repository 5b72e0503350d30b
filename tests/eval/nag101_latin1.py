# -*- coding: latin-1 -*-
"""Café client: the file stays latin-1."""
import socket


def commande(host, corps):
    s = socket.create_connection((host, 1))
    s.sendall(b'caf\xe9 ')  # en-tête
    s.sendall(corps)  # NAG101: 5
    return s.recv(1)
