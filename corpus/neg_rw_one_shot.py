"""One-shot connections: connect, one request written as a length line and a name, read the
reply, close. The first data on a fresh TCP connection is ACKed at once (quick-ACK at
connection start), so the second piece is not held and a connection with only one exchange
cannot stall, in library code or in a test."""
import socket


def fetch_status(host, port, name, timeout=2.0):
    with socket.create_connection((host, port), timeout) as s:
        s.sendall(b"STATUS %d\n" % len(name))
        s.sendall(name)
        reply = s.recv(1024)
    return reply.decode("ascii").strip()


def submit_job(address, spec):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.connect(address)
        sock.sendall(b"JOB %d\n" % len(spec))
        sock.sendall(spec)
        return sock.recv(64).strip()
    finally:
        sock.close()


def test_status_roundtrip(status_server):
    sock = socket.create_connection(status_server)
    try:
        sock.sendall(b"STATUS 3\n")
        sock.sendall(b"web")
        assert sock.recv(1024).strip() == b"web up"
    finally:
        sock.close()
