"""A key-value server on a selectors loop whose write handler, switched to with modify() after the
command is read, sends a length and the value and then closes the connection: one request per
connection, whose answer nothing waits behind."""
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
        conn, _ = listener.accept()
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
        conn.send(value)
        self.selector.unregister(conn)
        conn.close()

    def serve_forever(self):
        while True:
            for key, _ in self.selector.select(timeout=0.5):
                key.data(key.fileobj)
