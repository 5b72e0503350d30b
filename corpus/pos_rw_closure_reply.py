"""An XMPP-style client whose stream negotiation reads through a closure defined in connect():
`recv_features()` calls `self._recv()`, the method that reads the kept socket. The closure sees
connect()'s `self`, so each step (a request written, then the features read back) is an
exchange on a connection without TCP_NODELAY."""
import socket


class Client:
    def __init__(self, host, port=5222):
        self.host, self.port = host, port
        self.sock = None

    def _recv(self):
        return self.sock.recv(4096)

    def connect(self, mechanisms):
        self.sock = socket.create_connection((self.host, self.port))  # expect: NAG201

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
