"""Request loop client: a 16-byte header and a 32-byte body go out as two sendall()
calls and then recv() waits for the answer. Nagle holds the body until the peer's
delayed ACK for the header fires, about 40 ms per request on loopback (seed 000)."""
import socket
import statistics
import threading
import time

HEADER = b"H" * 16
BODY = b"B" * 32


def start_peer(requests):
    """Loopback server that answers only after the whole 48-byte request."""
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn:
            for _ in range(requests):
                need = len(HEADER) + len(BODY)
                while need:
                    chunk = conn.recv(need)
                    if not chunk:
                        return
                    need -= len(chunk)
                conn.sendall(b"OK")

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


def run_client(port, requests=20):
    times = []
    c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
    c.connect(("127.0.0.1", port))
    try:
        for _ in range(requests):
            start = time.perf_counter()
            c.sendall(HEADER)
            c.sendall(BODY)  # expect: NAG101
            c.recv(2)
            times.append(time.perf_counter() - start)
    finally:
        c.close()
    return times


if __name__ == "__main__":
    n = 20
    t = run_client(start_peer(n), n)
    print(f"{n} requests, median {statistics.median(t) * 1000:.2f} ms")
