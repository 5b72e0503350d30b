import socket

s = socket.create_connection(('h', 1))
s.sendall(b'HI')
s.recv(2)
s.sendall(head)
for p in parts:
    s.sendall(p)
s.recv(1)
