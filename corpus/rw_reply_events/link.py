"""A framed link over a kept TCP connection with Nagle on: send() writes the length prefix and
the payload as one buffer (a partial-send loop), recv() reads one frame."""
import socket
import struct
import threading


class Link:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self._sock = None
        self._lock = threading.Lock()

    def connect(self):
        self._sock = socket.create_connection((self.host, self.port))  # expect: NAG201

    def send(self, payload):
        data = struct.pack(">I", len(payload)) + payload
        with self._lock:
            while data:
                sent = self._sock.send(data)
                data = data[sent:]

    def recv(self):
        header = self._sock.recv(4)
        if len(header) < 4:
            return b""
        (size,) = struct.unpack(">I", header)
        return self._sock.recv(size)
