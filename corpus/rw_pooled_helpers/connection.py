"""The pool's connections and a module-level writer: the socket is made here, on first use, and
reused by whoever takes the connection from the pool next."""
import socket


class Connection:
    def __init__(self, host, port, timeout=30):
        self.host, self.port, self.timeout = host, port, timeout
        self._sock = None

    def connect(self):
        if self._sock is None:
            self._sock = socket.create_connection((self.host, self.port), self.timeout)

    def disconnect(self):
        if self._sock is not None:
            self._sock.close()
            self._sock = None


class ConnectionPool:
    def __init__(self, conn_class=Connection, **conn_kwargs):
        self.conn_class, self.conn_kwargs = conn_class, conn_kwargs
        self._available = []

    def make_conn(self):
        conn = self.conn_class(**self.conn_kwargs)
        conn.connect()
        return conn

    def get_connection(self):
        try:
            conn = self._available.pop()
        except IndexError:
            conn = self.make_conn()
        return conn

    def release(self, conn):
        self._available.append(conn)


def tcp_send_data(conn, data):
    conn._sock.sendall(data)


def tcp_recv_response(conn, size):
    chunks = []
    while size > 0:
        chunk = conn._sock.recv(min(size, 4096))
        if not chunk:
            raise ConnectionError("storage server closed the connection")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)
