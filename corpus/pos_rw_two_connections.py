"""Sharded cache client with long-lived Nagle-on connections: set() picks one connection
from the dict by key and writes the command line and the value to it as two sendall()
calls before reading, and replicate() writes command line and value to each replica in
turn before reading the replies. On each connection the value is a second piece that
waits for that server's delayed ACK."""
import socket
import zlib


class ShardedCache:
    def __init__(self, shards, replicas):
        self.conns = {n: socket.create_connection(a) for n, a in shards.items()}  # expect: NAG201
        self.names = sorted(self.conns)
        self.replicas = [socket.create_connection(addr) for addr in replicas]  # expect: NAG201

    def _conn_for(self, key):
        return self.names[zlib.crc32(key) % len(self.names)]

    def set(self, key, value):
        name = self._conn_for(key)
        self.conns[name].sendall(b"set %s %d\r\n" % (key, len(value)))
        self.conns[name].sendall(value + b"\r\n")  # expect: NAG101
        return self.conns[name].recv(64) == b"STORED\r\n"

    def replicate(self, key, value):
        for conn in self.replicas:
            conn.sendall(b"set %s %d\r\n" % (key, len(value)))
            conn.sendall(value + b"\r\n")  # expect: NAG101
        replies = [conn.recv(64) for conn in self.replicas]
        return all(reply == b"STORED\r\n" for reply in replies)
