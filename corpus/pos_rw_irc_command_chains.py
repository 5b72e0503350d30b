"""An IRC client's event handler: an `if`/`elif` chain on the command, then a second chain on the
same command with other numerics. One branch at most runs per line from the server, so the PONG
and the JOIN are two answers to two different lines, each one write: no split, only the kept
connection without TCP_NODELAY."""
import socket


class IrcClient:
    def __init__(self, host="irc.example.net", port=6667, nick="bot"):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.nick = nick
        self.channels = ["#a"]

    def command(self, *words):
        self.sock.sendall(" ".join(words).encode() + b"\r\n")

    def event(self, line):
        cmd = line.split()[1] if line.startswith(":") else line.split()[0]
        if cmd == "PING":
            self.command("PONG", line.split()[-1])
        elif cmd == "PONG":
            self.lag = 0
        if cmd == "001":
            self.command("JOIN", ",".join(self.channels))
        elif cmd == "433":
            self.nick += "_"
            self.command("NICK", self.nick)

    def loop(self):
        reader = self.sock.makefile("rb")
        while True:
            self.event(reader.readline().decode(errors="replace").strip())
