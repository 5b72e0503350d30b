"""The same typed client, which turns Nagle off through the narrowed name
(`sock = cast(socket.socket, self.sock)`, then TCP_NODELAY on it) and writes each request in
one piece: a kept request/response connection with Nagle off."""
import socket
import struct
from typing import cast


class TypedClient:
    def __init__(self, host: str, port: int) -> None:
        self.address = (host, port)
        self.sock = cast(socket.socket, None)

    def connect(self) -> None:
        self.sock = socket.create_connection(self.address)
        sock = cast(socket.socket, self.sock)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def put(self, key: bytes, value: bytes) -> bytes:
        self.sock = cast(socket.socket, self.sock)
        self.sock.sendall(struct.pack("!HI", len(key), len(value)) + key + value)
        return self.sock.recv(2)

    def get(self, key: bytes) -> bytes:
        sock = cast(socket.socket, self.sock)
        sock.sendall(struct.pack("!HI", len(key), 0) + key)
        return sock.recv(4096)
