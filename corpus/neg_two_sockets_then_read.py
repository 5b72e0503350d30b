"""Relay that writes each request once to the upstream (TCP_NODELAY set) and once to
a separate one-way audit connection, then reads the upstream reply: two writes, but
on two different sockets, so no message is split."""
import socket


class AuditedRelay:
    def __init__(self, upstream_port, audit_port):
        self.upstream = socket.create_connection(("127.0.0.1", upstream_port))
        self.upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.audit = socket.create_connection(("127.0.0.1", audit_port))

    def forward(self, request):
        self.upstream.sendall(request)
        self.audit.sendall(b"REQ " + request + b"\n")
        return self.upstream.recv(65536)

    def close(self):
        self.audit.close()
        self.upstream.close()


def relay_all(upstream_port, audit_port, requests):
    relay = AuditedRelay(upstream_port, audit_port)
    try:
        return [relay.forward(r) for r in requests]
    finally:
        relay.close()
