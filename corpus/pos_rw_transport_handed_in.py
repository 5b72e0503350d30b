"""An RPC transport that either connects itself or is built empty and handed a socket a server
accepted: through a setter (`t.set_socket(conn)`) or by assigning its attribute from outside
(`t.sock = tls_conn`). The listener comes from address rows read by column (`row[0]`, `row[1]`).
Reads and writes live in the transport's own methods; the serve loop that calls them is
elsewhere. No TCP_NODELAY anywhere: each side answers call after call with Nagle on."""
import socket
import ssl


class Transport:
    def __init__(self, host="localhost", port=9000):
        self.host = host
        self.port = port
        self.sock = None

    def set_socket(self, sock):
        self.sock = sock

    def open(self):
        self.sock = socket.create_connection((self.host, self.port))  # expect: NAG201

    def read(self, n):
        return self.sock.recv(n)

    def write(self, data):
        self.sock.sendall(data)

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


class Listener:
    def __init__(self, port, path=None):
        self.port = port
        self.path = path
        self.sock = None

    def _rows(self):
        if self.path:
            return [(socket.AF_UNIX, socket.SOCK_STREAM, 0, "", self.path)]
        return socket.getaddrinfo(None, self.port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)

    def listen(self):
        for row in self._rows():
            break
        self.sock = listener = socket.socket(row[0], row[1])
        listener.bind(row[4])
        listener.listen(16)

    def accept(self):
        conn, _ = self.sock.accept()  # expect: NAG202
        transport = Transport()
        transport.set_socket(conn)
        return transport


class TLSListener(Listener):
    def __init__(self, port, context):
        Listener.__init__(self, port)
        self.context = context

    def accept(self):
        plain, _ = self.sock.accept()  # expect: NAG202
        wrapped = self.context.wrap_socket(plain, server_side=True)
        transport = Transport()
        transport.sock = wrapped
        return transport


def make_tls_listener(port, certfile):
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certfile)
    return TLSListener(port, context)
