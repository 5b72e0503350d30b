"""RPC server answering each request with a 4-byte length prefix (struct.pack) and
then the body: two sendall() calls on an accepted socket without TCP_NODELAY, inside
the loop that reads the next request. The body waits for the client's delayed ACK (seed 002)."""
import socket
import statistics
import struct
import threading
import time


class RpcServer:
    def __init__(self, host="127.0.0.1", port=0):
        self.listener = socket.create_server((host, port))
        self.port = self.listener.getsockname()[1]

    def payload_for(self, request):
        return b"R" * 512

    def serve_one_client(self):
        conn, _ = self.listener.accept()  # expect: NAG202
        with conn:
            while True:
                request = conn.recv(4096)
                if not request:
                    break
                body = self.payload_for(request)
                conn.sendall(struct.pack("!I", len(body)))
                conn.sendall(body)  # expect: NAG102


def recv_exact(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ConnectionError("server closed")
        data += chunk
    return data


def run_client(port, requests=20):
    times = []
    with socket.create_connection(("127.0.0.1", port)) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for i in range(requests):
            start = time.perf_counter()
            c.sendall(b"GET %d\n" % i)
            (length,) = struct.unpack("!I", recv_exact(c, 4))
            recv_exact(c, length)
            times.append(time.perf_counter() - start)
    return times


if __name__ == "__main__":
    server = RpcServer()
    threading.Thread(target=server.serve_one_client, daemon=True).start()
    t = run_client(server.port)
    print(f"{len(t)} requests, median {statistics.median(t) * 1000:.2f} ms")
