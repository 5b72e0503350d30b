"""The same helper module called without turning its TCP_NODELAY off: the default, an explicit
True, a settings flag that is on by default."""
import threading

from rw_gated_nodelay import netutil
from rw_gated_nodelay.settings import settings


class Proxy:
    def __init__(self, host, port):
        self.conn = None
        self.address = (host, port)

    def _connect(self):
        sock = netutil.make_socket(connect=self.address, nodelay=settings.FAST_PATH)
        self.conn = netutil.Framed(sock)

    def call(self, payload):
        if self.conn is None:
            self._connect()
        self.conn.send(payload)
        return self.conn.recv()


class BulkClient:
    def __init__(self, host, port):
        self.sock = netutil.make_socket(connect=(host, port), nodelay=True)

    def put(self, record):
        self.sock.sendall(record)
        return self.sock.recv(2)


class Daemon:
    def __init__(self, host, port):
        self.sock = netutil.make_socket(bind=(host, port))

    def serve(self):
        while True:
            client, _ = self.sock.accept()
            threading.Thread(target=self.handle, args=(client,)).start()

    def handle(self, client):
        while True:
            request = client.recv(4096)
            if not request:
                break
            client.sendall(b"OK " + request)
