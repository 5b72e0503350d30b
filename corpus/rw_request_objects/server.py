"""The keep-alive server: a thread per client, whose requests Request objects read and whose
responses Response objects write through a Connection around the accepted socket. Nagle stays
on: any response written in pieces would wait for the client's delayed ACK."""
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


def serve(port):
    listener = socket.create_server(("", port))
    while True:
        client, _ = listener.accept()  # expect: NAG202
        threading.Thread(target=serve_client, args=(client,)).start()
