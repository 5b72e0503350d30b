"""An encrypted file-transfer client opens each session through a @contextmanager that makes
the connection, runs a key exchange on it and yields the socket with the session's cipher as a
pair (`with self._channel() as (sock, cipher):`). The upload then writes its header line and
the encrypted file as two sendall() calls before the status line: after the handshake's
exchange, the file waits for the server's delayed ACK."""
import contextlib
import socket

from e2eecrypto import Cipher


def client_handshake(sock):
    sock.sendall(b"HELLO " + Cipher.public_key() + b"\n")
    return Cipher(sock.recv(4096))


class Client:
    def __init__(self, host, port):
        self.host, self.port = host, port

    @contextlib.contextmanager
    def _channel(self):
        sock = socket.create_connection((self.host, self.port))  # expect: NAG201
        try:
            cipher = client_handshake(sock)
            yield sock, cipher
        finally:
            sock.close()

    def upload(self, name, data):
        with self._channel() as (sock, cipher):
            sealed = cipher.encrypt(data)
            sock.sendall(f"SEND|{name}|{len(sealed)}\n".encode())
            sock.sendall(sealed)  # expect: NAG101
            return sock.recv(64)
