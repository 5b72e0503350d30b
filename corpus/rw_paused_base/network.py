"""The raw-TCP (port 9100) connection of each front end. The slow one's status read comes a
second after its request, long after any piece Nagle held went out; the quick one reads at
once on a connection that has carried print jobs, with Nagle on."""
import socket

from .base import QuickStatusPrinter, SlowStatusPrinter


class SlowNetworkPrinter(SlowStatusPrinter):
    def __init__(self, host, port=9100):
        self.address = (host, port)
        self.device = None

    def open(self):
        self.device = socket.create_connection(self.address, timeout=10)

    def _raw(self, data):
        self.device.sendall(data)

    def _read(self):
        return self.device.recv(16)


class QuickNetworkPrinter(QuickStatusPrinter):
    def __init__(self, host, port=9100):
        self.address = (host, port)
        self.device = None

    def open(self):
        self.device = socket.create_connection(self.address, timeout=10)  # expect: NAG201

    def _raw(self, data):
        self.device.sendall(data)

    def _read(self):
        return self.device.recv(16)
