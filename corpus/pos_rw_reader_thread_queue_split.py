"""A device client whose reader thread puts each reply on a queue; a command waits on that queue.
The command is written in two pieces (header, then body) before the wait: a split request."""
import queue
import socket
import struct
import threading


class Device:
    def __init__(self, host, port=5084):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.replies = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        while True:
            data = self.sock.recv(4096)
            if not data:
                break
            self.replies.put(data)

    def command(self, kind, body):
        self.sock.sendall(struct.pack("!HI", kind, len(body)))
        self.sock.sendall(body)  # expect: NAG101
        return self.replies.get(timeout=5)
