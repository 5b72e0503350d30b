"""A message-queue client that shares its kept connection between threads: socket() is a
generator that takes the lock, yields the connection once and releases the lock, and every
command runs `for sock in self.socket():`. The body runs once, on the one kept connection
(Nagle on); publish() writes the command line and the message body apart before the
server's OK."""
import socket
import struct
import threading


class Connection:
    def __init__(self, host, port, timeout=5.0):
        self.host, self.port, self.timeout = host, port, timeout
        self._lock = threading.RLock()
        self._socket = None

    def connect(self):
        with self._lock:
            self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
            self._socket.settimeout(self.timeout)
            self._socket.connect((self.host, self.port))

    def socket(self, blocking=True):
        if self._lock.acquire(blocking):
            try:
                yield self._socket
            finally:
                self._lock.release()

    def publish(self, topic, body):
        for sock in self.socket():
            sock.sendall(b"PUB " + topic + b"\n")
            sock.sendall(struct.pack(">I", len(body)) + body)  # expect: NAG101
        return self.read_response()

    def read_response(self):
        for sock in self.socket():
            size = struct.unpack(">I", sock.recv(4))[0]
            return sock.recv(size)
        return b""
