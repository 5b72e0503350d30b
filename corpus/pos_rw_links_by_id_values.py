"""A cluster node keeps one connection per peer in a dict keyed by the peer's id. `tell()`
looks the connection up by id and writes a request; `gather()` waits with select() on a copy
of the dict's values and reads each ready peer's reply in a list comprehension. The links
live as long as the node and carry an exchange per round, Nagle on."""
import select
import socket
import struct


class PeerLinks:
    def __init__(self):
        self.links = {}

    def dial(self, peer_id, address):
        conn = socket.create_connection(address)  # expect: NAG201
        self.links[peer_id] = conn

    def tell(self, peer_id, payload):
        self.links[peer_id].sendall(struct.pack("!I", len(payload)) + payload)

    def gather(self, timeout=1.0):
        ready, _, _ = select.select(list(self.links.values()), [], [], timeout)
        return [conn.recv(4096) for conn in ready]
