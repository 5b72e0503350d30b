"""A metrics cache's query server in the style of Twisted's examples: a stock ServerFactory built
bare and given its protocol by assignment, the handler class defined in the function that
listens. Each query is answered on a kept connection with Nagle on."""
from twisted.internet import reactor
from twisted.internet.protocol import ServerFactory
from twisted.protocols.basic import LineReceiver


def serve_queries(cache, port=7002):
    class QueryHandler(LineReceiver):
        def lineReceived(self, line):
            values = cache.get(line.decode("ascii", "replace"), [])
            self.sendLine(",".join(map(str, values)).encode())

    factory = ServerFactory()
    factory.protocol = QueryHandler
    reactor.listenTCP(port, factory)  # expect: NAG202
    reactor.run()
