"""Client that turns TCP_CORK on at connect time (via SOL_TCP) to batch its frames
and never turns it off: each request sits corked in the kernel for up to 200 ms
before it leaves, so every call() waits although NODELAY is set."""
import socket
import threading


class BatchingClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setsockopt(socket.SOL_TCP, socket.TCP_CORK, 1)  # expect: NAG303

    def call(self, frame):
        self.sock.sendall(frame)
        return self.sock.recv(4096)

    def close(self):
        self.sock.close()


def start_peer():
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn, conn.makefile("rb") as rfile:
            for line in rfile:
                conn.sendall(b"ACK " + line)

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    client = BatchingClient(start_peer())
    for i in range(10):
        client.call(b"frame %d\n" % i)
    client.close()
