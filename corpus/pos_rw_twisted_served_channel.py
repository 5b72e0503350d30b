"""A library's RPC server channel: no listen call in the library, its users listen on the
factory. Replies are written through the channel by Reply objects, the status line at once and
the payload when the handler's Deferred fires (a later reactor turn), so with Nagle on the
payload waits for the client's delayed ACK of the status line."""
from twisted.internet import defer, protocol
from twisted.internet.interfaces import IConsumer, IProtocol
from twisted.protocols import basic
from twisted.python.components import proxyForInterface
from zope.interface import implementer


class Reply:
    def __init__(self, channel, number):
        self.channel = channel
        self.number = number

    def status(self, code):
        self.channel.write(b"%d %d\r\n" % (self.number, code))

    def finish(self, payload):
        self.channel.write(b"%d\r\n" % len(payload))
        self.channel.write(payload)


@implementer(IConsumer)
class RPCChannel(basic.LineReceiver):  # expect: NAG202
    handlers: dict = {}

    def __init__(self):
        self.count = 0

    def lineReceived(self, line):
        self.count += 1
        name, _, arg = line.partition(b" ")
        reply = Reply(self, self.count)
        reply.status(200)
        d = defer.maybeDeferred(self.handlers[name], arg)
        d.addCallback(reply.finish)

    def write(self, data):
        self.transport.write(data)

    def registerProducer(self, producer, streaming):
        self.transport.registerProducer(producer, streaming)

    def unregisterProducer(self):
        self.transport.unregisterProducer()


class _Selector(proxyForInterface(IProtocol, "_current")):
    """Starts every connection on the line channel; a future version may switch protocols."""


def _build(factory):
    return _Selector(RPCChannel())


class RPCFactory(protocol.ServerFactory):
    protocol = _build

    def buildProtocol(self, addr):
        p = protocol.ServerFactory.buildProtocol(self, addr)
        p.factory = self
        return p
