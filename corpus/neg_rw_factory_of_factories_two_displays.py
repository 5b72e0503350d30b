"""A probe that opens two displays through get_socket() of rw_dialers/display_socket.py
(a factory of factories: each call is a new connection) and writes one piece to each: two
connections, each written once and closed, not one message in two pieces."""
from rw_dialers.display_socket import get_socket


def probe(host):
    first = get_socket(host, 0)
    first.sendall(b"\x6c\x00\x0b\x00")
    second = get_socket(host, 1)
    second.sendall(b"\x00\x00\x00\x00")
    reply = second.recv(8)
    first.close()
    second.close()
    return reply
