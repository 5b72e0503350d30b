"""The same fake key-value server for tests of a client library (replies through a `@dataclass`
Writer built around `self.wfile`, one flush per reply, the next command read after each), whose
handler sets disable_nagle_algorithm, which the stock setup() it calls applies: each reply
leaves at once."""
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


class FakeHandler(StreamRequestHandler):
    disable_nagle_algorithm = True
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
