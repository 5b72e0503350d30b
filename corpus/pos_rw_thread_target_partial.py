"""A loopback sink for tests: each accepted client is served on its own thread, the handler bound
with functools.partial to the connection and its address. It answers each message with one
sendall(), Nagle on, so a reply sent in two pieces by a subclass would stall."""
import functools
import socket
import threading


class LoopbackSink:
    def __init__(self, handler, port=0):
        self.handler = handler
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]

    def start(self):
        threading.Thread(target=self._accept_loop, daemon=True).start()

    def _accept_loop(self):
        while True:
            conn, peer = self.listener.accept()  # expect: NAG202
            threading.Thread(target=functools.partial(self._serve, conn, peer), daemon=True).start()

    def _serve(self, conn, peer):
        with conn:
            while True:
                data = conn.recv(65536)
                if not data:
                    return
                conn.sendall(self.handler(peer, data))
