"""A door controller's client: each request opens a socket, keeps it (and any retried socket) in
a local list so the OS cannot hand the same port out again, makes one request and reads one
reply, and closes every socket of the list in `finally`. One exchange per connection: the first
data of a fresh connection is acknowledged at once, so Nagle never holds it."""
import socket


class DoorClient:
    def __init__(self, address):
        self.address = address

    def request(self, packet):
        sockets = []
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sockets.append(sock)
        try:
            sock.settimeout(2.5)
            sock.connect(self.address)
            sock.sendall(packet)
            return sock.recv(64)
        finally:
            for each in sockets:
                each.close()
