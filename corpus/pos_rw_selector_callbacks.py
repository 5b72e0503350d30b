"""A length-echo server on the selectors loop of the standard library's documentation: the
listener is registered with its accept handler as the key's data, each accepted connection with
its read handler, and the loop calls `key.data(key.fileobj, mask)`. The reply is a length line
and then the payload, two writes, so every reply after the first waits for the client's delayed
ACK; nothing sets TCP_NODELAY. The framed server's handler drains what has arrived on its
non-blocking connection (the loop ends with BlockingIOError, not at the end of the stream) and
answers with a length prefix and the body: the loop calls it again for the next request."""
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


framed = selectors.DefaultSelector()


def accept_framed(listener, mask):
    conn, addr = listener.accept()  # expect: NAG202
    conn.setblocking(False)
    framed.register(conn, selectors.EVENT_READ, answer_framed)


def answer_framed(conn, mask):
    request = b""
    try:
        while chunk := conn.recv(4096):
            request += chunk
    except BlockingIOError:
        pass
    if not request:
        framed.unregister(conn)
        conn.close()
        return
    conn.send(len(request).to_bytes(4, "big"))
    conn.send(request.upper())  # expect: NAG102


def serve_framed(port):
    listener = socket.create_server(("127.0.0.1", port))
    listener.setblocking(False)
    framed.register(listener, selectors.EVENT_READ, accept_framed)
    while True:
        for key, mask in framed.select():
            key.data(key.fileobj, mask)
