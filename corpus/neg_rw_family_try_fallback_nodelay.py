"""A client that tries an IPv6 socket and falls back to IPv4 in the `except` handler, then
turns Nagle off on whichever socket it made: the request/response connection it keeps has
TCP_NODELAY on both paths."""
import socket


def open_socket(host, port):
    try:
        sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    except OSError:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.connect((host, port))
    return sock


class Client:
    def __init__(self, host, port):
        self.sock = open_socket(host, port)

    def ask(self, query):
        self.sock.sendall(query + b"\n")
        return self.sock.recv(4096)
