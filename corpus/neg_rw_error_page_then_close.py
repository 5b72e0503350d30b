"""An HTTP/1.1 front end of the shape real servers' connection classes have: the connection
object reads each request and hands it to the application, which writes the answer from its
own workers (not here); the only write here is the 400 page for a malformed request, after
which close() ends the connection (`if self.sock is not None:` guards it). Nothing is read
after that write: no response of this file waits for a delayed ACK."""
import socket
import threading


class ServerConnection:
    def __init__(self, sock, application):
        self.sock = sock
        self.application = application

    def close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _read_head(self):
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                return None
            head += chunk
        return head

    def serve(self):
        while self.sock is not None:
            head = self._read_head()
            if head is None:
                return self.close()
            method, _, rest = head.partition(b" ")
            if not rest.startswith(b"/"):
                self.sock.sendall(b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n")
                self.close()
                return
            self.application.handle(method, head, self)


def serve_forever(application, port=8080):
    server = socket.create_server(("", port))
    while True:
        sock, _ = server.accept()
        threading.Thread(target=ServerConnection(sock, application).serve, daemon=True).start()
