"""The package's own RPC client (the shape of pos_rw_forwarding_wrapper, inside the package):
UUID here is the record class of records.py, while framing.py, which defines SessionSocket,
takes UUID from the uuid module. A record class that touches no socket, nor do its bases,
cannot change what a stream is, so framing.py is read with this module."""
import socket

from .framing import SessionSocket
from .records import UUID, CallRecord


class PackageRpcClient:
    def __init__(self, host, port=4135):
        self.host, self.port = host, port
        self.sock = None

    def connect(self):
        sock = socket.socket()  # expect: NAG201
        sock.connect((self.host, self.port))
        self.sock = SessionSocket(sock, CallRecord, session=UUID(node=b"\x01" * 6))

    def call(self, opnum, stub):
        return self.sock.exchange(bytes(CallRecord(opnum=bytes([opnum]), stub=stub)))
