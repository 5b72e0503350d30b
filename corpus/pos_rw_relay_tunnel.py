"""Port forwarder: each accepted connection is relayed to an upstream server. The handler only
passes on what the other side sent (recv on one socket, send on the other), piece by piece as
the pieces arrive. Neither leg sets TCP_NODELAY, so when a peer writes a message in two
segments the relay's second send waits for the delayed ACK of its first, on both legs: the
latency asyncssh removed from its forwarded connections by turning Nagle off on them."""
import select
import socket
import socketserver

UPSTREAM = ("127.0.0.1", 9000)


class Relay(socketserver.BaseRequestHandler):  # expect: NAG202
    def handle(self):
        upstream = socket.create_connection(UPSTREAM)  # expect: NAG201
        try:
            while True:
                ready, _, _ = select.select([self.request, upstream], [], [], 30)
                if not ready:
                    break
                if self.request in ready:
                    data = self.request.recv(4096)
                    if not data:
                        break
                    upstream.sendall(data)
                if upstream in ready:
                    data = upstream.recv(4096)
                    if not data:
                        break
                    self.request.sendall(data)
        finally:
            upstream.close()


class Forwarder(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
