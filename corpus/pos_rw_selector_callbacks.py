"""A length-echo server on the selectors loop of the standard library's documentation: the
listener is registered with its accept handler as the key's data, each accepted connection with
its read handler, and the loop calls `key.data(key.fileobj, mask)`. The reply is a length line
and then the payload, two writes, so every reply after the first waits for the client's delayed
ACK; nothing sets TCP_NODELAY."""
import selectors
import socket

sel = selectors.DefaultSelector()


def accept(listener, mask):
    conn, addr = listener.accept()  # expect: NAG202
    conn.setblocking(False)
    sel.register(conn, selectors.EVENT_READ, read)


def read(conn, mask):
    data = conn.recv(4096)
    if data:
        conn.send(b"%d\n" % len(data))
        conn.send(data)  # expect: NAG102
    else:
        sel.unregister(conn)
        conn.close()


def main(port):
    listener = socket.socket()
    listener.bind(("127.0.0.1", port))
    listener.listen(100)
    listener.setblocking(False)
    sel.register(listener, selectors.EVENT_READ, accept)
    while True:
        for key, mask in sel.select():
            callback = key.data
            callback(key.fileobj, mask)
