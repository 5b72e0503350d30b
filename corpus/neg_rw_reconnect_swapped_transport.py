"""A queue client whose transport is a fresh object of one of two classes on every connect (a
local pipe or TCP, TCP_NODELAY set): reconnect() says BYE on the old connection, connect() says
BYE again and opens a new one, whose greeting is read first. The BYEs and the new connection's
HELLO are never one message: close() shuts the old socket, each transport class's open() makes
a new one, and the other class's methods never touch this one's socket."""
import socket
import time


class Transport:
    def __init__(self):
        self.sock = None

    def send(self, data):
        self.sock.sendall(data)

    def recv(self):
        return self.sock.recv(65536)

    def shut(self):
        try:
            self.sock.close()
        except (AttributeError, OSError):
            pass


class PipeTransport(Transport):
    def __init__(self, path):
        super().__init__()
        self.path = path

    def open(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


class TcpTransport(Transport):
    def __init__(self, host, port):
        super().__init__()
        self.where = (host, port)

    def open(self):
        self.sock = socket.create_connection(self.where, timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class ClientBase:
    transport = None

    def disconnect(self):
        raise NotImplementedError

    def connect(self):
        self.disconnect()
        self._start()
        self.transport.recv()  # the server speaks first
        self.transport.send(b"HELLO queue-client/1\r\n")
        self.transport.recv()

    def reconnect(self, tries=3, pause=0.2):
        for _ in range(tries):
            try:
                self.disconnect()
                self.connect()
                return
            except OSError:
                time.sleep(pause)
        raise ConnectionError("queue server unreachable")


class QueueClient(ClientBase):
    def __init__(self, host="127.0.0.1", port=7070, path=None):
        self.host, self.port, self.path = host, port, path

    def _make_transport(self):
        if self.path:
            return PipeTransport(self.path)
        return TcpTransport(self.host, self.port)

    def _start(self):
        self.transport = self._make_transport()
        self.transport.open()

    def close(self):
        if self.transport is None:
            return
        try:
            self.transport.send(b"BYE\r\n")
        except OSError:
            pass
        self.transport.shut()

    disconnect = close

    def push(self, item):
        self.transport.send(b"PUSH %d\r\n%s" % (len(item), item))
        return self.transport.recv()
