"""Memcached-style storage client inside `with socket.create_connection(...) as s:`:
the command line and the data block are two sendall() calls, then the client reads
STORED, so the data block waits for the server's delayed ACK."""
import socket
import threading


def store_many(port, items):
    results = []
    with socket.create_connection(("127.0.0.1", port)) as s:  # expect: NAG201
        for key, value in items:
            s.sendall(b"set %s 0 0 %d\r\n" % (key, len(value)))
            s.sendall(value + b"\r\n")  # expect: NAG101
            results.append(s.recv(64))
    return results


def start_peer():
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn, conn.makefile("rb") as rfile:
            for line in rfile:
                size = int(line.split()[4])
                rfile.read(size + 2)
                conn.sendall(b"STORED\r\n")

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    items = [(b"k%d" % i, b"v" * 30) for i in range(20)]
    print(store_many(start_peer(), items)[-1])
