"""Client that corks the socket, writes the header and body, and uncorks in a
finally block before reading the reply: TCP_CORK 0 pushes the coalesced message out
as one segment, so nothing is held while the client waits."""
import socket
import struct


class CorkedClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def request(self, body):
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
        try:
            self.sock.sendall(struct.pack("!I", len(body)))
            self.sock.sendall(body)
        finally:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)
        return self.sock.recv(4096)

    def close(self):
        self.sock.close()
