"""A selectors loop where Nagle holds nothing: a Unix-socket server that answers in two writes.
The accepted sockets come back from select() as `key.fileobj` (the TCP loop with TCP_NODELAY is
in neg_rw_event_loop.py)."""
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

