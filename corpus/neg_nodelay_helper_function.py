"""Connections made by a dial() factory that calls a helper enable_nodelay(sock)
before returning the socket; the callers write each message once and read the reply,
so the request/response sockets have NODELAY through the helper."""
import socket


def enable_nodelay(sock):
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def dial(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    enable_nodelay(sock)
    return sock


def echo_all(port, lines):
    conn = dial(port)
    out = []
    with conn:
        for line in lines:
            conn.sendall(line + b"\n")
            out.append(conn.recv(1024))
    return out


def single_echo(port, line):
    s = socket.create_connection(("127.0.0.1", port))
    enable_nodelay(s)
    with s:
        s.sendall(line + b"\n")
        return s.recv(1024)
