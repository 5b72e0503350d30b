"""The client of neg_rw_family_try_fallback_nodelay.py without the setsockopt: whichever
socket the `try` or its `except` made, the kept request/response connection has Nagle on."""
import socket


def open_socket(host, port):
    try:
        sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)  # expect: NAG201
    except OSError:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.connect((host, port))
    return sock


class Client:
    def __init__(self, host, port):
        self.sock = open_socket(host, port)

    def ask(self, query):
        self.sock.sendall(query + b"\n")
        return self.sock.recv(4096)
