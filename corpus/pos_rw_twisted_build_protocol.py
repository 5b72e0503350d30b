"""A POP3 honeypot on Twisted: the factory builds each protocol in buildProtocol(), and the
server listens through `listenTCP` imported from the reactor, under the script's main guard.
Every connection answers a session of commands with Nagle on."""
from twisted.internet.protocol import ServerFactory
from twisted.internet.reactor import listenTCP, run
from twisted.protocols.basic import LineReceiver


class Pop3Server(LineReceiver):
    def __init__(self, banner):
        self.banner = banner

    def connectionMade(self):
        self.send_line("+OK " + self.banner)

    def lineReceived(self, line):
        command = line.decode("ascii", "replace").split(" ")[0].upper()
        if command == "QUIT":
            self.send_line("+OK bye")
            self.transport.loseConnection()
        else:
            self.send_line("-ERR unknown command")

    def send_line(self, text):
        self.transport.write(text.encode("ascii") + b"\r\n")


class Pop3Factory(ServerFactory):
    def __init__(self, banner):
        self.banner = banner

    def buildProtocol(self, addr):
        return Pop3Server(self.banner)


if __name__ == "__main__":
    factory = Pop3Factory("POP3 ready")
    listenTCP(110, factory)  # expect: NAG202
    run()
