"""A console-server client that relays a command through `hops` servers: `if hops != 0:` and
`if hops == 0:` test the same parameter, so the two writes never run in one call; nor do those
under `verb not in ("show", "set")` and `verb == "show"`. Each call writes one piece before it
reads, but the kept connection has Nagle on."""
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
        if hops == 0:
            self.send(f"{cmd}\r\nexit\r\n")
            return self.read_reply()
        redirect = self.read_reply()
        return self.run(redirect, hops - 1)

    def dispatch(self, line):
        verb = line.split()[0]
        if verb not in ("show", "set"):
            self.send("help\r\n")
        if verb == "show":
            self.send(line + "\r\n")
        return self.read_reply()
