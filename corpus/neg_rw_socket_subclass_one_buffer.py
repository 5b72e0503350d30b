"""The same model-serving client with TCP_NODELAY set once connected, and predict() writing the
input and its end marker in one buffer: nothing is held."""
import pickle
import socket


class ModelSocket(socket.socket):
    def __init__(self, proto=0, fileno=None):
        super().__init__(socket.AF_INET, socket.SOCK_STREAM, proto, fileno)

    def predict(self, features):
        super().sendall(pickle.dumps(features) + b"End")
        return pickle.loads(self.recv(65536))


def run(host="127.0.0.1", port=8500, batches=()):
    client = ModelSocket()
    client.connect((host, port))
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for batch in batches:
        yield client.predict(batch)
