"""TCP_CORK set once and never cleared (NAG303): each small request waits ~200 ms in the kernel.

Usage: python cork_held.py [N]
"""
import socket
import sys
import threading


def serve(listener):
    conn, _ = listener.accept()
    with conn:
        while True:
            buf = b""
            while len(buf) < 48:
                data = conn.recv(64)
                if not data:
                    return
                buf += data
            conn.sendall(b"OK")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    listener = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    c = socket.create_connection(listener.getsockname())
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)  # CORK-SET
    for _ in range(n):
        c.sendall(b"R" * 48)  # CORKED-SEND
        c.recv(2)
    c.close()


if __name__ == "__main__":
    main()
