"""The same RCON client as a monitor: the connection is logged in once and kept in a module-level
pool for the next checks, where other code may write requests of several pieces or pipeline
them: a kept request/response connection without TCP_NODELAY."""
import socket
import sys


POOL = {}


def xor(data, key):
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))


def check(host, port, password):
    sock = socket.create_connection((host, port), timeout=5)  # expect: NAG201
    POOL[host, port] = sock
    key = sock.recv(1024)
    sock.sendall(xor(b"login " + password.encode(), key))
    if xor(sock.recv(1024), key) != b"SUCCESS":
        return None
    sock.sendall(xor(b"get name", key))
    name = xor(sock.recv(1024), key)
    return name.decode()


if __name__ == "__main__":
    print(check(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
