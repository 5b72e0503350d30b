"""Subscriber client that sets TCP_QUICKACK once after connect, spelled with the
numeric option 12, then loops request/receive; quick-ACK mode is not sticky, so it
is lost after the first exchanges instead of being re-armed after every recv()."""
import socket


class Subscriber:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setsockopt(socket.IPPROTO_TCP, 12, 1)  # expect: NAG301

    def poll(self, rounds):
        updates = []
        for _ in range(rounds):
            self.sock.sendall(b"NEXT\n")
            data = self.sock.recv(4096)
            if not data:
                break
            updates.append(data)
        return updates

    def close(self):
        self.sock.close()
