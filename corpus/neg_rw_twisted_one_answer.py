"""A login honeypot on Twisted: it greets, waits for the whole login packet, answers it and closes
the connection on every path that answers. One exchange per connection: the close pushes out
what Nagle holds, and nothing is ever written after the answer."""
from twisted.internet import reactor
from twisted.internet.protocol import Factory, Protocol


class FakeLogin(Protocol):
    def connectionMade(self):
        self.buffer = b""
        self.transport.write(b"\x0a5.5.43\x00greeting")

    def dataReceived(self, data):
        self.buffer += data
        if len(self.buffer) < 4:
            return  # the rest of the packet is still on its way
        if self.buffer[3] != 1:
            self.transport.write(b"\x01\x00\x00\x02\xffout of order")
            self.transport.loseConnection()
        else:
            self.factory.record(self.buffer)
            self.transport.write(b"\x01\x00\x00\x02\xffaccess denied")
            self.transport.loseConnection()


class FakeLoginFactory(Factory):
    protocol = FakeLogin

    def record(self, packet):
        print(packet)


def main():
    reactor.listenTCP(3306, FakeLoginFactory())
    reactor.run()
