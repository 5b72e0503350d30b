"""Metrics client that sends one command as a list of parts, one sendall() per part
in a for loop, then reads the reply line: every part after the first is held by
Nagle until the server's delayed ACK fires."""
import socket
import threading


class MetricsClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))  # expect: NAG201
        self.reader = self.sock.makefile("rb")

    def put(self, name, values):
        parts = [b"PUT ", name.encode(), b" "]
        parts += [b"%d " % v for v in values]
        parts.append(b"\n")
        for part in parts:
            self.sock.sendall(part)  # expect: NAG103
        return self.reader.readline()

    def close(self):
        self.reader.close()
        self.sock.close()


def start_peer():
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn, conn.makefile("rb") as rfile:
            for line in rfile:
                conn.sendall(b"OK %d\n" % len(line))

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    client = MetricsClient(start_peer())
    for i in range(20):
        client.put("cpu.load", [i, i + 1, i + 2])
    client.close()
