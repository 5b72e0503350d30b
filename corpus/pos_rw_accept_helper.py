"""A JSON-frame server that takes each client through a helper, `self.conn, addr =
self._accept()`, where `_accept()` returns `self.socket.accept()`: the first item of the pair
is the accepted connection, whose requests it answers one after the other with Nagle on."""
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
        return self.socket.accept()  # expect: NAG202

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
