"""An IRC-style bot whose socket is a class attribute, made in the class body when the module is
imported: every instance uses it as `self.sock`. One kept connection, commands answered on it,
no TCP_NODELAY."""
import socket


class Bot:
    sock: socket.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201

    def __init__(self, host="irc.example.net", port=6667, nick="bot"):
        self.host, self.port, self.nick = host, port, nick

    def connect(self):
        self.sock.connect((self.host, self.port))
        self.sock.sendall(f"NICK {self.nick}\r\n".encode())

    def command(self, text):
        self.sock.sendall(text.encode() + b"\r\n")
        return self.sock.recv(2048).decode(errors="replace")

    def whois(self, nick):
        return self.command(f"WHOIS {nick}")
