"""The same message-board server with TCP_NODELAY, each reply one write: the 441 written when
the store raises the board's own RejectedError follows the read of the article, not the 240
written after the store (no socket write raises RejectedError). Nothing to report."""
import socket
import socketserver


class RejectedError(Exception):
    pass


class BoardHandler(socketserver.BaseRequestHandler):
    def handle(self):
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        while True:
            command = self.request.recv(512)
            if not command:
                return
            self.request.sendall(b"340 send article\r\n")
            try:
                article = self.request.recv(65536)
                self.server.board.store(article)
                self.request.sendall(b"240 article received\r\n")
            except RejectedError as exc:
                self.request.sendall(b"441 " + str(exc).encode() + b"\r\n")
