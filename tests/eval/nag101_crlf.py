import socket


def call(host, head, body):
    s = socket.create_connection((host, 1))
    s.sendall(head)  # header
    s.sendall(body)  # NAG101: 5
    return s.recv(1)
