"""A FIX trading client built on Twisted's ClientService: its constructor builds the endpoint
from a TLS or plain TCP description and hands it to the base with the factory. The session
answers heartbeats and sends orders on one kept connection; nothing calls setTcpNoDelay()."""
from twisted.application.internet import ClientService
from twisted.internet import protocol, reactor
from twisted.internet.endpoints import clientFromString


class FixSession(protocol.Protocol):
    def connectionMade(self):
        self.transport.write(b"8=FIX.4.4\x019=5\x0135=A\x01")

    def dataReceived(self, data):
        if b"35=1\x01" in data:  # a test request: answer with a heartbeat
            self.transport.write(b"8=FIX.4.4\x019=5\x0135=0\x01")

    def new_order(self, fields):
        self.transport.write(b"8=FIX.4.4\x0135=D\x01" + fields)


class TradingClient(ClientService):
    def __init__(self, host, port, tls=False):
        endpoint = clientFromString(reactor, f"ssl:{host}:{port}" if tls else f"tcp:{host}:{port}")
        super().__init__(endpoint, protocol.Factory.forProtocol(FixSession))  # expect: NAG201
