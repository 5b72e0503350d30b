"""The client of pos_rw_pool_list_kept.py turning Nagle off on each connection before it
goes into the list, and writing each call in one buffer."""
import socket
import struct


class Invoker:
    def __init__(self, servers):
        clients = []
        for host, port in servers:
            conn = socket.create_connection((host, port))
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            clients.append(conn)
        self.clients = clients
        self.turn = 0

    def invoke(self, body):
        client = self.clients[self.turn % len(self.clients)]
        self.turn += 1
        client.sendall(struct.pack(">4sIQ", b"RPC1", len(body), self.turn) + body)
        return client.recv(65536)
