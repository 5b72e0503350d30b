"""The server of server.py on a Unix socket: no Nagle, nothing to report."""
import socket
import threading

from .request import Request
from .response import Response


class Connection:
    def __init__(self, sock):
        self.sock = sock

    def read_some(self, size):
        return self.sock.recv(size)

    def write_all(self, data):
        self.sock.sendall(data)


def serve_client(client):
    connection = Connection(client)
    while Request(connection).read_head():
        Response(connection).send(b"hello")
    client.close()


def serve(path):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen()
    while True:
        client, _ = listener.accept()
        threading.Thread(target=serve_client, args=(client,)).start()
