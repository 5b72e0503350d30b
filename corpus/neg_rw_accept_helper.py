"""The same JSON-frame server with TCP_NODELAY set on each connection its `_accept()` helper
takes (returned as a pair written out, `return conn, address`). Nothing to report."""
import json
import socket
import struct


class JsonServer:
    def __init__(self, port=5489):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind(("", port))
        self.socket.listen(5)
        self.conn = None

    def _accept(self):
        conn, address = self.socket.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn, address

    def read_obj(self):
        size = struct.unpack("!I", self.conn.recv(4))[0]
        return json.loads(self.conn.recv(size))

    def send_obj(self, obj):
        payload = json.dumps(obj).encode()
        self.conn.sendall(struct.pack("!I", len(payload)) + payload)

    def serve(self):
        while True:
            self.conn, _ = self._accept()
            while True:
                self.send_obj({"echo": self.read_obj()})
