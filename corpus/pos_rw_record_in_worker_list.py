"""A message server accepts connections on one thread and keeps each in a record, with the time
it was last heard from, in a list; worker threads walk a copy of the list and answer each
request with its 8-byte length, then its body: two pieces before the client's next request."""
import socket
import threading
import time


class Peer:
    def __init__(self, sock):
        self.sock = sock
        self.seen = time.monotonic()


class MessageServer:
    def __init__(self, port):
        self.listener = socket.create_server(("", port))
        self.peers = []
        self.lock = threading.Lock()

    def accept_loop(self):
        while True:
            sock, _ = self.listener.accept()  # expect: NAG202
            with self.lock:
                self.peers.append(Peer(sock))

    def work(self):
        while True:
            for peer in list(self.peers):
                request = peer.sock.recv(4096)
                peer.seen = time.monotonic()
                reply = request.upper()
                peer.sock.sendall(len(reply).to_bytes(8, "big"))
                peer.sock.sendall(reply)  # expect: NAG102
