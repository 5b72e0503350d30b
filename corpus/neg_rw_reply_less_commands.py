"""The shapes of pos_rw_reply_less_commands.py where nothing waits: every command passed with
the default expect_response=True reads its reply before the next one; TCP_NODELAY is set."""
import socket


class Session:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _command(self, payload, expect_response=True):
        self.sock.sendall(len(payload).to_bytes(4, "big") + payload)
        return self.sock.recv(4096) if expect_response else None

    def upload(self, stream):
        chunk = stream.read(65536)
        while chunk:
            self._command(chunk)
            chunk = stream.read(65536)
        return self._command(b"")

