"""Command client: each command is one sendall() and its reply is read before the
next, so nothing is split, but this request/response TCP socket never gets
TCP_NODELAY (client-nodelay finding on the line that creates it)."""
import socket
import threading


def run_commands(port, commands):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)  # expect: NAG201
    replies = []
    try:
        for cmd in commands:
            s.sendall(cmd + b"\r\n")
            replies.append(s.recv(1024))
    finally:
        s.close()
    return replies


def start_peer():
    srv = socket.create_server(("127.0.0.1", 0))
    srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run():
        conn, _ = srv.accept()
        with conn, conn.makefile("rb") as rfile:
            for line in rfile:
                conn.sendall(b"+OK " + line)

    threading.Thread(target=run, daemon=True).start()
    return srv.getsockname()[1]


if __name__ == "__main__":
    port = start_peer()
    print(run_commands(port, [b"PING", b"INCR hits", b"GET hits"] * 6)[-1])
