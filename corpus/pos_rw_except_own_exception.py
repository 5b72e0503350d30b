"""A message-board server answers POST with an interim 340, reads the article, stores it, and
answers 240, or 441 when the store raises the board's own RejectedError. The interim reply and
the final one are two messages (the client's article comes between). The error reply is sent
as a status line, then the reason: two pieces before the next command is read."""
import socketserver


class RejectedError(Exception):
    pass


class BoardHandler(socketserver.BaseRequestHandler):  # expect: NAG202
    def handle(self):
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
                self.request.sendall(b"441 ")
                self.request.sendall(str(exc).encode() + b"\r\n")  # expect: NAG102
