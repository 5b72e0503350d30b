"""STOMP-style transport whose socket names come from a compatibility module through
`from rw_compat.compat import *`: attempt_connection() keeps a create_connection() socket,
send() writes each frame and receive() reads frames on the same long-lived Nagle-on
connection."""
from rw_compat.compat import *


class Transport:
    def __init__(self, host_and_ports):
        self.host_and_ports = host_and_ports
        self.socket = None

    def attempt_connection(self):
        for host_and_port in self.host_and_ports:
            try:
                self.socket = create_connection(host_and_port, DEFAULT_TIMEOUT)  # expect: NAG201
                self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
                return
            except OSError:
                self.socket = None

    def send(self, frame):
        self.socket.sendall(frame)

    def receive(self):
        return self.socket.recv(1024)
