"""The client side: a protocol that answers keep-alives and asks for chunks, and the reconnecting
factory that builds it."""
from twisted.internet.protocol import ReconnectingClientFactory

from rw_twisted_game.game_protocol import GameProtocol


class GameClientProtocol(GameProtocol):
    def packet_received(self, kind, payload):
        if kind == 1:  # keep-alive: echo its id
            self.send_packet(1, payload)
        elif kind == 2:  # a chunk arrived: ask for the next one
            self.factory.chunks.append(payload)
            self.send_packet(3, struct_next(len(self.factory.chunks)))


def struct_next(index):
    return index.to_bytes(4, "big")


class GameClientFactory(ReconnectingClientFactory):
    protocol = GameClientProtocol

    def __init__(self):
        self.chunks = []
