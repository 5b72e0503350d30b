"""Where the links get their sockets: a TCP connection for FramedLink, a Unix socket for LocalLink."""
import socket

from .framedlinks import FramedLink, LocalLink


def connect_framed(host, port):
    return FramedLink(socket.create_connection((host, port)))  # expect: NAG201


def connect_local(path):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    return LocalLink(sock)


def poll(link, names):
    return [link.request(name.encode()) for name in names]
