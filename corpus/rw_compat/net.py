"""Connection factories: open_socket() returns a plain create_connection() socket (Nagle on);
open_quick_socket() turns Nagle off on it first."""
import socket


def open_socket(host, port, timeout=None):
    return socket.create_connection((host, port), timeout)


def open_quick_socket(host, port, timeout=None):
    sock = socket.create_connection((host, port), timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock
