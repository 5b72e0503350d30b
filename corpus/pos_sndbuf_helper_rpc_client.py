"""Upload client whose socket options are applied by a small helper: NODELAY is
set (fine) but SO_SNDBUF is pinned to 4 KiB, far below one 64 KiB request, so each
upload crawls behind the receiver's delayed ACKs."""
import socket
import struct


def _tune(sock):
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # expect: NAG302


class UploadClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        _tune(self.sock)

    def upload(self, blob):
        self.sock.sendall(struct.pack("!I", len(blob)) + blob)
        status = self.sock.recv(16)
        if not status.startswith(b"OK"):
            raise RuntimeError(status.decode(errors="replace"))
        return len(blob)

    def close(self):
        self.sock.close()


def upload_all(port, blobs):
    client = UploadClient(port)
    try:
        return sum(client.upload(b) for b in blobs)
    finally:
        client.close()
