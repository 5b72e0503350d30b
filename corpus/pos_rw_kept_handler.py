"""A thread-pool server that keeps the handler its constructor is given and submits each
accepted socket to it (`executor.submit(self._handler, client)`); the application builds it
with a method of its own, which answers each keep-alive request with the head and the body
in two writes, Nagle on."""
import socket
from concurrent.futures import ThreadPoolExecutor


class TCPServer:
    def __init__(self, host, port, handler):
        self._host = host
        self._port = port
        self._handler = handler
        self._executor = None

    def start(self):
        srv = socket.create_server((self._host, self._port))
        with ThreadPoolExecutor() as executor:
            self._executor = executor
            while True:
                client, _ = srv.accept()  # expect: NAG202
                self._executor.submit(self._handler, client)


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
