"""The same RPC client, but a failed send is retried on the connection it already has after a
short wait: the first attempt may have put part of the message on the wire, so the resend is
its second piece, and the connection keeps Nagle on."""
import pickle
import socket
import struct
import time


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
            time.sleep(0.01)
            self.channel.send(procedure)  # expect: NAG101
        return self.channel.recv()
