"""A database client with failover: an address list resolves each host lazily and peek() hands
back the first getaddrinfo row; the connection unpacks the family from it and makes a
SOCK_STREAM socket. The family is known only at run time, but the file never names the
other stream family: a stream socket here is TCP, kept for every query, with Nagle on
(reported, never fixed, since the family is not proven)."""
import collections
import socket
import struct


class AddressList:
    def __init__(self, hosts):
        self.entries = collections.deque((host, port, None) for host, port in hosts)

    def peek(self):
        while self.entries:
            host, port, row = self.entries[0]
            if row is not None:
                return row
            self.entries.popleft()
            for found in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
                self.entries.appendleft((host, port, found))
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
            sock = socket.socket(family, socket.SOCK_STREAM)  # expect: NAG201
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
