"""A socket wrapper that frames records, and session subclasses that forward their arguments
to it unchanged (the quick one then sets TCP_NODELAY on the socket the base keeps)."""
import socket
import struct
from uuid import UUID


class FrameSocket:
    def __init__(self, sock, record_cls=None):
        self.sock = sock
        self.record_cls = record_cls

    def send(self, payload):
        self.sock.sendall(struct.pack("!I", len(payload)) + payload)

    def recv(self):
        size = struct.unpack("!I", self._exactly(4))[0]
        return self._exactly(size)

    def _exactly(self, size):
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def exchange(self, payload):
        self.send(payload)
        return self.recv()


class SessionSocket(FrameSocket):
    def __init__(self, *args, **kwargs):
        self.session = kwargs.pop("session", None) or UUID(int=0)
        self.sequence = 0
        super().__init__(*args, **kwargs)

    def send(self, payload):
        self.sequence += 1
        return super().send(self.session.bytes + struct.pack("!I", self.sequence) + payload)

    def recv(self):
        data = super().recv()
        if data[:16] != self.session.bytes:
            raise ValueError("reply for another session")
        return data[20:]


class QuickSessionSocket(SessionSocket):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
