"""The selectors loop of the documentation, twice. The echo server sets TCP_NODELAY on each
connection its accept handler takes. The status server registers its connections with a state
object as the key's data, not a handler: its loop reads and answers each request itself, with
TCP_NODELAY set on each connection too. Each reply is one write."""
import selectors
import socket
import types

sel = selectors.DefaultSelector()


def accept(listener, mask):
    conn, addr = listener.accept()
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn.setblocking(False)
    sel.register(conn, selectors.EVENT_READ, read)


def read(conn, mask):
    data = conn.recv(4096)
    if data:
        conn.send(b"%d\n" % len(data) + data)
    else:
        sel.unregister(conn)
        conn.close()


def echo(port):
    listener = socket.socket()
    listener.bind(("127.0.0.1", port))
    listener.listen(100)
    listener.setblocking(False)
    sel.register(listener, selectors.EVENT_READ, accept)
    while True:
        for key, mask in sel.select():
            callback = key.data
            callback(key.fileobj, mask)


def status(port):
    states = selectors.DefaultSelector()
    listener = socket.create_server(("127.0.0.1", port))
    listener.setblocking(False)
    states.register(listener, selectors.EVENT_READ, None)
    while True:
        for key, _ in states.select(timeout=1.0):
            if key.data is None:
                conn, addr = listener.accept()
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                conn.setblocking(False)
                states.register(conn, selectors.EVENT_READ, types.SimpleNamespace(addr=addr, served=0))
                continue
            request = key.fileobj.recv(1024)
            if not request:
                states.unregister(key.fileobj)
                key.fileobj.close()
                continue
            key.data.served += 1
            key.fileobj.send(b"up %d\n" % key.data.served)
