"""A status daemon that starts one thread per accepted connection. The worker keeps the
connection open and answers every line the client sends with a status word and the echoed
line, in two sendall() calls: with Nagle on, the second piece of each answer waits for the
client's delayed ACK before the client can send its next line."""
import socket
import threading

STATUS = b"OK "


def worker(conn, peer):
    with conn:
        buffered = conn.makefile("rb")
        for line in buffered:
            conn.sendall(STATUS)
            conn.sendall(line)  # expect: NAG102


def run(port=7070):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("0.0.0.0", port))
    listener.listen(16)
    while True:
        conn, peer = listener.accept()  # expect: NAG202
        threading.Thread(target=worker, args=(conn, peer), daemon=True).start()


if __name__ == "__main__":
    run()
