"""A pipelining client whose socket is made on first use (a property) and whose write method is
picked per command by a conditional expression: send() for all but the last, sendall() for it.
Each command goes out as its own piece before the replies are read: with Nagle on, a command
waits for the ACK of the one before it."""
import socket


class Pipeline:
    def __init__(self, host="127.0.0.1", port=6379):
        self.addr = (host, port)
        self._sock = None
        self.buffer = b""

    @property
    def sock(self):
        if self._sock is None:
            self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
            self._sock.connect(self.addr)
        return self._sock

    def __call__(self, *commands):
        last = len(commands) - 1
        for i, command in enumerate(commands):
            (self.sock.sendall if i == last else self.sock.send)(command + b"\r\n")  # expect: NAG103
        return self

    def next_reply(self):
        while b"\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line
