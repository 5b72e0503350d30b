"""The same package client on QuickSessionSocket, which sets TCP_NODELAY on the socket its
forwarding __init__ hands to the base: read with framing.py (UUID means two things there and
here, neither of them a stream), the calls are sent at once."""
import socket

from .framing import QuickSessionSocket
from .records import UUID, CallRecord


class QuickPackageRpcClient:
    def __init__(self, host, port=4135):
        self.host, self.port = host, port
        self.sock = None

    def connect(self):
        sock = socket.socket()
        sock.connect((self.host, self.port))
        self.sock = QuickSessionSocket(sock, CallRecord, session=UUID(node=b"\x01" * 6))

    def call(self, opnum, stub):
        return self.sock.exchange(bytes(CallRecord(opnum=bytes([opnum]), stub=stub)))
