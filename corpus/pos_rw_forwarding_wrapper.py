"""An RPC client over a plain TCP socket without TCP_NODELAY: connect() hands the socket to
SessionSocket (rw_layered/framing.py), whose __init__ forwards *args/**kwargs to FrameSocket,
which keeps it. On the relay branch the local is first replaced by a relay wrapper; on the
direct branch the socket itself goes in. Every call() is one framed request and its reply on
the same connection, so a request sent in pieces waits for the server's delayed ACK.
(framing.py takes UUID from the uuid module; here it is a record class of the package.)"""
import socket

from rw_layered.framing import SessionSocket
from rw_layered.records import UUID, CallRecord


class Relay:
    @classmethod
    def over(cls, sock, route):
        relay = cls()
        relay.inner, relay.route = sock, route
        return relay


class RpcClient:
    def __init__(self, relay_route=None):
        self.relay_route = relay_route
        self.sock = None

    def connect(self, host, port=4135):
        sock = socket.socket()  # expect: NAG201
        sock.settimeout(5)
        sock.connect((host, port))
        if self.relay_route:
            sock = Relay.over(sock, self.relay_route)
            self.sock = SessionSocket(sock, CallRecord)
        else:
            self.sock = SessionSocket(sock, CallRecord, session=UUID(node=b"\x00" * 6))

    def call(self, opnum, stub):
        return self.sock.exchange(bytes(CallRecord(opnum=bytes([opnum]), stub=stub)))

    def close(self):
        self.sock.sock.close()
