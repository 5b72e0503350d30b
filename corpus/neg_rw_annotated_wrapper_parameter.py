"""A lab library's helpers take a discovery beacon as a parameter annotated with its class: the
beacon wraps a UDP socket, whose datagrams Nagle never holds. Nothing to report."""
import socket


class Beacon:
    def __init__(self, host, port=5025):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.connect((host, port))

    def write(self, command):
        self.sock.send(command.encode() + b"\n")

    def query(self, command):
        self.write(command)
        return self.sock.recv(4096).decode().strip()


def announce(beacon: Beacon, name, address):
    beacon.write(f"NAME {name}")
    beacon.write(f"ADDR {address}")
    return beacon.query("ACK?")
