"""The metrics cache's query server turning Nagle off in each connection's connectionMade(): the
answers leave at once."""
from twisted.internet import reactor
from twisted.internet.protocol import ServerFactory
from twisted.protocols.basic import LineReceiver


def serve_queries(cache, port=7002):
    class QueryHandler(LineReceiver):
        def connectionMade(self):
            self.transport.setTcpNoDelay(True)

        def lineReceived(self, line):
            values = cache.get(line.decode("ascii", "replace"), [])
            self.sendLine(",".join(map(str, values)).encode())

    factory = ServerFactory()
    factory.protocol = QueryHandler
    reactor.listenTCP(port, factory)
    reactor.run()
