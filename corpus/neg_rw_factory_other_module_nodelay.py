"""The same transport built on open_quick_socket() from rw_compat/net.py, which sets
TCP_NODELAY before returning the socket."""
from rw_compat.net import open_quick_socket


class QueueTransport:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.socket = None

    def connect(self):
        self.socket = open_quick_socket(self.host, self.port, 5.0)

    def send_frame(self, frame):
        self.socket.sendall(frame)

    def read_frame(self):
        return self.socket.recv(65536)
