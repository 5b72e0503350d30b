"""The display of pos_rw_factory_of_factories.py on rw_dialers/quick_socket.py, whose TCP
factory sets TCP_NODELAY: the round-trip request goes out with the queued ones, in one write,
and leaves at once."""
from rw_dialers.quick_socket import get_socket


class Display:
    def __init__(self, host, number=0):
        self.sock = get_socket(host, number)
        self.queued = []

    def queue(self, request):
        self.queued.append(request)

    def flush(self):
        if self.queued:
            self.sock.sendall(b"".join(self.queued))
            self.queued = []

    def round_trip(self, request):
        self.sock.sendall(b"".join(self.queued + [request]))
        self.queued = []
        return self.sock.recv(32)
