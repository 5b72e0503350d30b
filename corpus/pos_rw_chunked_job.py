"""A print client that streams each job in 64 KiB slices (`view[offset:offset + CHUNK]`,
directly and through its connection helper's `send(data)`): full segments, which Nagle never
holds, so the slicing loop is no write loop. What stalls is the one-byte terminator written
after the last slice before the acknowledgement is read, on a connection kept with Nagle on."""
import socket

CHUNK = 64 * 1024


class Link:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def send(self, data):
        self.sock.sendall(data)

    def expect_ack(self):
        return self.sock.recv(1)

    def status(self):
        self.sock.sendall(b"~HS\r")
        return self.sock.recv(128)

    def stream(self, data):
        view = memoryview(data)
        for offset in range(0, len(view), CHUNK):
            self.sock.sendall(view[offset:offset + CHUNK])
        return self.expect_ack()

    def send_file(self, content):
        view = memoryview(content)
        for start in range(0, len(view), CHUNK):
            self.send(view[start:start + CHUNK])
        self.send(b"\x00")  # expect: NAG101
        return self.expect_ack()
