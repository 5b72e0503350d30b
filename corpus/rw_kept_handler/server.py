"""The transport: accepts connections and submits each to the handler its constructor is
given; which function that is, only the module that builds it says (app.py)."""
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
