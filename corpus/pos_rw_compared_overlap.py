"""The console client of pos_rw_compared_apart.py with tests whose
ranges overlap: `if hops != 0:` and `if hops != 1:` both hold for two hops and more, and
`verb not in ("show", "set")` and `verb != "set"` both hold for any other verb, so a call writes
two pieces before its read."""
import socket


class ConsoleClient:
    def __init__(self, host, port=782):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def send(self, text):
        self.sock.sendall(text.encode())

    def read_reply(self):
        return self.sock.recv(4096).decode()

    def run(self, cmd, hops):
        if hops != 0:
            self.send(f"call {cmd}\r\n")
        if hops != 1:
            self.send(f"{cmd}\r\nexit\r\n")  # expect: NAG101
            return self.read_reply()
        redirect = self.read_reply()
        return self.run(redirect, hops - 1)

    def dispatch(self, line):
        verb = line.split()[0]
        if verb not in ("show", "set"):
            self.send("help\r\n")
        if verb != "set":
            self.send(line + "\r\n")  # expect: NAG101
        return self.read_reply()
