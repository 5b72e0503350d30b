"""Writes that look like a split but go to two connections: migrate() calls the factory
twice and sends one request on each (both one-shot), check() writes once to each of two
TCP_NODELAY connections kept in a dict under different keys, and broadcast() writes one
piece to a different fresh socket each loop turn. No connection ever carries a second
piece of one message, so nothing waits for a delayed ACK."""
import socket


class ShardAdmin:
    def __init__(self, primary, replica, peers):
        self.primary, self.replica, self.peers = primary, replica, peers
        self.conns = {"primary": self._dial(primary), "replica": self._dial(replica)}

    def _open(self, address):
        return socket.create_connection(address, 5.0)

    def _dial(self, address):
        sock = socket.create_connection(address, 5.0)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def migrate(self, key):
        src = self._open(self.primary)
        dst = self._open(self.replica)
        try:
            src.sendall(b"DUMP %s\r\n" % key)
            blob = src.recv(65536)
            dst.sendall(b"RESTORE %s %d\r\n" % (key, len(blob)) + blob)
            return dst.recv(16) == b"+OK\r\n"
        finally:
            src.close()
            dst.close()

    def check(self):
        self.conns["primary"].sendall(b"PING\r\n")
        self.conns["replica"].sendall(b"PING\r\n")
        return [self.conns[k].recv(16) for k in ("primary", "replica")]

    def broadcast(self, command):
        socks = [socket.create_connection(peer, 5.0) for peer in self.peers]
        try:
            for sock in socks:
                sock.sendall(command)
            return [sock.recv(64) for sock in socks]
        finally:
            for sock in socks:
                sock.close()
