"""An RPC client that connects to every server into a local list, then keeps the list
(`self.clients = clients`), and writes each call's 16-byte header and its body apart on the
connection it takes from it before reading the answer."""
import socket
import struct


class Invoker:
    def __init__(self, servers):
        clients = []
        for host, port in servers:
            conn = socket.create_connection((host, port))  # expect: NAG201
            clients.append(conn)
        self.clients = clients
        self.turn = 0

    def invoke(self, body):
        client = self.clients[self.turn % len(self.clients)]
        self.turn += 1
        client.sendall(struct.pack(">4sIQ", b"RPC1", len(body), self.turn))
        client.sendall(body)  # expect: NAG101
        return client.recv(65536)
