"""The same session on a local bridge: the constructor connects over a Unix socket or TLS,
decided at run time, so the transport is not known to be TCP."""
from twisted.application.internet import ClientService
from twisted.internet import protocol, reactor
from twisted.internet.endpoints import clientFromString


class FixSession(protocol.Protocol):
    def connectionMade(self):
        self.transport.write(b"8=FIX.4.4\x019=5\x0135=A\x01")

    def dataReceived(self, data):
        if b"35=1\x01" in data:
            self.transport.write(b"8=FIX.4.4\x019=5\x0135=0\x01")


class BridgeClient(ClientService):
    def __init__(self, path, host, port, tls=False):
        endpoint = clientFromString(reactor, f"ssl:{host}:{port}" if tls else f"unix:{path}")
        super().__init__(endpoint, protocol.Factory.forProtocol(FixSession))
