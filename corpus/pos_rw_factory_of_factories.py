"""An X11-style display connection: get_socket() in rw_dialers/display_socket.py calls the
TCP factory for a host:N display, which leaves Nagle on. The display keeps the socket for
its whole life, flushes queued requests that get no reply and then sends a round-trip
request: that request waits for the server's delayed ACK of the flush (NAG101), and so does
any request of a connection without TCP_NODELAY that follows a write (NAG201)."""
from rw_dialers.display_socket import get_socket


class Display:
    def __init__(self, host, number=0):
        self.sock = get_socket(host, number)  # expect: NAG201
        self.queued = []

    def queue(self, request):
        self.queued.append(request)

    def flush(self):
        if self.queued:
            self.sock.sendall(b"".join(self.queued))
            self.queued = []

    def round_trip(self, request):
        self.flush()
        self.sock.sendall(request)  # expect: NAG101
        return self.sock.recv(32)
