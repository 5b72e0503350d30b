"""A robot controller's link helpers: a factory that connects and sets a timeout, a reader
that keeps the socket it is handed, and command(), one JSON line per request, then the reply."""
import json
import socket


class Reader:
    def __init__(self, sock):
        self.sock = sock
        self.buffer = b""

    def message(self):
        while b"\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("controller closed the connection")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return json.loads(line)


def open_link(host, port, timeout=5.0):
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.settimeout(60)
    return sock


def command(sock, reader, data):
    sock.sendall(json.dumps(data).encode() + b"\r\n")
    return reader.message()
