"""The server of server.py turning Nagle off on each accepted socket before the Request and
Response objects use it through the connection object."""
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
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    connection = Connection(client)
    while Request(connection).read_head():
        Response(connection).send(b"hello")
    client.close()


def serve(port):
    listener = socket.create_server(("", port))
    while True:
        client, _ = listener.accept()
        threading.Thread(target=serve_client, args=(client,)).start()
