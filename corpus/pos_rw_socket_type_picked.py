"""A robot controller's command client picks its socket type from a setting: SOCK_STREAM for
"tcp", SOCK_DGRAM otherwise. On the TCP path each command waits for its answer on a kept
connection with Nagle on; TCP_NODELAY cannot be set for both paths, so no fix is offered."""
import socket


class Controller:
    def __init__(self, host, port, transport="tcp"):
        self.address = (host, port)
        self.transport = transport
        self.sock = None

    def connect(self):
        kind = socket.SOCK_STREAM if self.transport == "tcp" else socket.SOCK_DGRAM
        self.sock = socket.socket(socket.AF_INET, kind)  # expect: NAG201
        self.sock.connect(self.address)

    def command(self, line):
        self.sock.sendall(line.encode() + b"\r\n")
        return self.sock.recv(1024)

    def move(self, axis, steps):
        return self.command(f"MOVE {axis} {steps}")
