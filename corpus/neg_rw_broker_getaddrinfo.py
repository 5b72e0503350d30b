"""The database-driver shape of pos_rw_broker_getaddrinfo.py with TCP_NODELAY set after the
connect: the family placeholder, the getaddrinfo row and the swapped broker change nothing."""
import socket
import zlib


class PlainBroker:
    def send(self, sock, payload):
        sock.sendall(len(payload).to_bytes(3, "little") + payload)

    def recv(self, sock):
        size = int.from_bytes(sock.recv(3), "little")
        return sock.recv(size)


class CompressedBroker(PlainBroker):
    def send(self, sock, payload):
        packed = zlib.compress(payload)
        sock.sendall(len(packed).to_bytes(3, "little") + packed)


class Channel:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.sock = None
        self._family = 0
        self._broker = PlainBroker()

    def use_compression(self):
        self._broker = CompressedBroker()

    def open(self):
        row = (None, None, None, None, None)
        rows = socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        for info in rows:
            if info[0] == socket.AF_INET:
                row = info
                break
        if row[0] is None:
            row = rows[0]
        (self._family, kind, proto, _, address) = row
        self.sock = socket.socket(self._family, kind, proto)
        self.sock.connect(address)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, payload):
        self._broker.send(self.sock, payload)

    def recv(self):
        return self._broker.recv(self.sock)
