"""Key-value client whose request() picks the message by an if/elif: GET is one write, WAIT
writes nothing and only reads the next pushed event, and SET writes the command line and
the value as two sendall() calls. All branches then read the reply on one long-lived
Nagle-on connection, so on the SET path the value waits for the server's delayed ACK."""
import socket


class KVClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.rfile = self.sock.makefile("rb")

    def request(self, op, key=b"", value=None):
        if op == "GET":
            self.sock.sendall(b"GET %s\r\n" % key)
        elif op == "WAIT":
            pass
        elif op == "SET":
            self.sock.sendall(b"SET %s %d\r\n" % (key, len(value)))
            self.sock.sendall(value)  # expect: NAG101
        else:
            raise ValueError(op)
        return self.rfile.readline().rstrip(b"\r\n")

    def get(self, key):
        return self.request("GET", key)

    def set(self, key, value):
        return self.request("SET", key, value) == b"OK"

    def next_event(self):
        return self.request("WAIT")
