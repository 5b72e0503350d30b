"""An industrial-protocol driver that talks through its own socket wrapper: `send()` writes one
packet, `receive()` reads one reply (not a socket method's name). Each request is read before the
next one is written, except the one command the protocol never answers; closing sends the
Forward Close (answered) and then UnRegisterSession (unanswered). One packet per request, and
TCP_NODELAY is set, so nothing is held."""
import socket
import struct

UNREGISTER = 0x66


class Socket:
    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def connect(self, host, port):
        self.sock.connect((host, port))

    def send(self, packet):
        self.sock.sendall(packet)

    def receive(self):
        data = self.sock.recv(256)
        length = struct.unpack_from("<H", data, 2)[0]
        while len(data) - 24 < length:
            data += self.sock.recv(256)
        return data


class Driver:
    def __init__(self, host):
        self._sock = Socket()
        self._sock.connect(host, 44818)

    def _send(self, packet):
        self._sock.send(packet)

    def _receive(self):
        return self._sock.receive()

    def request(self, command, body=b""):
        self._send(struct.pack("<HH", command, len(body)) + body)
        return None if command == UNREGISTER else self._receive()

    def close(self):
        self.request(0x4E)  # Forward Close: answered
        self.request(UNREGISTER)  # never answered
