"""A display receiver: connect() sends a hello with the pairing code through a framing helper and
reads the verdict (the connection's first exchange), then a thread only reads the pushed frames.
The only later write is the goodbye, sent through the same helper right before close(): no
request ever waits for a reply on this connection."""
import socket
import struct
import threading

HELLO, FRAME, BYE = 1, 2, 3


class FrameSocket(socket.socket):
    def push(self, kind, payload=b""):
        return self._send_frame(kind, payload)

    def _send_frame(self, kind, payload):
        try:
            self.sendall(struct.pack("!BH", kind, len(payload)) + payload)
            return True
        except OSError:
            return False

    def pull(self):
        kind, size = struct.unpack("!BH", self.recv(3))
        return kind, self.recv(size)


class Receiver:
    def __init__(self):
        self.sock = FrameSocket(socket.AF_INET, socket.SOCK_STREAM)
        self.frames = []
        self.running = False

    def connect(self, address, code):
        self.sock.connect(address)
        self.sock.push(HELLO, code.encode())
        kind, verdict = self.sock.pull()
        if kind != HELLO or verdict != b"ok":
            self.sock.push(BYE)
            self.sock.close()
            return False
        self.running = True
        threading.Thread(target=self._receive, daemon=True).start()
        return True

    def _receive(self):
        while self.running:
            kind, payload = self.sock.pull()
            if kind == BYE:
                self.disconnect()
            else:
                self.frames.append(payload)

    def disconnect(self):
        if not self.running:
            return
        self.running = False
        self.sock.push(BYE)
        self.sock.close()
