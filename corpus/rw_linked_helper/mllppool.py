"""A pooled MLLP client: the connection is made and kept here, and every message goes through
the framing module's `send_mllp()`, which writes it in three pieces before the reply. Nagle is
on, so each message waits for the peer's delayed ACK."""
import socket

from .mllpframe import send_mllp


class MllpConnection:
    def __init__(self, address):
        self.sock = socket.create_connection(address)  # expect: NAG201

    def send(self, message):
        return send_mllp(self.sock, message)  # expect: NAG101
