"""The handed-in transport shape with TCP_NODELAY: the client sets it after connecting, the
listener sets it before listen() (accepted sockets inherit it on Linux), and the one class
that is handed its socket from outside an AF_UNIX listener."""
import socket


class Transport:
    def __init__(self, host="localhost", port=9000):
        self.host = host
        self.port = port
        self.sock = None

    def set_socket(self, sock):
        self.sock = sock

    def open(self):
        self.sock = socket.create_connection((self.host, self.port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def read(self, n):
        return self.sock.recv(n)

    def write(self, data):
        self.sock.sendall(data)


class Listener:
    def __init__(self, port):
        self.port = port
        self.sock = None

    def listen(self):
        for row in socket.getaddrinfo(None, self.port, socket.AF_UNSPEC, socket.SOCK_STREAM):
            break
        self.sock = listener = socket.socket(row[0], row[1])
        listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listener.bind(row[4])
        listener.listen(16)

    def accept(self):
        conn, _ = self.sock.accept()
        transport = Transport()
        transport.set_socket(conn)
        return transport


class LocalChannel:
    def __init__(self):
        self.sock = None

    def recv_request(self):
        return self.sock.recv(4096)

    def reply(self, header, body):
        self.sock.sendall(header)
        self.sock.sendall(body)


class LocalListener:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(path)
        self.sock.listen(4)

    def accept(self):
        conn, _ = self.sock.accept()
        channel = LocalChannel()
        channel.sock = conn
        return channel
