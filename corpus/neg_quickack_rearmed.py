"""Server that re-arms TCP_QUICKACK after every recv() inside its receive loop (the
variant seed 000 measured as working) on accepted sockets that inherit TCP_NODELAY
from the listener; each reply is one sendall()."""
import socket


def serve(port=0, max_requests=1000):
    listener = socket.create_server(("127.0.0.1", port))
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn, _ = listener.accept()
    with conn, listener:
        for _ in range(max_requests):
            data = conn.recv(4096)
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
            if not data:
                break
            conn.sendall(b"OK %d\n" % len(data))


if __name__ == "__main__":
    serve()
