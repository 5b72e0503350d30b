"""A metrics agent's worker: it logs in, then sends each queued metric line, and before each
line waits for the server's one-byte go-ahead (a blocking read): every line is a request the
server answers, with Nagle on."""
import queue
import socket


class MetricsAgent:
    def __init__(self, host, port, key):
        self.address = (host, port)
        self.key = key
        self.lines = queue.Queue(maxsize=5000)
        self.sock = None

    def gauge(self, name, value):
        self.lines.put(f"gauge {name} {value}\n")

    def _alive(self):
        return self.sock.recv(1) == b"+"

    def run(self):
        self.sock = socket.create_connection(self.address)  # expect: NAG201
        self.sock.sendall(f"hello agent/1.0 key {self.key}\n".encode())
        answer = b""
        while b"\n" not in answer:
            answer += self.sock.recv(1024)
        if not answer.startswith(b"ok"):
            self.sock.close()
            return
        while True:
            line = self.lines.get()
            if not self._alive():
                self.lines.put(line)
                break
            self.sock.sendall(line.encode())
