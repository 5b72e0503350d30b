"""A message-bus client keeps its settings in an options dict: TCP_NODELAY is set only when
`options["tcp_nodelay"]` is true, and connect() fills it from a keyword that defaults to
False. By default every PUB then PING waits on Nagle."""
import socket


class BusClient:
    def __init__(self):
        self.options = {"verbose": False, "pedantic": False}
        self.sock = None

    def connect(self, host, port=4222, tcp_nodelay=False, verbose=False):
        self.options["tcp_nodelay"] = tcp_nodelay
        self.options["verbose"] = verbose
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        if self.options["tcp_nodelay"]:
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def publish(self, subject, payload):
        self.sock.sendall(b"PUB %s %d\r\n%s\r\n" % (subject, len(payload), payload))

    def flush(self):
        self.sock.sendall(b"PING\r\n")
        return self.sock.recv(4096)
