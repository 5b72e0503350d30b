"""A static-file server keeping HTTP/1.1 connections: each response is the header block with
sendall(), then the file with socket.sendfile(). A small file waits behind the unacknowledged
header for the client's delayed ACK (NAG102); Nagle is on (NAG202)."""
import os
import socket


def serve(root, port=8080):
    listener = socket.create_server(("", port))
    while True:
        conn, _ = listener.accept()  # expect: NAG202
        with conn:
            while True:
                request = conn.recv(65536)
                if not request:
                    break
                path = os.path.join(root, request.split()[1].decode().lstrip("/") or "index.html")
                with open(path, "rb") as body:
                    size = os.fstat(body.fileno()).st_size
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % size)
                    conn.sendfile(body)  # expect: NAG102
