"""An SMS gateway client whose connection class is defined inside the transport class that uses
it: the transport builds it as `self._Connection(host, port)` and submits each message on the one
kept socket, reading the acknowledgement, without TCP_NODELAY."""
import socket


class Transport:
    class _Connection:
        def __init__(self, host, port, timeout):
            self.address = (host, port)
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
            self.sock.connect(self.address)
            self.sock.settimeout(timeout)

        def exchange(self, frame):
            self.sock.sendall(frame)
            return self.sock.recv(4096)

    def __init__(self, host="127.0.0.1", port=3000, timeout=3):
        self.conn = self._Connection(host, port, timeout)

    def submit(self, frames):
        for frame in frames:
            if not self.conn.exchange(frame).startswith(b"\x02"):
                raise RuntimeError("no acknowledgement")
