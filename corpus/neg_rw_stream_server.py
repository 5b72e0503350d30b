"""gevent StreamServer handlers that are fine: TCP_NODELAY set on the accepted socket before the
request loop (and one buffer per answer), one request per connection (closed after the answer: the FIN sends what Nagle
holds), and a DatagramServer (UDP: no Nagle)."""
import socket

from gevent.server import DatagramServer, StreamServer


class Server(StreamServer):
    def handle(self, sock, address):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        rfile = sock.makefile("rb")
        for line in rfile:
            sock.sendall(b"> " + line)


def one_shot(sock, address):
    request = sock.recv(1024)
    sock.sendall(b"> ")
    sock.sendall(request)
    sock.close()


class Echo(DatagramServer):
    def handle(self, data, address):
        self.socket.sendto(b"> ", address)
        self.socket.sendto(data, address)


def main():
    Server(("127.0.0.1", 8000)).serve_forever()
    StreamServer(("127.0.0.1", 8001), one_shot).serve_forever()
    Echo(("127.0.0.1", 8002)).serve_forever()
