"""The cluster node of pos_rw_links_by_id_values.py, with TCP_NODELAY set on each peer's
connection as it is dialled: a request per round goes out at once."""
import select
import socket
import struct


class PeerLinks:
    def __init__(self):
        self.links = {}

    def dial(self, peer_id, address):
        conn = socket.create_connection(address)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.links[peer_id] = conn

    def tell(self, peer_id, payload):
        self.links[peer_id].sendall(struct.pack("!I", len(payload)) + payload)

    def gather(self, timeout=1.0):
        ready, _, _ = select.select(list(self.links.values()), [], [], timeout)
        return [conn.recv(4096) for conn in ready]
