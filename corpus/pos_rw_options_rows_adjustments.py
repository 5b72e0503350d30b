"""The asyncore server of neg_rw_options_rows_adjustments.py, whose settings list only keeps the
connections alive (`socket_options = [(SOL_SOCKET, SO_KEEPALIVE, 1)]`) and which writes the
length line and the body apart: Nagle stays on, and the body waits for the client's delayed ACK
on every echo."""
import asyncore
import socket


class Adjustments:
    socket_options = [(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]


default_adj = Adjustments()


class Channel(asyncore.dispatcher):
    def __init__(self, server, conn, addr):
        asyncore.dispatcher.__init__(self, conn)

    def handle_read(self):
        data = self.recv(4096)
        self.send(b"LEN %d\r\n" % len(data))
        self.send(data)  # expect: NAG102


class Server(asyncore.dispatcher):
    channel_class = Channel

    def __init__(self, port, adj=None):
        asyncore.dispatcher.__init__(self)
        self.adj = adj or default_adj
        self.create_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.bind(("127.0.0.1", port))
        self.listen(5)

    def handle_accept(self):
        conn, addr = self.accept()  # expect: NAG202
        for level, name, value in self.adj.socket_options:
            conn.setsockopt(level, name, value)
        self.channel_class(self, conn, addr)
