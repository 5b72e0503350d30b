"""Message-queue transport whose socket comes from open_socket() in rw_compat/net.py, a bare
create_connection() helper; the transport keeps it and writes frames in one method and reads
replies in another, with Nagle on. The finding is at the call here, where the connection is
made for this code."""
from rw_compat.net import open_socket


class QueueTransport:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.socket = None

    def connect(self):
        self.socket = open_socket(self.host, self.port, 5.0)  # expect: NAG201

    def send_frame(self, frame):
        self.socket.sendall(frame)

    def read_frame(self):
        return self.socket.recv(65536)
