"""Client framing: the join fix keeps every comment and the odd formatting around it."""
import socket
import struct


def call(host, body):
    s = socket.create_connection((host, 7000))  # NAG201: 9
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    s.sendall(b"HELLO\n")
    s.recv(64)
    try:
        # length prefix, then the payload
        s.sendall(struct.pack("!I", len(body)))  # prefix
        s.sendall(  # NAG101: 9
            body
        )
        return s.recv(4096)
    finally:
        s.close()


def get(host, path):
    conn = socket.create_connection((host, 80))  # NAG201: 12
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn.sendall(b"OPTIONS * HTTP/1.1\r\n\r\n")
    conn.recv(65536)
    conn.sendall(b"".join((b"GET ", path, b" HTTP/1.0\r\n\r\n")))  # NAG101: 28
    return conn.recv(65536)


def ping(host):
    with socket.create_connection((host, 7)) as s:  # NAG201: 10
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.sendall(b"HI\n")
        s.recv(3)
        s.sendall(b"PING\n")  # NAG101: 9
        return s.recv(5)
