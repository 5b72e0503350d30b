"""A display receiver: connect() sends a hello through a framing helper and reads the verdict,
then a thread reads the pushed frames. Besides the goodbye before close(), it asks for a key
frame through the same helper, whose answer the thread reads: a request/response connection
with Nagle on."""
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
        self.sock = FrameSocket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
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

    def request_key_frame(self):
        self.sock.push(FRAME, b"key")

    def disconnect(self):
        if not self.running:
            return
        self.running = False
        self.sock.push(BYE)
        self.sock.close()
