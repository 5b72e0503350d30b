import socket


def call(host, head, body):
    s = socket.create_connection((host, 1))  # NAG201: 9
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    s.sendall(b"HI")
    s.recv(2)
    s.sendall(head + body)  # header
    # NAG101: 5
    return s.recv(1)
