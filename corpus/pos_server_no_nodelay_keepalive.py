"""Kept-alive upper-casing server: one sendall() per reply, so nothing is split, but
the accepted request/response socket never gets TCP_NODELAY (not on the listener
either): server-nodelay finding on the accept() line."""
import socket
import threading


class UpperServer:
    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]

    def serve_one(self):
        conn, addr = self.listener.accept()  # expect: NAG202
        with conn:
            while True:
                data = conn.recv(4096)
                if not data:
                    return
                conn.sendall(data.upper())


if __name__ == "__main__":
    server = UpperServer()
    threading.Thread(target=server.serve_one, daemon=True).start()
    with socket.create_connection(("127.0.0.1", server.port)) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for i in range(20):
            c.sendall(b"message %d" % i)
            c.recv(4096)
