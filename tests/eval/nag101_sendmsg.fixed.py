# fix-options: unsafe strategy=sendmsg
import socket


def upload(host, header, blob):
    s = socket.create_connection((host, 9000))  # NAG201: 9
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    s.sendall(b"HI")
    s.recv(2)
    s.sendmsg([header, blob])  # NAG101: 5
    return s.recv(2)
