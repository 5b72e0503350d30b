"""A Twisted client whose caller turns Nagle off on the protocol the endpoint hands back:
the transport has TCP_NODELAY before the first ping is written."""
from twisted.internet import reactor
from twisted.internet.endpoints import TCP4ClientEndpoint
from twisted.internet.protocol import Factory, Protocol


class Pinger(Protocol):
    def ping(self):
        self.transport.write(b"PING\r\n")

    def dataReceived(self, data):
        print(data)


def _fast(proto):
    proto.transport.setTcpNoDelay(True)
    return proto


def ping(host, port):
    d = TCP4ClientEndpoint(reactor, host, port).connect(Factory.forProtocol(Pinger))
    d.addCallback(_fast)
    return d
