"""The same bot speaking to a local daemon: the class-body socket is of the Unix family, which
has no Nagle algorithm. Nothing to report."""
import socket


class Bot:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)

    def __init__(self, path="/run/bot.sock"):
        self.path = path

    def connect(self):
        self.sock.connect(self.path)

    def command(self, text):
        self.sock.sendall(text.encode())
        self.sock.sendall(b"\r\n")
        return self.sock.recv(2048).decode(errors="replace")
