"""A model-serving client built on socket.socket: its predict() writes the serialized input, then
an end marker, then waits for the answer, on the socket it is called on. The application keeps
one socket for every prediction and never sets TCP_NODELAY."""
import pickle
import socket


class ModelSocket(socket.socket):
    def __init__(self, proto=0, fileno=None):
        super().__init__(socket.AF_INET, socket.SOCK_STREAM, proto, fileno)

    def predict(self, features):
        super().sendall(pickle.dumps(features))
        super().sendall(b"End")  # expect: NAG101
        return pickle.loads(self.recv(65536))


def run(host="127.0.0.1", port=8500, batches=()):
    client = ModelSocket()  # expect: NAG201
    client.connect((host, port))
    for batch in batches:
        yield client.predict(batch)
