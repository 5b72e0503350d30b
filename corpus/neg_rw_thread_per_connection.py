"""The thread-per-connection shape where each worker answers once and closes: it reads one
request, writes the status line and the body in two pieces, and closes. The connection carries
one exchange, and its first data is ACKed at once, so nothing waits for a delayed ACK (the FIN
also pushes out the last piece). The pool variant hands each connection to an executor."""
import socket
import threading
from concurrent.futures import ThreadPoolExecutor


def answer(conn):
    request = conn.recv(4096)
    conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n")
    conn.sendall(request.upper())
    conn.close()


def serve(port=8081):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", port))
    listener.listen()
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=answer, args=(conn,)).start()


def serve_pooled(port=8082, workers=4):
    listener = socket.create_server(("127.0.0.1", port))
    with ThreadPoolExecutor(workers) as pool:
        while True:
            conn, _ = listener.accept()
            pool.submit(answer, conn)


if __name__ == "__main__":
    threading.Thread(target=serve, daemon=True).start()
    serve_pooled()
