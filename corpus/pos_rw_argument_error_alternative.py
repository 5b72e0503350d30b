"""The same GPS daemon client, whose fallback runs on a socket error too: a send that failed
with OSError may have sent part of the command, so the fallback's send can be a second piece,
held while the first is unacknowledged; the feed keeps Nagle on."""
import socket


class GpsdFeed:
    def __init__(self, host="127.0.0.1", port=2947):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def send(self, command):
        try:
            self.sock.send(bytes(command, encoding="utf-8"))
        except OSError:
            self.sock.send(command.encode())  # expect: NAG101

    def poll(self):
        self.send("?POLL;")
        return self.sock.recv(8192)
