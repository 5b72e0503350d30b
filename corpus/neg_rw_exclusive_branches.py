"""A websocket-style reader answers a close frame or a ping, one frame at a time: the two tests
are on one opcode, so at most one answer goes out per frame (no message in two pieces). The
socket has TCP_NODELAY, so only a real two-piece message would be reported (NAG401)."""
import socket


class Frames:
    OPCODE_CLOSE = 0x8
    OPCODE_PING = 0x9


PONG = 0xA


class Reader:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def on_frame(self, opcode, payload):
        if opcode == Frames.OPCODE_CLOSE:
            self.sock.sendall(b"\x88\x00")
        if opcode == Frames.OPCODE_PING:
            self.sock.sendall(bytes([0x80 | PONG, len(payload)]) + payload)
        return self.sock.recv(2)

    def on_control(self, kind, payload):
        if kind == 1:
            self.sock.sendall(b"ack")
        if kind == 2:
            self.sock.sendall(payload)
        return self.sock.recv(2)
