"""A loopback sink whose handler, bound with functools.partial to the connection and its address,
reads one message, answers it with one sendall() and closes: one exchange per connection, the
first data of a fresh connection, ACKed at once."""
import functools
import socket
import threading


class LoopbackSink:
    def __init__(self, handler, port=0):
        self.handler = handler
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(16)

    def start(self):
        threading.Thread(target=self._accept_loop, daemon=True).start()

    def _accept_loop(self):
        while True:
            conn, peer = self.listener.accept()
            threading.Thread(target=functools.partial(self._serve, conn, peer), daemon=True).start()

    def _serve(self, conn, peer):
        try:
            data = conn.recv(65536)
            conn.sendall(self.handler(peer, data))
        finally:
            conn.close()
