"""The thread per connection of neg_rw_thread_gathers_one_request.py answering request after
request (`while self._recv():`) before it closes the connection: a keep-alive server with
Nagle on."""
import logging
import socket
import threading

log = logging.getLogger(__name__)


class Worker(threading.Thread):
    def __init__(self, conn, addr):
        super().__init__()
        self.conn = conn
        self.addr = addr
        self.size = 1024

    def _recv(self):
        data = b""
        while True:
            chunk = self.conn.recv(self.size)
            data += chunk
            if len(chunk) < self.size:
                break
        self.data = data
        return bool(data)

    def run(self):
        while self._recv():
            self.conn.send(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            log.info("%s answered", self.addr)
        self.conn.close()


def serve(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("", port))
        listener.listen()
        while True:
            conn, addr = listener.accept()  # expect: NAG202
            Worker(conn, addr).start()
