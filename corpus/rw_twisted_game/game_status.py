"""Silent shapes beside the game client: a status probe built for one request, written as the
connection opens and closed by the server after its answer (twisted.web's ProxyClient), and a
logging wrapper that relays another protocol's bytes (twisted's ProtocolWrapper)."""
from twisted.internet import reactor
from twisted.internet.protocol import ClientFactory, Factory, Protocol
from twisted.protocols.basic import LineReceiver


class StatusProbe(LineReceiver):
    def __init__(self, query, deferred):
        self.query, self.deferred = query, deferred

    def sendQuery(self, query):
        self.transport.write(b"STATUS " + query + b"\r\n")

    def connectionMade(self):
        self.sendQuery(self.query)

    def lineReceived(self, line):
        self.deferred.callback(line)


class StatusFactory(ClientFactory):
    def __init__(self, query, deferred):
        self.query, self.deferred = query, deferred

    def buildProtocol(self, addr):
        return StatusProbe(self.query, self.deferred)


def probe(host, port, query, deferred):
    reactor.connectTCP(host, port, StatusFactory(query, deferred))


class Logged(Protocol):
    def __init__(self, wrapped, log):
        self.wrapped, self.log = wrapped, log

    def write(self, data):
        self.log.append(("out", data))
        self.transport.write(data)

    def dataReceived(self, data):
        self.log.append(("in", data))
        self.wrapped.dataReceived(data)


class LoggingFactory(Factory):
    def __init__(self, inner, log):
        self.inner, self.log = inner, log

    def buildProtocol(self, addr):
        return Logged(self.inner.buildProtocol(addr), self.log)


def serve_logged(port, inner, log):
    reactor.listenTCP(port, LoggingFactory(inner, log))
