"""A chat bot with flood control: every line it sends is followed by a half-second pause, so
the server's delayed ACK has fired long before the bot writes again or waits for anything.
Nagle never holds a line of it; the reads are the server's own messages."""
import socket
import time


class ChatBot:
    def __init__(self, host, nick):
        self.sock = socket.create_connection((host, 6667))
        self.nick = nick

    def send_line(self, line):
        try:
            if line.startswith("PONG"):
                self.sock.sendall(line.encode() + b"\r\n")
            else:
                self.sock.sendall(line.encode("utf-8", "replace") + b"\r\n")
            self.last_sent = time.monotonic()
            time.sleep(0.5)  # the network kicks bots that send faster
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
