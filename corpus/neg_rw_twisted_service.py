"""The same position server as a Twisted application service, its protocol turning Nagle off on
each connection it serves."""
from twisted.application import internet, service
from twisted.internet.protocol import Factory
from twisted.protocols.basic import LineReceiver


class PositionProtocol(LineReceiver):
    def connectionMade(self):
        self.transport.setTcpNoDelay(True)
        self.factory.clients.append(self)

    def connectionLost(self, reason):
        self.factory.clients.remove(self)

    def lineReceived(self, line):
        for client in self.factory.clients:
            if client is not self:
                client.sendLine(line)
        self.sendLine(b"ACK")


class PositionFactory(Factory):
    protocol = PositionProtocol

    def __init__(self):
        self.clients = []


class PositionService(service.MultiService):
    factory = None  # built when the service starts

    def __init__(self, port):
        super().__init__()
        self.port = port

    def getServerService(self):
        self.factory = factory = PositionFactory()
        return internet.TCPServer(self.port, factory)

    def startService(self):
        self.getServerService().setServiceParent(self)
        super().startService()


application = service.Application("positions")
PositionService(6809).setServiceParent(application)
