# fix-options: unsafe strategy=sendmsg
import socket


def upload(host, header, blob):
    s = socket.create_connection((host, 9000))  # NAG201: 9
    s.sendall(b"HI")
    s.recv(2)
    s.sendall(header)
    s.sendall(blob)  # NAG101: 5
    return s.recv(2)
