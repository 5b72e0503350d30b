"""Server that corks every accepted socket with numeric options setsockopt(6, 3, 1)
(IPPROTO_TCP, TCP_CORK) and never uncorks: each small reply stays in the kernel up
to 200 ms before the loop reads the next request."""
import socket
import threading


def start_server(max_requests=10):
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def serve():
        conn, _ = listener.accept()
        conn.setsockopt(6, 3, 1)  # expect: NAG303
        with conn:
            for _ in range(max_requests):
                request = conn.recv(1024)
                if not request:
                    break
                conn.sendall(b"RESULT " + request.strip() + b"\n")

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1]


def main():
    port = start_server()
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for i in range(10):
            c.sendall(b"job %d\n" % i)
            c.recv(1024)


if __name__ == "__main__":
    main()
