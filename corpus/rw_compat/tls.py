"""TLS helpers: wrap() returns the TLS-wrapped socket when a context is given, else the same
socket; wrap_nodelay() also turns Nagle off on it first."""
import socket


def wrap(sock, context=None, host=None):
    if context is None:
        return sock
    return context.wrap_socket(sock, server_hostname=host)


def wrap_nodelay(sock, context=None, host=None):
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if context is None:
        return sock
    return context.wrap_socket(sock, server_hostname=host)
