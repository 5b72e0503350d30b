"""A game client whose writer and reader classes come from a codec package, their bases
re-exported by a facade module there: an event (no reply) then a request on the kept
connection, with Nagle on, so the request waits for the server's delayed ACK."""
import socket

from rw_facade_codec.routing import Reader, Writer


class GameClient:
    def __init__(self, host, port=7777):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.writer, self.reader = Writer(), Reader()

    def move(self, position):
        self.writer.event(self.sock, position)

    def ask(self, query):
        self.writer.request(self.sock, query)
        return self.reader.next_message(self.sock)
