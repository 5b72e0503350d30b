"""Three servers on selectors loops in one module. Two have handlers of the same names: the
plain one answers in one write without TCP_NODELAY (NAG202), the fast one sets TCP_NODELAY on
each connection and answers in two writes (no stall: NAG401, the opt-in extra segment). The
third registers one handler for its listener and for each connection it accepts, sets
TCP_NODELAY on each and answers in two writes too. Each handler is typed by what its own class
registers, and a handler of a listener and its connections by the connection."""
import selectors
import socket


class PlainServer:
    def __init__(self, port):
        self.sel = selectors.DefaultSelector()
        self.listener = socket.create_server(("", port))
        self.sel.register(self.listener, selectors.EVENT_READ, self.on_accept)

    def on_accept(self, listener, mask):
        conn, _ = listener.accept()  # expect: NAG202
        self.sel.register(conn, selectors.EVENT_READ, self.on_read)

    def on_read(self, conn, mask):
        data = conn.recv(4096)
        if data:
            conn.sendall(data)

    def run(self):
        while True:
            for key, mask in self.sel.select():
                key.data(key.fileobj, mask)


class FastServer:
    def __init__(self, port):
        self.sel = selectors.DefaultSelector()
        self.listener = socket.create_server(("", port))
        self.sel.register(self.listener, selectors.EVENT_READ, self.on_accept)

    def on_accept(self, listener, mask):
        conn, _ = listener.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sel.register(conn, selectors.EVENT_READ, self.on_read)

    def on_read(self, conn, mask):
        data = conn.recv(4096)
        if data:
            conn.sendall(b"%d\n" % len(data))
            conn.sendall(data)  # expect: NAG401


class OneHandlerServer:
    def __init__(self, port):
        self.sel = selectors.DefaultSelector()
        self.listener = socket.create_server(("", port))
        self.listener.setblocking(False)
        self.sel.register(self.listener, selectors.EVENT_READ, self.on_event)

    def on_event(self, sock, mask):
        if sock is self.listener:
            conn, _ = sock.accept()
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn.setblocking(False)
            self.sel.register(conn, selectors.EVENT_READ, self.on_event)
            return
        data = sock.recv(4096)
        if not data:
            self.sel.unregister(sock)
            sock.close()
            return
        sock.send(b"%d\n" % len(data))
        sock.send(data)  # expect: NAG401
