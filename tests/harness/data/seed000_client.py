"""Seed-000-shaped workload: header and body in two send() calls, then recv() (NAG101).

Usage: python seed000_client.py [--fixed] [N]
"""
import socket
import sys
import threading

HEADER = b"H" * 16
BODY = b"B" * 32


def serve(listener):
    conn, _ = listener.accept()  # ACCEPT
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
    fixed = "--fixed" in sys.argv
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 8
    listener = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    c = socket.create_connection(listener.getsockname())  # CONNECT
    for _ in range(n):
        if fixed:
            c.sendall(HEADER + BODY)
        else:
            c.send(HEADER)  # SEND-HEADER
            c.send(BODY)  # SEND-BODY
        c.recv(2)  # RECV
    c.close()


if __name__ == "__main__":
    main()
