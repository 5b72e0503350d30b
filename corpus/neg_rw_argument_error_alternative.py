"""A GPS daemon client sends each command encoded, and falls back to the raw value when it is
already bytes (`bytes(cmd, encoding=...)` raises TypeError before anything is sent): the two
sends are alternatives, never two pieces. TCP_NODELAY is set. Nothing to report."""
import socket


class GpsdFeed:
    def __init__(self, host="127.0.0.1", port=2947):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, command):
        try:
            self.sock.send(bytes(command, encoding="utf-8"))
        except TypeError:
            self.sock.send(command)

    def poll(self):
        self.send("?POLL;")
        return self.sock.recv(8192)
