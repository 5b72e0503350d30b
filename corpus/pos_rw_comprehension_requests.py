"""A key-value fetch that opens one connection and asks for many keys with a dict comprehension:
each get() writes the command and the key apart, then reads the value, on the same connection."""
import socket


def get(sock, key):
    sock.sendall(b"get ")
    sock.sendall(key.encode() + b"\r\n")  # expect: NAG101
    return sock.recv(4096)


def get_many(keys, host="127.0.0.1", port=11211):
    with socket.create_connection((host, port)) as sock:  # expect: NAG201
        return {key: get(sock, key) for key in keys}
