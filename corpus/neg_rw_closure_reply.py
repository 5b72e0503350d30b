"""The same client with TCP_NODELAY set once connected: its closure still reads through
`self._recv()`, and each request is one write. Nothing to report."""
import socket


class Client:
    def __init__(self, host, port=5222):
        self.host, self.port = host, port
        self.sock = None

    def _recv(self):
        return self.sock.recv(4096)

    def connect(self, mechanisms):
        self.sock = socket.create_connection((self.host, self.port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def recv_features():
            data = self._recv()
            return data if b"<features" in data else self._recv()

        self.sock.sendall(b"<stream:stream to='%s'>" % self.host.encode())
        features = recv_features()
        for mechanism in mechanisms:
            if mechanism.encode() in features:
                self.sock.sendall(b"<auth mechanism='%s'/>" % mechanism.encode())
                features = recv_features()
        return features
