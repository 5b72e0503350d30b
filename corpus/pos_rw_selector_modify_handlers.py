"""A key-value server on a selectors loop: the read handler parses a command and switches the
connection to its write handler with modify(); the write handler sends a length, then the
value, and switches back. The value waits for the client's delayed ACK."""
import selectors
import socket
import struct


class KeyValueServer:
    def __init__(self, port):
        self.store = {}
        self.replies = {}
        self.selector = selectors.DefaultSelector()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("", port))
        listener.listen()
        listener.setblocking(False)
        self.selector.register(listener, selectors.EVENT_READ, data=self._accept)

    def _accept(self, listener):
        conn, _ = listener.accept()  # expect: NAG202
        self.selector.register(conn, selectors.EVENT_READ, data=self._on_read)

    def _on_read(self, conn):
        line = conn.recv(4096)
        if not line:
            self.selector.unregister(conn)
            conn.close()
            return
        self.replies[conn] = self.store.get(line.strip(), b"")
        self.selector.modify(conn, selectors.EVENT_WRITE, data=self._on_write)

    def _on_write(self, conn):
        value = self.replies.pop(conn)
        conn.send(struct.pack("!I", len(value)))
        conn.send(value)  # expect: NAG102
        self.selector.modify(conn, selectors.EVENT_READ, data=self._on_read)

    def serve_forever(self):
        while True:
            for key, _ in self.selector.select(timeout=0.5):
                key.data(key.fileobj)
