"""A bulk-load client that streams a file to the server over its kept connection: a
`while True:` loop reads a chunk, stops at EOF, and sends each chunk with its own framing call
and flush; after the loop it sends the end marker and waits for the server's summary. With
Nagle on, the last short chunk and the end marker wait for the server's delayed ACK of the
chunk before them, once per load."""
import socket
import struct


class BulkLoader:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.out = self.sock.makefile("wb")

    def _frame(self, kind, payload):
        self.out.write(kind + struct.pack("!I", len(payload) + 4))
        self.out.write(payload)

    def load(self, stream):
        buffer = bytearray(8192)
        while True:
            size = stream.readinto(buffer)
            if size == 0:
                break
            self._frame(b"d", bytes(buffer[:size]))
            self.out.flush()  # expect: NAG103
        self._frame(b"c", b"")
        self.out.flush()  # expect: NAG101
        return self.sock.recv(64)


if __name__ == "__main__":
    import io

    loader = BulkLoader("127.0.0.1", 5433)
    loader.load(io.BytesIO(b"1,2,3\n" * 1000))
    loader.load(io.BytesIO(b"4,5,6\n" * 1000))
