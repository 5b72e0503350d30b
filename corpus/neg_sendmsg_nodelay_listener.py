"""Server that replies with sendmsg([header, body]): one syscall and one segment for
both buffers (scatter/gather), on accepted sockets that also inherit TCP_NODELAY
from the listener; the loop then reads the next request."""
import socket
import struct
import threading


def start_server():
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def serve():
        conn, _ = listener.accept()
        with conn:
            while True:
                request = conn.recv(4096)
                if not request:
                    break
                body = request.upper()
                conn.sendmsg([struct.pack("!I", len(body)), body])

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1]


if __name__ == "__main__":
    with socket.create_connection(("127.0.0.1", start_server())) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for i in range(5):
            c.sendall(b"hello %d" % i)
            c.recv(64)
