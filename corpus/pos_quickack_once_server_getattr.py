"""Server that sets TCP_QUICKACK once after accept(), spelled getattr(socket,
"TCP_QUICKACK", 12) with SOL_TCP, hoping to cure clients that split requests; the
kernel drops quick-ACK mode again, so the split client below still stalls (seed 000)."""
import socket
import threading

TCP_QUICKACK = getattr(socket, "TCP_QUICKACK", 12)


def start_server(requests):
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        conn.setsockopt(socket.SOL_TCP, TCP_QUICKACK, 1)  # expect: NAG301
        with conn:
            for _ in range(requests):
                need = 48
                while need:
                    chunk = conn.recv(need)
                    if not chunk:
                        return
                    need -= len(chunk)
                conn.sendall(b"OK")

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


def run_client(port, requests):
    with socket.create_connection(("127.0.0.1", port)) as c:  # expect: NAG201
        for _ in range(requests):
            c.sendall(b"H" * 16)
            c.sendall(b"B" * 32)  # expect: NAG101
            c.recv(2)


if __name__ == "__main__":
    run_client(start_server(20), 20)
