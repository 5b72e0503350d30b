"""The same tap, but the hold between key-down and key-up is a class constant of 10 ms: the
key-up waits behind the key-down until the server's delayed ACK, and the next screen query
waits for both."""
import socket
import struct
import time


class KeyClient:
    KEY_HOLD = 0.01

    def __init__(self, host, port=5900):
        self._sock = socket.create_connection((host, port))  # expect: NAG201

    def _key(self, keysym, down):
        self._sock.sendall(struct.pack(">BBHI", 4, 1 if down else 0, 0, keysym))

    def tap(self, keysym):
        self._key(keysym, True)
        time.sleep(self.KEY_HOLD)
        self._key(keysym, False)  # expect: NAG101
        return self.screen_size()

    def screen_size(self):
        self._sock.sendall(b"\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00")
        return struct.unpack(">HH", self._sock.recv(4))
