"""Response written in pieces on a kept-alive connection.

## What it does
Flags the second write of one response on a server-side TCP connection with Nagle's algorithm on
(an accepted socket, a `socketserver` handler's `self.request` or `self.wfile`, an `http.server`
handler with `protocol_version = "HTTP/1.1"`), when the connection stays open for the next request.

## Why is this bad?
The client delays its ACK of the first piece (the headers, a length prefix) while it waits for the
rest, and Nagle's algorithm holds the rest until that ACK arrives: 40 ms per response on Linux,
200 ms on other stacks. `BaseHTTPRequestHandler.end_headers()` sends the headers in one write,
so `self.wfile.write(body)` after it is always a second piece. With HTTP/1.0 (the default) the
connection closes after each response and the FIN pushes the data out, so there is no stall.

A piece written after a write loop, such as the `0\\r\\n\\r\\n` that ends a chunked body, is held as
well and is reported on its own line, because joining the loop's pieces does not join it. An
interim `100 Continue` is a message of its own: the client sends the request body before the
final response, so the held piece is counted from the final response's first write.

## Example
```python
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)
```

## Use instead
```python
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    ...
```

## Fix safety
Joining adjacent writes on one stream is safe when their return values are unused. Setting
`disable_nagle_algorithm = True` on a handler class (or `TCP_NODELAY` after `accept()`) is safe.
A protocol whose messages carry no length or delimiter (the client takes each `recv()` as one
message) is the exception, as for NAG101: frame the messages first.

## References
- RFC 896; RFC 1122 section 4.2.3.2
- Python docs: socketserver.StreamRequestHandler.disable_nagle_algorithm
"""
from __future__ import annotations

from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.rules.common import split_findings

_SERVER = ("import socket\nsrv = socket.create_server(('127.0.0.1', 0))\nconn, _ = srv.accept()\n"
           "while conn.recv(64):\n")
# the terminator after the chunk loop: held whatever the loop does
_CHUNKED = ("from http.server import BaseHTTPRequestHandler\n\nclass H(BaseHTTPRequestHandler):\n"
            "    protocol_version = 'HTTP/1.1'\n\n    def do_GET(self):\n        self.send_response(200)\n"
            "        self.end_headers()\n        for chunk in self.server.chunks():\n"
            "            self.wfile.write(b'%x\\r\\n%s\\r\\n' % (len(chunk), chunk))\n"
            "        self.wfile.write(b'0\\r\\n\\r\\n')\n")
EXAMPLES = (
    Valid(_SERVER + "    conn.sendall(b'LEN4' + b'BODY')\n"),
    Valid("from http.server import BaseHTTPRequestHandler\n\nclass H(BaseHTTPRequestHandler):\n"
          "    def do_GET(self):\n        self.send_response(200)\n        self.end_headers()\n"
          "        self.wfile.write(b'body')\n"),
    Invalid(_SERVER + "    conn.sendall(b'LEN4')\n    conn.sendall(b'BODY')\n", at="6:5",
            fixed=_SERVER + "    conn.sendall(b'LEN4BODY')\n"),
    Invalid("from http.server import BaseHTTPRequestHandler\n\nclass H(BaseHTTPRequestHandler):\n"
            "    protocol_version = 'HTTP/1.1'\n\n    def do_GET(self):\n        self.send_response(200)\n"
            "        self.end_headers()\n        self.wfile.write(b'body')\n", at="9:9",
            fixed="from http.server import BaseHTTPRequestHandler\n\nclass H(BaseHTTPRequestHandler):\n"
                  "    protocol_version = 'HTTP/1.1'\n    disable_nagle_algorithm = True\n\n    def do_GET(self):\n"
                  "        self.send_response(200)\n        self.end_headers()\n        self.wfile.write(b'body')\n"),
    Invalid(_CHUNKED, at="11:9", fixed=_CHUNKED.replace("'HTTP/1.1'\n", "'HTTP/1.1'\n    disable_nagle_algorithm = True\n")),
    Invalid(_SERVER + "    conn.sendall(header)\n    conn.sendall(body)\n", at="6:5", strategy="nodelay",
            fixed="import socket\nsrv = socket.create_server(('127.0.0.1', 0))\nconn, _ = srv.accept()\n"
                  "conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\nwhile conn.recv(64):\n"
                  "    conn.sendall(header)\n    conn.sendall(body)\n"),
)

RULE = Rule(
    code="NAG102", name="split-response",
    summary="Response written in 2+ pieces on a kept-alive Nagle-on connection: ~40 ms per response",
    doc=__doc__, fix="sometimes", examples=EXAMPLES,
)


def check(ctx):
    yield from split_findings(ctx, RULE)
