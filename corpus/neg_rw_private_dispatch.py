"""A protocol session whose reader thread hands each incoming packet to a private handler through
a table. `_on_hello()` answers a hello with two packets and returns; nothing in the session's
public API calls it, and the peer does not wait for the second packet before it speaks again, so
its unread pieces are not a request split. TCP_NODELAY is set when the session connects."""
import socket
import struct
import threading

HELLO, DATA = 1, 2


class Session:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._handlers = {HELLO: self._on_hello, DATA: self._on_data}
        self.received = []
        threading.Thread(target=self._reader, daemon=True).start()

    def _packet(self, kind, payload):
        self.sock.sendall(struct.pack("!BI", kind, len(payload)) + payload)

    def _reader(self):
        while True:
            head = self.sock.recv(5)
            if len(head) < 5:
                return
            kind, size = struct.unpack("!BI", head)
            self._handlers[kind](self.sock.recv(size))

    def _on_hello(self, payload):
        self._packet(HELLO, b"ok")
        self._packet(DATA, b"features: none")

    def _on_data(self, payload):
        self.received.append(payload)

    def send(self, payload):
        self._packet(DATA, payload)


if __name__ == "__main__":
    Session("127.0.0.1", 7000).send(b"ping")
