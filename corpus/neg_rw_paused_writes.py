"""A switch's telnet console types each command, pauses half a second as a person would, then
presses Enter: the pause lets the command be ACKed before the newline is written, so the two
are no split message. The session sets TCP_NODELAY. Nothing to report."""
import socket
import time


class SwitchConsole:
    def __init__(self, host):
        self.pause = 0.5
        self.sock = socket.create_connection((host, 23))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run(self, command):
        self.sock.sendall(command.encode())
        time.sleep(self.pause)
        self.sock.sendall(b"\n")
        return self.sock.recv(65536)
