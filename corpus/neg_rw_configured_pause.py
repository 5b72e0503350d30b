"""A remote-desktop client's pointer and keys: a click is three pointer events and a key tap
a key-down and a key-up, each one `sendall`, with a sleep between them whose length comes from
a timings object the caller configures (`time.sleep(self._timings.click_hold)`). The pauses
are the author's own, longer than a delayed ACK in any sane setting: nothing to join."""
import socket
import struct
import time

from remote_settings import Timings


class PointerClient:
    def __init__(self, host, port=5900, timings=None):
        self._sock = socket.create_connection((host, port))
        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._timings = timings or Timings()

    def _pointer(self, mask, x, y):
        self._sock.sendall(struct.pack(">BBHH", 5, mask, x, y))

    def _key(self, keysym, down):
        self._sock.sendall(struct.pack(">BBHI", 4, 1 if down else 0, 0, keysym))

    def click(self, x, y):
        self._pointer(0, x, y)
        time.sleep(self._timings.click_move_gap)
        self._pointer(1, x, y)
        time.sleep(self._timings.click_hold)
        self._pointer(0, x, y)

    def tap(self, keysym):
        self._key(keysym, True)
        time.sleep(self._timings.key_hold)
        self._key(keysym, False)

    def screen_size(self):
        self._sock.sendall(b"\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00")
        return struct.unpack(">HH", self._sock.recv(4))
