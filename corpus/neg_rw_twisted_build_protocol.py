"""The POP3 honeypot turning Nagle off on each connection it is handed: its answers go out at
once, whatever the reactor turn they are written in."""
from twisted.internet.protocol import ServerFactory
from twisted.internet.reactor import listenTCP, run
from twisted.protocols.basic import LineReceiver


class Pop3Server(LineReceiver):
    def __init__(self, banner):
        self.banner = banner

    def connectionMade(self):
        self.transport.setTcpNoDelay(True)
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
    listenTCP(110, factory)
    run()
