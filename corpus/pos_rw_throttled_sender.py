"""The chat bot's sender pauses only when asked to: by default each line goes out at once, and
a command the bot writes while the previous one is unacknowledged waits for the delayed ACK."""
import socket
import time


class ChatBot:
    def __init__(self, host, nick, polite=False):
        self.sock = socket.create_connection((host, 6667))  # expect: NAG201
        self.nick = nick
        self.polite = polite

    def send_line(self, line):
        try:
            self.sock.sendall(line.encode("utf-8", "replace") + b"\r\n")
            if self.polite:
                time.sleep(0.5)
        except OSError:
            self.sock.close()

    def listen(self):
        buffer = b""
        while True:
            buffer += self.sock.recv(4096)
            *lines, buffer = buffer.split(b"\r\n")
            for line in lines:
                self.on_line(line.decode("utf-8", "replace"))

    def on_line(self, line):
        print(line)
