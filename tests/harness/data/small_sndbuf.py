"""SO_SNDBUF of 1 KiB with 64 KiB requests (NAG302): each send blocks on the peer's delayed ACKs.

Usage: python small_sndbuf.py [N]
"""
import socket
import sys
import threading

SIZE = 64 * 1024


def serve(listener):
    conn, _ = listener.accept()
    with conn:
        while True:
            got = 0
            while got < SIZE:
                data = conn.recv(65536)
                if not data:
                    return
                got += len(data)
            conn.sendall(b"OK")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    listener = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    c.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)  # SNDBUF-SET
    c.connect(listener.getsockname())
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for _ in range(n):
        c.sendall(b"U" * SIZE)  # BIG-SEND
        c.recv(2)
    c.close()


if __name__ == "__main__":
    main()
