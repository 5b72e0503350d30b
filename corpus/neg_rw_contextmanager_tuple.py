"""The client of pos_rw_contextmanager_tuple.py talking to a local agent over a Unix socket:
no Nagle there, so the header line and the sealed file go out at once."""
import contextlib
import socket

from e2eecrypto import Cipher


def client_handshake(sock):
    sock.sendall(b"HELLO " + Cipher.public_key() + b"\n")
    return Cipher(sock.recv(4096))


class Client:
    def __init__(self, path):
        self.path = path

    @contextlib.contextmanager
    def _channel(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.path)
        try:
            cipher = client_handshake(sock)
            yield sock, cipher
        finally:
            sock.close()

    def upload(self, name, data):
        with self._channel() as (sock, cipher):
            sealed = cipher.encrypt(data)
            sock.sendall(f"SEND|{name}|{len(sealed)}\n".encode())
            sock.sendall(sealed)
            return sock.recv(64)
