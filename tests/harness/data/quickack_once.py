"""The server sets TCP_QUICKACK once (NAG301); the client's split requests stall again later.

Usage: python quickack_once.py [N]
"""
import socket
import sys
import threading


def serve(listener):
    conn, _ = listener.accept()
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)  # QUICKACK-ONCE
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
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    listener = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    c = socket.create_connection(listener.getsockname())
    for _ in range(n):
        c.send(b"H" * 16)  # QA-HEADER
        c.send(b"B" * 32)  # QA-BODY
        c.recv(2)
    c.close()


if __name__ == "__main__":
    main()
