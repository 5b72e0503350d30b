"""A device client whose partial-send loop lives in the caller: `_send()` makes one `send()`
and returns what it took, and `call()` moves its buffer past that and goes round again. Each
turn sends the rest of one buffer, not another piece; TCP_NODELAY is set. Nothing to report."""
import socket


class Device:
    def __init__(self, address):
        self.conn = socket.create_connection(address)
        self.conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    @staticmethod
    def _send(conn, data):
        if isinstance(data, str):
            data = data.encode()
        return conn.send(data)

    def call(self, command):
        data = command + b"\n"
        while data:
            sent = self._send(self.conn, data)
            data = data[sent:]
        return self.conn.recv(4096)
