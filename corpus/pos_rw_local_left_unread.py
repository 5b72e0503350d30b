"""A local connection whose last message nobody waits for: the client logs in (two exchanges,
so Nagle matters on this connection), writes its job in two pieces and drops the socket when the
function returns. The login is request/response without TCP_NODELAY (NAG201), but no read follows
the job's pieces on this connection: there is no split to report, and the login's reply, read
earlier, is not the job's."""
import socket


def submit(host, user, job):
    conn = socket.create_connection((host, 7070))  # expect: NAG201
    for line in (b"HELLO\r\n", b"USER " + user + b"\r\n"):
        conn.sendall(line)
        if not conn.recv(64).startswith(b"OK"):
            raise ConnectionError(line)
    conn.sendall(b"JOB " + job)
    conn.sendall(b"\r\nQUIT\r\n")
