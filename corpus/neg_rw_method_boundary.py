"""Command client whose send() writes header and payload into a buffered makefile('wb')
and flushes once before returning, on a socket with TCP_NODELAY set; the caller reads the
response afterwards. Each command leaves as one write, so nothing is held for an ACK."""
import socket


class CommandClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.wfile = self.sock.makefile("wb")
        self.rfile = self.sock.makefile("rb")

    def send(self, name, payload):
        self.wfile.write(b"*%d %s\r\n" % (len(payload), name))
        self.wfile.write(payload)
        self.wfile.flush()

    def read_response(self):
        line = self.rfile.readline()
        if line.startswith(b"-"):
            raise RuntimeError(line[1:].strip().decode())
        return line[1:].strip()


class Store:
    def __init__(self, client):
        self.client = client

    def put(self, key, value):
        self.client.send(b"PUT", key + b"=" + value)
        return self.client.read_response()

    def get(self, key):
        self.client.send(b"GET", key)
        return self.client.read_response()
