"""Thread-per-connection query server: serve() accepts and hands each socket to
handle() in a new thread, which writes every result row with its own sendall() in a
for loop and then reads the next query; rows after the first wait for a delayed ACK."""
import socket
import threading

TABLE = {b"users": [b"alice\r\n", b"bob\r\n", b"carol\r\n"]}


class QueryServer:
    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]

    def handle(self, conn):
        with conn, conn.makefile("rb") as rfile:
            for query in rfile:
                rows = TABLE.get(query.strip(), []) + [b".\r\n"]
                for row in rows:
                    conn.sendall(row)  # expect: NAG103

    def serve(self, clients):
        for _ in range(clients):
            conn, _ = self.listener.accept()  # expect: NAG202
            threading.Thread(target=self.handle, args=(conn,), daemon=True).start()


def run_client(port, queries=20):
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = c.makefile("rb")
        for _ in range(queries):
            c.sendall(b"users\n")
            while reader.readline() != b".\r\n":
                pass


if __name__ == "__main__":
    server = QueryServer()
    threading.Thread(target=server.serve, args=(1,), daemon=True).start()
    run_client(server.port)
