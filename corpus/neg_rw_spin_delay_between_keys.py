"""A game-console remote of the shape real second-screen clients have: a long press writes the
key, waits a second with a hand-written spin on the clock (`_delay()`, a loop on
time.time()), then writes the key-off and reads the console's status. A second apart, the
key was ACKed before the key-off leaves: no piece waits for a delayed ACK. TCP_NODELAY is
set for the rest."""
import socket
import struct
import time

HOLD_SECONDS = 1


class ConsoleRemote:
    def __init__(self, host, port=997):
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _delay(self, seconds):
        start = time.time()
        while time.time() - start < seconds:
            pass

    def _status(self):
        return self.sock.recv(16)

    def hold(self, key):
        self.sock.sendall(struct.pack("<III", 16, 0x1C, key))
        self._delay(HOLD_SECONDS)
        self.sock.sendall(struct.pack("<III", 16, 0x1C, 0x400))
        return self._status()
