"""Kept-alive server in the gunicorn shape: TCP_NODELAY is set on the listening
socket only, and Linux copies it to every accepted socket (trap 9), so the
request/response connection needs no setsockopt of its own; one write per reply."""
import socket
import threading


class JsonLineServer:
    def __init__(self):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)

    def serve_forever(self):
        while True:
            conn, _ = self.listener.accept()
            with conn, conn.makefile("rb") as rfile:
                for line in rfile:
                    conn.sendall(b'{"echo": %d}\n' % len(line))


if __name__ == "__main__":
    server = JsonLineServer()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with socket.create_connection(server.listener.getsockname()) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for i in range(5):
            c.sendall(b"ping %d\n" % i)
            c.recv(64)
