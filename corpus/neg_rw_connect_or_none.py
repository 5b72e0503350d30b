"""A watchdog that connects for each check through connect(), which returns a new socket or
None when the PLC is down: one request, one reply, then close. A new connection each time,
nothing in flight for Nagle to wait on."""
import socket
import time


class Watchdog:
    def __init__(self, host, port=9600):
        self.address = (host, port)

    def connect(self):
        try:
            return socket.create_connection(self.address, timeout=2)
        except OSError:
            return None

    def check(self):
        sock = self.connect()
        if sock is None:
            return False
        try:
            sock.sendall(b"\x01STATUS\n")
            return sock.recv(16).startswith(b"\x06")
        finally:
            sock.close()

    def watch(self, rounds=10):
        for _ in range(rounds):
            print("up" if self.check() else "down")
            time.sleep(1)


if __name__ == "__main__":
    Watchdog("127.0.0.1").watch(3)
