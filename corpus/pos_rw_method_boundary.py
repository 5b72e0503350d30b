"""Command client whose send() writes the command header and the payload as two sendall()
calls and returns; the caller reads the response afterwards with read_response(). The
message ends at the method boundary, but on this long-lived Nagle-on connection the
payload still waits for the server's delayed ACK of the header before the reply can come."""
import socket


class CommandClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.rfile = self.sock.makefile("rb")

    def send(self, name, payload):
        self.sock.sendall(b"*%d %s\r\n" % (len(payload), name))
        self.sock.sendall(payload)  # expect: NAG101

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


def open_store(host, port):
    return Store(CommandClient(host, port))
