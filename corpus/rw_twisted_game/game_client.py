"""Connecting: the factory goes through a private helper that picks TCP or TLS. Twisted leaves
Nagle on, and nothing here or in the protocol calls setTcpNoDelay."""
from twisted.internet import reactor, ssl

from rw_twisted_game.game_factory import GameClientFactory


def _connect(host, port, factory, tls):
    if tls:
        reactor.connectSSL(host, port, factory, ssl.ClientContextFactory())  # expect: NAG201
    else:
        reactor.connectTCP(host, port, factory)  # expect: NAG201


def connect(host, port=25565, tls=False):
    factory = GameClientFactory()
    _connect(host, port, factory, tls)
    return factory
