"""Port forwarder behind a threading TCP server: the handler dials the upstream through a
helper and then passes bytes on in both directions as they arrive. Both legs turn Nagle
off (the handler class asks StreamRequestHandler's setup() for it, the helper sets it on
the upstream socket right after connecting), so a piece passed on never waits for the ACK
of the one before."""
import select
import socket
import socketserver

UPSTREAM = ("127.0.0.1", 5432)


def dial(address, timeout=10):
    sock = socket.create_connection(address, timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


class Forward(socketserver.StreamRequestHandler):
    disable_nagle_algorithm = True

    def handle(self):
        upstream = dial(UPSTREAM)
        with upstream:
            for _ in range(10_000):
                readable, _, _ = select.select([self.connection, upstream], [], [], 60)
                if not readable:
                    return
                if upstream in readable:
                    data = upstream.recv(65536)
                    if not data:
                        return
                    self.connection.sendall(data)
                if self.connection in readable:
                    data = self.connection.recv(65536)
                    if not data:
                        return
                    upstream.sendall(data)


class Forwarder(socketserver.ThreadingTCPServer):
    daemon_threads = True
