"""UDP client and socketserver.UDPServer handler: each sendto() is its own datagram,
header and body included, and UDP has no Nagle algorithm and no delayed ACK, so
"two writes then a read" cannot stall here."""
import socket
import socketserver


def query(port, name):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(1.0)
    with s:
        s.sendto(b"Q1", ("127.0.0.1", port))
        s.sendto(name, ("127.0.0.1", port))
        data, _ = s.recvfrom(2048)
        return data


class EchoUDPHandler(socketserver.BaseRequestHandler):
    def handle(self):
        data, sock = self.request
        sock.sendto(b"LEN %d" % len(data), self.client_address)
        sock.sendto(data, self.client_address)


def serve():
    with socketserver.UDPServer(("127.0.0.1", 0), EchoUDPHandler) as server:
        server.serve_forever()
