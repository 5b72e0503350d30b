"""Log shipper that streams records to a collector, a length prefix and the record
as two sendall() calls each, and never reads from the connection: with no one
waiting for an answer, Nagle only coalesces the stream (no stall, no finding)."""
import socket
import struct
import time


class LogShipper:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))

    def ship(self, record):
        data = record.encode("utf-8")
        self.sock.sendall(struct.pack("!I", len(data)))
        self.sock.sendall(data)

    def close(self):
        self.sock.shutdown(socket.SHUT_WR)
        self.sock.close()


def tail(path, port, interval=0.5, max_lines=1000):
    shipper = LogShipper(port)
    shipped = 0
    with open(path, encoding="utf-8") as f:
        while shipped < max_lines:
            line = f.readline()
            if not line:
                time.sleep(interval)
                continue
            shipper.ship(line.rstrip("\n"))
            shipped += 1
    shipper.close()
