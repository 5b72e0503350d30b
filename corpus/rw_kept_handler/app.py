"""The application: builds the server with its own keep-alive handler, which writes the
head and the body of each response apart."""
from .server import TCPServer


class App:
    def run(self):
        self._server = TCPServer("", 8080, self._handle)
        self._server.start()

    def _handle(self, client):
        while True:
            request = client.recv(4096)
            if not request:
                break
            client.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n")
            client.sendall(b"body")  # expect: NAG102
        client.close()
