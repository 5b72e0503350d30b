"""A log forwarder that flushes its queue record by record on a kept connection, then waits up
to two seconds for the collector's acknowledgement: the select() waits, and the read takes the
ack. Every record after the first waits for the collector's delayed ACK."""
import select
import socket


class Forwarder:
    def __init__(self, host, port=5170):
        self.conn = socket.create_connection((host, port))  # expect: NAG201
        self.pending = []

    def emit(self, line):
        self.pending.append(line.encode("utf-8") + b"\n")
        if len(self.pending) >= 10:
            self.flush()

    def flush(self):
        while self.pending:
            self.conn.sendall(self.pending.pop(0))  # expect: NAG103
        ready, _, _ = select.select([self.conn], [], [], 2.0)
        if self.conn in ready and self.conn.recv(16) != b"ACK\n":
            raise ConnectionError("collector refused the batch")
