"""The same message server sets TCP_NODELAY on each connection it accepts and sends the length
and the body in one write. Nothing to report."""
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
            sock, _ = self.listener.accept()
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self.lock:
                self.peers.append(Peer(sock))

    def work(self):
        while True:
            for peer in list(self.peers):
                request = peer.sock.recv(4096)
                peer.seen = time.monotonic()
                reply = request.upper()
                peer.sock.sendall(len(reply).to_bytes(8, "big") + reply)
