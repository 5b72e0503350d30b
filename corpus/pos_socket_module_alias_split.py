"""Telemetry client written with an aliased module (import socket as so): each
sample goes out as a tag and then a value with two send() calls, and the client
waits for the collector's acknowledgement, so the value sits behind Nagle."""
import socket as so
import threading


def report(port, samples):
    s = so.socket(so.AF_INET, so.SOCK_STREAM)  # expect: NAG201
    s.connect(("127.0.0.1", port))
    acks = 0
    try:
        for tag, value in samples:
            s.send(b"%-8s" % tag)
            s.send(b"%08d" % value)  # expect: NAG101
            if s.recv(2) == b"OK":
                acks += 1
    finally:
        s.close()
    return acks


def start_collector():
    srv = so.create_server(("127.0.0.1", 0))
    srv.setsockopt(so.IPPROTO_TCP, so.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn, conn.makefile("rb") as rfile:
            while len(rfile.read(16)) == 16:
                conn.sendall(b"OK")

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    print(report(start_collector(), [(b"temp", i) for i in range(20)]))
