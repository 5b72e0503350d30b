"""A WebSocket client reads each frame through a frame parser of another package, handing it
the connection's own exact-read method (`read_frame(self._recv_exact)`), and answers a ping
with a pong before reading on. Each turn of the loop reads a frame before it writes, so the
pongs are no pieces of one message (no NAG103); the kept connection does request/response with
Nagle on (NAG201)."""
import socket

from wsframes import read_frame

OP_PING, OP_PONG = 0x9, 0xA


class WebSocket:
    def __init__(self, sock):
        self.sock = sock

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("closed")
            buf += chunk
        return buf

    def _send(self, opcode, data):
        self.sock.sendall(bytes([0x80 | opcode, len(data)]) + data)

    def send(self, text):
        self._send(0x1, text.encode())

    def recv(self):
        while True:
            opcode, payload = read_frame(self._recv_exact)
            if opcode == OP_PING:
                self._send(OP_PONG, payload)
                continue
            return payload

    def __iter__(self):
        while True:
            message = self.recv()
            if message is None:
                return
            yield message


def connect(host, port):
    sock = socket.create_connection((host, port))  # expect: NAG201
    return WebSocket(sock)
