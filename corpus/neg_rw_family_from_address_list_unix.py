"""The same failover client, but its address list also takes Unix socket paths (a row with
AF_UNIX for "unix:/run/db.sock"): the family unpacked from a row may be AF_UNIX, where Nagle
does not exist, and nothing proves which. Not reported (precision first)."""
import collections
import socket
import struct


class AddressList:
    def __init__(self, hosts):
        self.entries = collections.deque(hosts)

    def peek(self):
        while self.entries:
            host, port = self.entries[0]
            if host.startswith("unix:"):
                return (socket.AF_UNIX, socket.SOCK_STREAM, 0, "", host[5:])
            self.entries.popleft()
            for found in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
                self.entries.appendleft(found)
        return None

    def pop(self):
        self.entries.popleft()


class Connection:
    def __init__(self, hosts):
        self.addresses = AddressList(hosts)
        self.sock = None

    def _connect(self):
        row = self.addresses.peek()
        while row:
            family, _kind, _proto, _name, address = row
            sock = socket.socket(family, socket.SOCK_STREAM)
            try:
                sock.connect(address)
                return sock
            except OSError:
                sock.close()
                self.addresses.pop()
                row = self.addresses.peek()
        raise ConnectionError("no address answered")

    def query(self, sql):
        if self.sock is None:
            self.sock = self._connect()
        data = sql.encode()
        self.sock.sendall(struct.pack("!cI", b"Q", len(data) + 4) + data)
        kind, size = struct.unpack("!cI", self.sock.recv(5))
        return kind, self.sock.recv(size - 4)
