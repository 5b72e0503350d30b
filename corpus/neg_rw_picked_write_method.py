"""The pipelining client of pos_rw_picked_write_method.py done right: TCP_NODELAY set where the
property makes the socket, and the commands joined into one buffer, written by whichever method
the conditional expression picks (one piece either way)."""
import socket


class Pipeline:
    def __init__(self, host="127.0.0.1", port=6379):
        self.addr = (host, port)
        self._sock = None
        self.buffer = b""

    @property
    def sock(self):
        if self._sock is None:
            self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._sock.connect(self.addr)
        return self._sock

    def __call__(self, *commands):
        data = b"".join(command + b"\r\n" for command in commands)
        (self.sock.sendall if len(data) > 1024 else self.sock.send)(data)
        return self

    def next_reply(self):
        while b"\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line
