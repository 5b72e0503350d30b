"""The same TCP-or-UDP attribute, but only the UDP path acknowledges events (a datagram to the
device's address; the TCP protocol needs no acknowledgement) and the TCP path sets TCP_NODELAY
when it connects: each TCP command is one send, nothing to report."""
import socket


class Terminal:
    def __init__(self, address, use_tcp=True):
        self._address = address
        self.tcp = use_tcp
        self._sock = None

    def open(self):
        if self.tcp:
            self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._sock.connect(self._address)
        else:
            self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def command(self, packet):
        if self.tcp:
            self._sock.send(packet)
        else:
            self._sock.sendto(packet, self._address)
        return self._sock.recv(1024)

    def next_event(self):
        event = self._sock.recv(1032)
        if not self.tcp:
            self._sock.sendto(b"\x05\x00", self._address)
        self.command(b"\x01\x00")
        return event
