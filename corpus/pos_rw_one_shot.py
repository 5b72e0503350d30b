"""The same length-line-then-name request on connections that carry more than one exchange:
a loop of requests over one connection, and a client that keeps its socket in an attribute
for the life of the object. The first request is quick-ACKed, but from the second on the
name waits for the server's delayed ACK of the length line."""
import socket


def fetch_statuses(host, port, names, timeout=2.0):
    statuses = {}
    with socket.create_connection((host, port), timeout) as s:  # expect: NAG201
        for name in names:
            s.sendall(b"STATUS %d\n" % len(name))
            s.sendall(name)  # expect: NAG101
            statuses[name] = s.recv(1024).decode("ascii").strip()
    return statuses


class StatusClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def status(self, name):
        self.sock.sendall(b"STATUS %d\n" % len(name))
        self.sock.sendall(name)  # expect: NAG101
        return self.sock.recv(1024).decode("ascii").strip()

    def close(self):
        self.sock.close()
