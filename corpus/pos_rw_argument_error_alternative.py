"""The same GPS daemon client, whose fallback runs on a socket error too. A send() that raises
sent nothing (a partial send returns its count instead), so the fallback's send is the command's
only piece, not a second one: no split. The feed still does request/response with Nagle on."""
import socket


class GpsdFeed:
    def __init__(self, host="127.0.0.1", port=2947):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def send(self, command):
        try:
            self.sock.send(bytes(command, encoding="utf-8"))
        except OSError:
            self.sock.send(command.encode())

    def poll(self):
        self.send("?POLL;")
        return self.sock.recv(8192)
