"""Key-value client with the same if/elif, done right: every branch writes at most one
buffer (GET the command line, SET the command line joined with the value, WAIT nothing)
before the shared read, and the connection has TCP_NODELAY, so no path writes a second
piece and nothing waits for a delayed ACK."""
import socket


class KVClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.rfile = self.sock.makefile("rb")

    def request(self, op, key=b"", value=None):
        if op == "GET":
            self.sock.sendall(b"GET %s\r\n" % key)
        elif op == "WAIT":
            pass
        elif op == "SET":
            self.sock.sendall(b"SET %s %d\r\n" % (key, len(value)) + value)
        else:
            raise ValueError(op)
        return self.rfile.readline().rstrip(b"\r\n")

    def get(self, key):
        return self.request("GET", key)

    def set(self, key, value):
        return self.request("SET", key, value) == b"OK"

    def next_event(self):
        return self.request("WAIT")
