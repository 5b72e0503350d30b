# fix-options: unsafe strategy=sendmsg
import socket


def upload(host, header, blob):
    s = socket.create_connection((host, 9000))
    s.sendall(header)
    s.sendall(blob)  # NAG101: 5
    return s.recv(2)
