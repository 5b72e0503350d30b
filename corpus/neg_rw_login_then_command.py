"""A game server's RCON check: one connection per run, the server's key read, a login written
and answered, then one command written and answered, and the connection closed. Each request is
one write made after the previous reply was read: nothing is in flight when it is written, so
Nagle holds nothing (no TLS handshake comes first)."""
import socket
import sys


def xor(data, key):
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))


def check(host, port, password):
    sock = socket.create_connection((host, port), timeout=5)
    key = sock.recv(1024)
    sock.sendall(xor(b"login " + password.encode(), key))
    if xor(sock.recv(1024), key) != b"SUCCESS":
        sock.close()
        return None
    sock.sendall(xor(b"get name", key))
    name = xor(sock.recv(1024), key)
    sock.close()
    return name.decode()


if __name__ == "__main__":
    print(check(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
