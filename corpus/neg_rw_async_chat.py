"""The same asyncore shapes where Nagle cannot hold a reply: a channel on a Unix-socket listener
that pushes its status line and data separately, and a TCP channel that sets TCP_NODELAY on the
accepted socket and pushes each answer as one buffer."""
import asynchat
import asyncore
import socket


class UnixChannel(asynchat.async_chat):
    def __init__(self, sock):
        asynchat.async_chat.__init__(self, sock)
        self.set_terminator(b"\n")

    def collect_incoming_data(self, data):
        self.key = data

    def found_terminator(self):
        self.push(b"VALUE\n")
        self.push(self.key)

    def handle_read(self):
        self.collect_incoming_data(self.recv(4096))


class UnixServer(asyncore.dispatcher):
    def __init__(self, path):
        asyncore.dispatcher.__init__(self)
        self.create_socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.bind(path)
        self.listen(8)

    def handle_accept(self):
        pair = self.accept()
        if pair is not None:
            sock, _ = pair
            UnixChannel(sock)


class QuickChannel(asynchat.async_chat):
    def __init__(self, sock):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        asynchat.async_chat.__init__(self, sock)
        self.set_terminator(b"\n")

    def collect_incoming_data(self, data):
        self.key = data

    def found_terminator(self):
        self.push(b"VALUE " + self.key + b"\n")

    def handle_read(self):
        self.collect_incoming_data(self.recv(4096))


class QuickServer(asyncore.dispatcher):
    def __init__(self, port):
        asyncore.dispatcher.__init__(self)
        self.create_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.bind(("127.0.0.1", port))
        self.listen(8)

    def handle_accept(self):
        pair = self.accept()
        if pair is not None:
            sock, _ = pair
            QuickChannel(sock)
