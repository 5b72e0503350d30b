"""A keep-alive HTTP server reads each request by handing its connection's read-side file to a
parser of another package (`parse_request(rfile)`), then writes the status and headers and the
body as two sendall() calls. The parser reads the next request: the body waits for the
client's delayed ACK on every response after the first."""
import socket

from tinyhttp.parsing import parse_request


def serve(port):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", port))
    listener.listen()
    while True:
        conn, _ = listener.accept()  # expect: NAG202
        rfile = conn.makefile("rb")
        while True:
            request = parse_request(rfile)
            if request is None:
                break
            body = b"hello"
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body))
            conn.sendall(body)  # expect: NAG102
        conn.close()
