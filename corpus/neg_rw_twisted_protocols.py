"""Twisted protocols that need no TCP_NODELAY finding: one sets it in connectionMade
(only on TCP transports, the way Twisted's own HTTP does), one is a one-shot answer
that closes the connection after it, and one runs over a Unix endpoint."""
from twisted.internet import reactor
from twisted.internet.endpoints import clientFromString
from twisted.internet.interfaces import ITCPTransport
from twisted.internet.protocol import ClientFactory, Factory, Protocol
from twisted.protocols.basic import LineReceiver


class FastLines(LineReceiver):
    def connectionMade(self):
        if ITCPTransport.providedBy(self.transport):
            self.transport.setTcpNoDelay(True)

    def lineReceived(self, line):
        self.sendLine(b"OK " + line)


class Quote(Protocol):
    def dataReceived(self, data):
        self.transport.write(b"An apple a day\r\n")
        self.transport.loseConnection()


class LocalQuery(Protocol):
    def query(self, text):
        self.transport.write(text)

    def dataReceived(self, data):
        print(data)


class LocalFactory(ClientFactory):
    protocol = LocalQuery


def serve(port):
    reactor.listenTCP(port, Factory.forProtocol(FastLines))
    reactor.listenTCP(port + 1, Factory.forProtocol(Quote))


def local(path):
    endpoint = clientFromString(reactor, "unix:path=" + path)
    return endpoint.connect(LocalFactory())

