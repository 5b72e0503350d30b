"""One split request per connection, then close: the quick-ACK start means it never stalls.

Usage: python one_shot.py [N]
"""
import socket
import sys
import threading


def serve(listener, n):
    for _ in range(n):
        conn, _ = listener.accept()
        with conn:
            buf = b""
            while len(buf) < 48:
                data = conn.recv(64)
                if not data:
                    break
                buf += data
            conn.sendall(b"OK")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    listener = socket.create_server(("127.0.0.1", 0))
    t = threading.Thread(target=serve, args=(listener, n), daemon=True)
    t.start()
    for _ in range(n):
        c = socket.create_connection(listener.getsockname())
        c.send(b"H" * 16)  # OS-HEADER
        c.send(b"B" * 32)  # OS-BODY
        c.recv(2)
        c.close()
    t.join(5)


if __name__ == "__main__":
    main()
