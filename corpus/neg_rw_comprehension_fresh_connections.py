"""A status poller that asks each host once, with a list comprehension over the hosts: every
probe opens its own connection, writes one request and reads the answer, so each connection
carries one exchange."""
import socket


def probe(host, port=7000):
    with socket.create_connection((host, port), timeout=2) as sock:
        sock.sendall(b"STATUS\r\n")
        return sock.recv(256)


def poll(hosts):
    return [probe(host) for host in hosts]
