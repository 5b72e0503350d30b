# -*- coding: latin-1 -*-
"""Café client: the file stays latin-1."""
import socket


def commande(host, corps):
    s = socket.create_connection((host, 1))  # NAG201: 9
    s.sendall(b'bonjour\n')  # déjà connecté
    s.recv(2)
    s.sendall(b'caf\xe9 ')  # en-tête
    s.sendall(corps)  # NAG101: 5
    return s.recv(1)
