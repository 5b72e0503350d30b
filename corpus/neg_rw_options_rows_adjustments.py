"""An asyncore server whose settings object lists the socket options each accepted connection
gets (`socket_options = [(SOL_TCP, TCP_NODELAY, 1)]` on the settings class, its default
instance kept as `self.adj`); `handle_accept()` applies each row, unpacked into level, name and
value. TCP_NODELAY is set: the kept connection answers each request at once."""
import asyncore
import socket


class Adjustments:
    socket_options = [(socket.SOL_TCP, socket.TCP_NODELAY, 1)]


default_adj = Adjustments()


class Channel(asyncore.dispatcher):
    def __init__(self, server, conn, addr):
        asyncore.dispatcher.__init__(self, conn)

    def handle_read(self):
        data = self.recv(4096)
        self.send(b"LEN %d\r\n" % len(data) + data)


class Server(asyncore.dispatcher):
    channel_class = Channel

    def __init__(self, port, adj=None):
        asyncore.dispatcher.__init__(self)
        self.adj = adj or default_adj
        self.create_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.bind(("127.0.0.1", port))
        self.listen(5)

    def handle_accept(self):
        conn, addr = self.accept()
        for level, name, value in self.adj.socket_options:
            conn.setsockopt(level, name, value)
        self.channel_class(self, conn, addr)
