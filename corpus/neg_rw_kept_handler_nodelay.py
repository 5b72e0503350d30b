"""The server of pos_rw_kept_handler.py, whose application handler turns Nagle off on each
connection it is handed and writes each response in one buffer."""
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
                client, _ = srv.accept()
                self._executor.submit(self._handler, client)


class App:
    def run(self):
        self._server = TCPServer("", 8080, self._handle)
        self._server.start()

    def _handle(self, client):
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        while True:
            request = client.recv(4096)
            if not request:
                break
            client.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n" + b"body")
        client.close()
