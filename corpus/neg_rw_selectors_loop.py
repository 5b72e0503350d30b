"""selectors loops where Nagle holds nothing: a Unix-socket server that answers in two writes,
and a TCP server that sets TCP_NODELAY on each accepted socket and answers in one write. The
accepted sockets come back from select() as `key.fileobj`."""
import selectors
import socket


def serve_unix(path):
    sel = selectors.DefaultSelector()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen()
    sel.register(listener, selectors.EVENT_READ)
    while True:
        for key, _ in sel.select():
            if key.fileobj is listener:
                conn, _ = listener.accept()
                sel.register(conn, selectors.EVENT_READ)
                continue
            conn = key.fileobj
            data = conn.recv(4096)
            if not data:
                sel.unregister(conn)
                conn.close()
                continue
            conn.sendall(b"OK %d\n" % len(data))
            conn.sendall(data)


def serve_tcp(port):
    sel = selectors.DefaultSelector()
    listener = socket.create_server(("127.0.0.1", port))
    sel.register(listener, selectors.EVENT_READ)
    while True:
        for key, _ in sel.select():
            if key.fileobj is listener:
                conn, _ = listener.accept()
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                sel.register(conn, selectors.EVENT_READ)
                continue
            conn = key.fileobj
            data = conn.recv(4096)
            if not data:
                sel.unregister(conn)
                conn.close()
                continue
            conn.sendall(b"OK %d\n%s" % (len(data), data))
