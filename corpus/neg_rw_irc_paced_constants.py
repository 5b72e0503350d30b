"""An IRC bot whose every line is followed by a short pause, read from a constants class kept in
the bot's class body (`time.sleep(self.CONST.irc_micro_wait)`, 0.12 s): each line is sent and
ACKed before the next, so the login's lines never wait on each other."""
import socket
import time


class IrcBot:
    class CONST:
        irc_micro_wait = 0.12
        irc_port = 6667

    def __init__(self, server, nick):
        self.CONST = self.CONST()
        self.nick = nick
        self.irc = socket.create_connection((server, self.CONST.irc_port))

    def irc_send(self, line):
        self.irc.send((line + "\r\n").encode())
        time.sleep(self.CONST.irc_micro_wait)

    def login(self):
        self.irc_send(f"NICK {self.nick}")
        self.irc_send(f"USER {self.nick} 0 * :{self.nick}")
        return self.irc.recv(4096)

    def run(self):
        self.login()
        while True:
            data = self.irc.recv(4096)
            if not data:
                break
            line = data.decode(errors="replace")
            if line.startswith("PING"):
                self.irc_send("PONG" + line[4:].rstrip())
