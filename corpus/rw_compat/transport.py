"""Base transport for framed request/response clients: connect() opens a TCP connection with
TCP_NODELAY set; execute() sends one frame and reads the reply. Subclasses in other modules
may override connect()."""
import socket
import struct


class FramedTransport:
    def __init__(self, host, port, timeout=3.0):
        self.host, self.port, self.timeout = host, port, timeout
        self.socket = None

    def connect(self):
        self.socket = socket.create_connection((self.host, self.port), self.timeout)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _send(self, frame):
        self.socket.sendall(struct.pack("!H", len(frame)) + frame)

    def _recv(self):
        (size,) = struct.unpack("!H", self._read_exact(2))
        return self._read_exact(size)

    def _read_exact(self, size):
        data = b""
        while len(data) < size:
            chunk = self.socket.recv(size - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    def execute(self, frame):
        if self.socket is None:
            self.connect()
        self._send(frame)
        return self._recv()
