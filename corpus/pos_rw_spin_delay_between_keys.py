"""The same console remote as the negative beside it, with a tap as well: the key and its
key-off are written back to back, then the status is read. The key-off waits for the
console's delayed ACK of the key; the connection is kept and Nagle stays on."""
import socket
import struct
import time

HOLD_SECONDS = 1


class ConsoleRemote:
    def __init__(self, host, port=997):
        self.sock = socket.create_connection((host, port), timeout=5)  # expect: NAG201

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

    def tap(self, key):
        self.sock.sendall(struct.pack("<III", 16, 0x1C, key))
        self.sock.sendall(struct.pack("<III", 16, 0x1C, 0x400))  # expect: NAG101
        return self._status()
