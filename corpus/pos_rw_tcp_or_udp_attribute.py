"""A device client keeps one attribute that holds a TCP socket or a UDP socket, chosen by a
flag; every method branches on the flag. On the TCP path an event is acknowledged with one
send that gets no reply, then the next command goes out before the read: two pieces on a kept
connection (reported on the TCP path; the UDP path's sendto is a datagram of its own)."""
from socket import AF_INET, SOCK_DGRAM, SOCK_STREAM, socket


class Terminal:
    def __init__(self, address, use_tcp=True):
        self._address = address
        self.tcp = use_tcp
        self._sock = None

    def open(self):
        if self.tcp:
            self._sock = socket(AF_INET, SOCK_STREAM)  # expect: NAG201
            self._sock.connect(self._address)
        else:
            self._sock = socket(AF_INET, SOCK_DGRAM)

    def command(self, packet):
        if self.tcp:
            self._sock.send(packet)  # expect: NAG101
            return self._sock.recv(1024)
        self._sock.sendto(packet, self._address)
        return self._sock.recv(1024)

    def _ack(self):
        if self.tcp:
            self._sock.send(b"\x05\x00")
        else:
            self._sock.sendto(b"\x05\x00", self._address)

    def next_event(self):
        event = self._sock.recv(1032)
        self._ack()
        self.command(b"\x01\x00")
        return event
