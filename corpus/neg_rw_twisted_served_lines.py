"""Library server protocols served by ServerFactory classes, no listen call in the library:
a lookup server that answers each request line with one line of its own (the next request ACKs
the answer before it, so nothing waits), and a streaming channel that turns Nagle off itself on
TCP transports."""
from twisted.internet import defer, protocol
from twisted.internet.interfaces import IConsumer, ITCPTransport
from twisted.protocols import basic
from zope.interface import implementer


class LookupServer(basic.LineReceiver):
    delimiter = b"\n"

    def lineReceived(self, line):
        d = defer.maybeDeferred(self.factory.table.get, line.strip())
        d.addCallback(self._answer)

    def _answer(self, value):
        if value is None:
            self.sendLine(b"500 not found")
        else:
            self.sendLine(b"200 " + value)


class LookupFactory(protocol.ServerFactory):
    protocol = LookupServer

    def __init__(self, table):
        self.table = table


@implementer(IConsumer)
class StreamChannel(basic.LineReceiver):
    def connectionMade(self):
        if ITCPTransport.providedBy(self.transport):
            self.transport.setTcpNoDelay(True)

    def lineReceived(self, line):
        self.write(b"OK " + line + b"\r\n")

    def write(self, data):
        self.transport.write(data)

    def registerProducer(self, producer, streaming):
        self.transport.registerProducer(producer, streaming)

    def unregisterProducer(self):
        self.transport.unregisterProducer()


class StreamFactory(protocol.ServerFactory):
    protocol = StreamChannel
