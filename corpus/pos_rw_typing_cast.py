"""A typed client: the socket attribute starts as `cast(socket.socket, None)` so the type
checker sees a socket, and each method narrows it again with
`self.sock = cast(socket.socket, self.sock)`. A cast changes nothing at run time: the
connection is the kept create_connection() socket, Nagle on, and put() writes the header and
the value apart before the reply."""
import socket
import struct
from typing import cast


class TypedClient:
    def __init__(self, host: str, port: int) -> None:
        self.address = (host, port)
        self.sock = cast(socket.socket, None)

    def connect(self) -> None:
        self.sock = socket.create_connection(self.address)  # expect: NAG201

    def put(self, key: bytes, value: bytes) -> bytes:
        self.sock = cast(socket.socket, self.sock)
        self.sock.sendall(struct.pack("!HI", len(key), len(value)) + key)
        self.sock.sendall(value)  # expect: NAG101
        return self.sock.recv(2)

    def get(self, key: bytes) -> bytes:
        sock = cast(socket.socket, self.sock)
        sock.sendall(struct.pack("!HI", len(key), 0) + key)
        return sock.recv(4096)
