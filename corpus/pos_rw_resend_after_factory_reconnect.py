"""An RPC client of the shape real ones have: its connect() helper returns a wrapper around a new
connection, or None when the connection fails; when a send fails, the client connects again and
resends the whole message on the new connection, one piece: no split, though the kept connection
does request/response with Nagle on."""
import pickle
import socket
import struct


class Channel:
    def __init__(self, sock):
        self.sock = sock

    def send(self, obj):
        data = pickle.dumps(obj)
        self.sock.sendall(struct.pack("!I", len(data)) + data)

    def recv(self):
        size = struct.unpack("!I", self.sock.recv(4))[0]
        return pickle.loads(self.sock.recv(size))


def connect(address, timeout=10.0):
    try:
        sock = socket.create_connection(address, timeout=timeout)  # expect: NAG201
    except OSError:
        return None
    return Channel(sock)


class RpcClient:
    def __init__(self, host, port):
        self.address = (host, port)
        self.channel = connect(self.address)

    def execute(self, procedure):
        try:
            self.channel.send(procedure)
        except OSError:
            self.channel = connect(self.address)
            self.channel.send(procedure)
        return self.channel.recv()
