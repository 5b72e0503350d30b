"""Routed messages: the codec's reader and writer under the names the game client uses."""
from .facade import BaseReader, BaseWriter

EVENT, REQUEST = 1, 2


class Writer(BaseWriter):
    def event(self, conn, body):
        self.encode(conn, EVENT, body)

    def request(self, conn, body):
        self.encode(conn, REQUEST, body)


class Reader(BaseReader):
    def next_message(self, conn):
        return self.decode(conn)
