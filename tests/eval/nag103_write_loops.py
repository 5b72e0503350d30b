import socket


class Metrics:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))  # NAG201: 21

    def put(self, parts):
        for part in parts:
            self.sock.sendall(part)  # NAG103: 13
        return self.sock.recv(64)

    def put_lines(self, lines):
        for line in lines: self.sock.sendall(line.encode() + b"\n")  # NAG103: 28
        return self.sock.recv(64)

    def put_logged(self, parts):
        for part in parts:
            self.sock.sendall(part)  # NAG103: 13
        print("last part", part)
        return self.sock.recv(64)
