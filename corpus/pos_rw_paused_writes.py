"""The same switch console without the pause, and with Nagle on: the newline is written while
the command is unacknowledged, so every command waits for the switch's delayed ACK."""
import socket


class SwitchConsole:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 23))  # expect: NAG201

    def run(self, command):
        self.sock.sendall(command.encode())
        self.sock.sendall(b"\n")  # expect: NAG101
        return self.sock.recv(65536)
