"""The same select() server iterating `select.select(pool, [], [], 0.5)[0]`, with TCP_NODELAY
set on every connection it accepts."""
import select
import socket


def serve(port=7070):
    listener = socket.create_server(("", port))
    pool = {listener}
    while True:
        for sock in select.select(pool, [], [], 0.5)[0]:
            if sock is listener:
                conn, _ = listener.accept()
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                pool.add(conn)
                continue
            line = sock.recv(1024)
            if not line:
                pool.discard(sock)
                sock.close()
                continue
            sock.sendall(b"OK " + line.strip().upper() + b"\n")


if __name__ == "__main__":
    serve()
