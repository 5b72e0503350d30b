"""The same game client, its writer and reader classes from a codec package whose bases a
facade module there re-exports: an event (no reply) then a request on the kept connection,
with TCP_NODELAY set, so nothing waits for an ACK."""
import socket

from rw_facade_codec.routing import Reader, Writer


class GameClient:
    def __init__(self, host, port=7777):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.writer, self.reader = Writer(), Reader()

    def move(self, position):
        self.writer.event(self.sock, position)

    def ask(self, query):
        self.writer.request(self.sock, query)
        return self.reader.next_message(self.sock)
