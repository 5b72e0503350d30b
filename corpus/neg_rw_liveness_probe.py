"""A metrics agent's worker: it logs in (a hello, then the server's answer gathered until it is
whole), then sends each queued metric line. Before each line it checks that the server has not
closed the connection with a non-blocking peek, which returns at once: no write ever waits for a
reply, so Nagle holds nothing anyone waits for."""
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
        self.sock.setblocking(False)
        try:
            return self.sock.recv(1, socket.MSG_PEEK) != b""
        except BlockingIOError:
            return True
        finally:
            self.sock.setblocking(True)

    def run(self):
        self.sock = socket.create_connection(self.address)
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
