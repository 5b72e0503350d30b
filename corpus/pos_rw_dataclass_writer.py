"""A fake key-value server for tests of a client library: the request handler keeps its replies
going through a `@dataclass` Writer built around `self.wfile` (the dataclass writes the
__init__ that stores it), one flush per reply, and reads the next command line after each.
The handler keeps the connection for every command of a pipeline with Nagle on: each reply
after the first waits for the client's delayed ACK."""
from dataclasses import dataclass, field
from io import BufferedIOBase
from socketserver import StreamRequestHandler, ThreadingTCPServer


@dataclass
class Writer:
    client: tuple
    out: BufferedIOBase
    sent: int = field(default=0, init=False)

    def reply(self, value: bytes) -> None:
        self.out.write(b"$%d\r\n%s\r\n" % (len(value), value))
        self.out.flush()
        self.sent += 1


class FakeHandler(StreamRequestHandler):  # expect: NAG202
    store: dict = {}

    def setup(self):
        super().setup()
        self.writer = Writer(self.client_address, self.wfile)

    def handle(self):
        while True:
            line = self.rfile.readline()
            if not line:
                break
            command, _, key = line.strip().partition(b" ")
            self.writer.reply(self.store.get(key, b"") if command == b"GET" else b"OK")


if __name__ == "__main__":
    ThreadingTCPServer(("127.0.0.1", 0), FakeHandler).handle_request()
