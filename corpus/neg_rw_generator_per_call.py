"""The same client API over a generator that opens a connection for each command and closes
it when the command is done (`try: yield sock` / `finally: sock.close()`): one exchange per
connection, whose first data a fresh connection ACKs at once."""
import socket
import struct


class Connection:
    def __init__(self, host, port, timeout=5.0):
        self.host, self.port, self.timeout = host, port, timeout

    def socket(self):
        sock = socket.create_connection((self.host, self.port), self.timeout)
        try:
            yield sock
        finally:
            sock.close()

    def publish(self, topic, body):
        for sock in self.socket():
            sock.sendall(b"PUB " + topic + b"\n")
            sock.sendall(struct.pack(">I", len(body)) + body)
            size = struct.unpack(">I", sock.recv(4))[0]
            return sock.recv(size)
        return b""
