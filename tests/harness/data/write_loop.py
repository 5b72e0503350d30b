"""A request written one field at a time in a loop, then a read (NAG103).

Usage: python write_loop.py [N]
"""
import socket
import sys
import threading

FIELDS = [b"GET", b" /item", b" HTTP/1.1\r\n\r\n"]
SIZE = sum(len(f) for f in FIELDS)


def serve(listener):
    conn, _ = listener.accept()
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    with conn:
        while True:
            buf = b""
            while len(buf) < SIZE:
                data = conn.recv(64)
                if not data:
                    return
                buf += data
            conn.sendall(b"OK")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    listener = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    c = socket.create_connection(listener.getsockname())
    for _ in range(n):
        for field in FIELDS:
            c.sendall(field)  # LOOP-WRITE
        c.recv(2)
    c.close()
    print("done", n)


if __name__ == "__main__":
    main()
