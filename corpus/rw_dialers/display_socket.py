"""get_socket(): picks a transport for a display and calls that transport's own factory (the
shape of an X11 client library). The TCP factory leaves Nagle on; the local one is AF_UNIX."""
import os
import socket


def _tcp_socket(host, number):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.connect((host, 6000 + number))
    return sock


def _local_socket(number):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect("/tmp/.X11-unix/X%d" % number)
    return sock


def get_socket(host, number):
    if host and host != "unix":
        sock = _tcp_socket(host, number)
    else:
        sock = _local_socket(number)
    os.set_inheritable(sock.fileno(), False)
    return sock
