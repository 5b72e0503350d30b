"""dial(): opens a TCP connection with TCP_NODELAY set before anyone writes to it."""
import socket


def dial(host, port, timeout=5.0):
    sock = socket.create_connection((host, port), timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock
