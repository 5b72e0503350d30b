import socket


class Metrics:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))  # NAG201: 21
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def put(self, parts):
        self.sock.sendall(b"".join(parts))  # NAG103: 13
        return self.sock.recv(64)

    def put_lines(self, lines):
        self.sock.sendall(b"".join(line.encode() + b"\n" for line in lines))  # NAG103: 28
        return self.sock.recv(64)

    def put_logged(self, parts):
        for part in parts:
            self.sock.sendall(part)  # NAG103: 13
        print("last part", part)
        return self.sock.recv(64)
