"""A metadata-server client keeps one connection with TCP_NODELAY set and writes each packet with a first
send() and, when that was short, a loop that sends the rest (`buf[n:]`): one buffer per
request, no split."""
import socket
import struct


class MetaClient:
    def __init__(self, host, port=9421):
        self.conn = socket.create_connection((host, port))
        self.conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send_full(self, buf):
        n = self.conn.send(buf)
        while n < len(buf):
            sent = self.conn.send(buf[n:])
            if not sent:
                raise OSError("write failed")
            n += sent

    def recv_full(self, size):
        data = b""
        while len(data) < size:
            chunk = self.conn.recv(size - len(data))
            if not chunk:
                raise OSError("peer closed")
            data += chunk
        return data

    def call(self, command, payload):
        self.send_full(struct.pack(">II", command, len(payload)) + payload)
        kind, size = struct.unpack(">II", self.recv_full(8))
        return kind, self.recv_full(size)
