"""Two select-loop daemons whose private `_accept(listener)` helper wraps each accepted
connection in a Channel: one serves an AF_UNIX path (no Nagle), the other sets TCP_NODELAY
on its TCP listener, which the accepted sockets inherit. Neither can stall on a delayed ACK."""
import selectors
import socket


class Channel:
    def __init__(self, sock):
        self.sock = sock

    def send(self, frame):
        self.sock.sendall(frame)

    def recv(self, size):
        return self.sock.recv(size)

    def fileno(self):
        return self.sock.fileno()


class UnixDaemon:
    def __init__(self, handler, path="/run/rpc.sock"):
        self.handler = handler
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        self.listener.listen(16)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ, None)

    def loop(self):
        while True:
            for key, _ in self.selector.select(1.0):
                if key.data is None:
                    self.selector.register(self._accept(self.listener), selectors.EVENT_READ, "client")
                else:
                    self.handler.serve_one(key.fileobj)

    def _accept(self, listener):
        conn, _ = listener.accept()
        return Channel(conn)


class TcpDaemon:
    def __init__(self, handler, port=9091):
        self.handler = handler
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.listener.bind(("", port))
        self.listener.listen(16)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ, None)

    def loop(self):
        while True:
            for key, _ in self.selector.select(1.0):
                if key.data is None:
                    self.selector.register(self._accept(self.listener), selectors.EVENT_READ, "client")
                else:
                    self.handler.serve_one(key.fileobj)

    def _accept(self, listener):
        conn, _ = listener.accept()
        return Channel(conn)
