"""The same bulk-load client, stop-and-wait: each chunk of the `while True:` loop is answered by
the server before the next one goes, the end marker is one write, and TCP_NODELAY is set when
the client connects."""
import socket
import struct


class BulkLoader:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _frame(self, kind, payload):
        self.sock.sendall(kind + struct.pack("!I", len(payload) + 4) + payload)

    def load(self, stream):
        buffer = bytearray(8192)
        while True:
            size = stream.readinto(buffer)
            if size == 0:
                break
            self._frame(b"d", bytes(buffer[:size]))
            self.sock.recv(16)
        self._frame(b"c", b"")
        return self.sock.recv(64)


if __name__ == "__main__":
    import io

    loader = BulkLoader("127.0.0.1", 5433)
    loader.load(io.BytesIO(b"1,2,3\n" * 1000))
    loader.load(io.BytesIO(b"4,5,6\n" * 1000))
