"""The console client of pos_rw_compared_apart.py with TCP_NODELAY set."""
import socket


class ConsoleClient:
    def __init__(self, host, port=782):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

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
