"""Twisted request/response protocols on TCP transports that never call setTcpNoDelay:
a line client connected by reactor.connectTCP through a ClientFactory, a key-value
client reached through a TCP endpoint string, and a line server listened on with
Factory.forProtocol. Twisted sends what one reactor turn wrote as one buffer, so
each is one finding for the missing TCP_NODELAY, where the transport is made."""
from twisted.internet import reactor
from twisted.internet.endpoints import clientFromString
from twisted.internet.protocol import ClientFactory, Factory, Protocol
from twisted.protocols.basic import LineReceiver


class StatusClient(LineReceiver):
    def connectionMade(self):
        self.factory.clients.append(self)

    def ask(self, key):
        self.sendLine(b"GET " + key)

    def lineReceived(self, line):
        self.factory.answered(line)


class StatusClientFactory(ClientFactory):
    protocol = StatusClient

    def __init__(self):
        self.clients = []

    def answered(self, line):
        print(line)


class KeyValueProtocol(Protocol):
    def __init__(self, store):
        self.store = store
        self.pending = []

    def put(self, key, value):
        self.transport.write(b"%s=%s\n" % (key, value))

    def dataReceived(self, data):
        self.store.reply(data)


class KeyValueFactory(Factory):
    def __init__(self, store):
        self.store = store

    def buildProtocol(self, addr):
        proto = KeyValueProtocol(self.store)
        proto.factory = self
        return proto


class EchoLines(LineReceiver):
    def lineReceived(self, line):
        self.sendLine(line.upper())


def start(host, port, store):
    reactor.connectTCP(host, port, StatusClientFactory())  # expect: NAG201
    description = "tcp:%s:%d" % (host, port + 1)
    endpoint = clientFromString(reactor, description)
    return endpoint.connect(KeyValueFactory(store))  # expect: NAG201


def serve(port):
    reactor.listenTCP(port, Factory.forProtocol(EchoLines))  # expect: NAG202
    reactor.run()
