"""The same media-server client, but send_frame() uncorks only when a write fails: the frame
returns with the cork still on, and the corked bytes wait for the cork timer while the caller
waits for the answer."""
import socket
import struct


class FrameClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send_frame(self, kind, payload):
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)  # expect: NAG303
        try:
            self.sock.sendall(struct.pack("!BI", kind, len(payload)))
            self.sock.sendall(payload)
            return 5 + len(payload)
        except OSError:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)
            raise

    def request(self, kind, payload):
        self.send_frame(kind, payload)
        header = self.sock.recv(5)
        return self.sock.recv(struct.unpack("!BI", header)[1])
