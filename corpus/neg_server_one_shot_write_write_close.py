"""One-request-per-connection server: it reads the request, writes a status line and
a body in two sendall() calls and closes. No next request is read on the connection
and the FIN pushes the held body out immediately."""
import socket


def serve(port=0, max_connections=100):
    listener = socket.create_server(("127.0.0.1", port))
    with listener:
        for _ in range(max_connections):
            conn, _ = listener.accept()
            with conn:
                request = conn.recv(4096)
                if not request:
                    continue
                body = b"you sent %d bytes\n" % len(request)
                conn.sendall(b"200 OK %d\n" % len(body))
                conn.sendall(body)


if __name__ == "__main__":
    serve()
