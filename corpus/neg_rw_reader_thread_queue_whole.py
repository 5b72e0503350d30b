"""A device client whose reader thread decodes replies and hands them over two queues; each
command is one write, then a wait on the reply queue; the next command follows the reply.
TCP_NODELAY is set, since commands go back to back."""
import queue
import socket
import threading


class Device:
    def __init__(self, host, port=5084):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.raw = queue.Queue()
        self.replies = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._decode, daemon=True).start()

    def _read(self):
        return self.sock.recv(4096)

    def _pump(self):
        while True:
            self.raw.put(self._read())

    def _decode(self):
        while True:
            self._dispatch(self.raw.get().decode())

    def _dispatch(self, text):
        if not text.startswith("EVENT"):
            self.replies.put(text)

    def command(self, text):
        self.sock.sendall(text.encode())
        return self.replies.get(timeout=5)

    def update(self, key):
        current = self.command("GET " + key)
        return self.command("SET " + key + " " + current)
