"""A small line-protocol server on a select() loop that iterates the readable list straight
from the call (`select.select(pool, [], [], 0.5)[0]`); each request line gets one reply on the
kept connection, Nagle on."""
import select
import socket


def serve(port=7070):
    listener = socket.create_server(("", port))
    pool = {listener}
    while True:
        for sock in select.select(pool, [], [], 0.5)[0]:
            if sock is listener:
                conn, _ = listener.accept()  # expect: NAG202
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
