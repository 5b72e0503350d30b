"""A static-file server keeping HTTP/1.1 connections: each response is the header block with
sendall(), then the file with socket.sendfile(), both under TCP_CORK, taken off after the file:
header and body leave together; TCP_NODELAY is set on each connection."""
import os
import socket


def serve(root, port=8080):
    listener = socket.create_server(("", port))
    while True:
        conn, _ = listener.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with conn:
            while True:
                request = conn.recv(65536)
                if not request:
                    break
                path = os.path.join(root, request.split()[1].decode().lstrip("/") or "index.html")
                with open(path, "rb") as body:
                    size = os.fstat(body.fileno()).st_size
                    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % size)
                    conn.sendfile(body)
                    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)
