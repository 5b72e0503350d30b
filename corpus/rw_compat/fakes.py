"""In-memory stand-ins with the names of socket helpers, for tests that need no network."""
import io


class FakeSocket:
    def __init__(self):
        self.sent = io.BytesIO()
        self.replies = io.BytesIO(b"+OK\r\n" * 100)

    def sendall(self, data):
        self.sent.write(data)

    def recv(self, size):
        return self.replies.read(size)


def create_connection(address, timeout=None):
    return FakeSocket()
