"""Cache client whose TCP_NODELAY is opt-in (no_delay=False by default), so by default the
long-lived connection has Nagle on: set() writes the command line and the data block as two
sendall() calls and then reads, and from the second call on the data block waits for the
server's delayed ACK of the command line."""
import socket


class CacheClient:
    def __init__(self, host, port, no_delay=False, timeout=2.0):
        self.address = (host, port)
        self.no_delay = no_delay
        self.timeout = timeout
        self.sock = None

    def _connect(self):
        sock = socket.create_connection(self.address, self.timeout)  # expect: NAG201
        if self.no_delay:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock

    def set(self, key, value):
        if self.sock is None:
            self._connect()
        self.sock.sendall(b"set %s 0 0 %d\r\n" % (key, len(value)))
        self.sock.sendall(value + b"\r\n")  # expect: NAG101
        return self.sock.recv(64) == b"STORED\r\n"

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None
