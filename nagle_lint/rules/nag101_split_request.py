"""Request written in pieces before a read.

## What it does
Flags the second write of one request on a TCP socket that has Nagle's algorithm on (no
`TCP_NODELAY`), when the client then waits for the reply on the same connection.

Not flagged, because none of them waits: the first request on a new connection (its first data
is ACKed at once), two writes with a `time.sleep()` of 50 ms or more between them, a send that
only runs when the one before raised on its argument (`except TypeError:`), and a second piece
of 8 KiB or more, whose full segments the server ACKs at once across a network (on loopback,
whose segments are 64 KiB, such a piece can still wait).

## Why is this bad?
The first small piece leaves at once. Nagle's algorithm holds the second one until the first is
acknowledged, and the server delays that ACK (40 ms on Linux, up to 200 ms elsewhere) hoping to
piggyback it on a reply it cannot send before it has the whole request. Every request waits for
the timer: 44 ms median on loopback against 0.05 ms when written at once.

## Example
```python
sock = socket.create_connection(("db", 5000))
sock.sendall(header)
sock.sendall(body)
reply = sock.recv(4096)
```

## Use instead
```python
sock = socket.create_connection(("db", 5000))
sock.sendall(header + body)
reply = sock.recv(4096)
```

## Fix safety
Joining adjacent writes on one stream is safe when their return values are unused and nothing
runs between them; `send()` may write part of a buffer, so joining `send()` calls is unsafe.
`sendmsg([a, b])` avoids the copy but may send part of the data on a socket with a timeout:
unsafe. Setting `TCP_NODELAY` right after the socket is made is safe.

One protocol can break: one whose messages carry no length or delimiter, where the peer takes
each `recv()` as one message. It works today only because Nagle keeps the second piece back
until the first is read; joined, or sent at once with `TCP_NODELAY`, both often arrive in one
`recv()`. Give the messages a length or a delimiter first.

## References
- RFC 896 (Nagle's algorithm); RFC 1122 section 4.2.3.2 (delayed ACK)
- Linux tcp(7): TCP_NODELAY
"""
from __future__ import annotations

from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.rules.common import split_findings

EXAMPLES = (
    Valid("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HEAD' + b'BODY')\ns.recv(1)\n"),
    Valid("import socket\ns = socket.socket(socket.AF_UNIX)\ns.sendall(b'HEAD')\ns.sendall(b'BODY')\ns.recv(1)\n"),
    # one-shot: the first data of a fresh connection is ACKed at once
    Valid("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HEAD')\ns.sendall(b'BODY')\n"
          "s.recv(1)\ns.close()\n"),
    Invalid("import socket\ns = socket.create_connection(('h', 1))\nwhile True:\n    s.sendall(b'HEAD')\n"
            "    s.sendall(b'BODY')\n    s.recv(1)\n", at="5:5",
            fixed="import socket\ns = socket.create_connection(('h', 1))\nwhile True:\n    s.sendall(b'HEADBODY')\n"
                  "    s.recv(1)\n"),
    Invalid("from socket import socket\n\nclass Client:\n    def __init__(self):\n        self.sock = socket()\n"
            "        self.sock.connect(('h', 1))\n\n    def _head(self, h):\n        self.sock.sendall(h)\n\n"
            "    def call(self, h, b):\n        self._head(h)\n        self.sock.sendall(b)\n"
            "        return self.sock.recv(4)\n", at="13:9",
            fixed="from socket import socket, IPPROTO_TCP, TCP_NODELAY\n\nclass Client:\n    def __init__(self):\n"
                  "        self.sock = socket()\n        self.sock.connect(('h', 1))\n"
                  "        self.sock.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)\n\n"
                  "    def _head(self, h):\n        self.sock.sendall(h)\n\n"
                  "    def call(self, h, b):\n        self._head(h)\n        self.sock.sendall(b)\n"
                  "        return self.sock.recv(4)\n"),
    Invalid("import socket\n\ndef get(path):\n    s = socket.create_connection(('h', 80))\n    s.sendall(b'HELLO\\r\\n')\n"
            "    s.recv(64)\n    s.sendall(b'GET ')\n"
            "    s.sendall(path)  # the target\n    s.sendall(b' HTTP/1.0\\r\\n\\r\\n')\n    return s.recv(4096)\n",
            at="8:5",
            fixed="import socket\n\ndef get(path):\n    s = socket.create_connection(('h', 80))\n    s.sendall(b'HELLO\\r\\n')\n"
                  "    s.recv(64)\n"
                  "    s.sendall(b''.join((b'GET ', path, b' HTTP/1.0\\r\\n\\r\\n')))  # the target\n    return s.recv(4096)\n"),
    Invalid("import socket\ns = socket.socket()\ns.connect(('h', 1))\nfor head, body in requests:\n"
            "    s.sendall(head)\n    s.sendall(body)\n    s.recv(1)\n",
            at="6:5", strategy="nodelay",
            fixed="import socket\ns = socket.socket()\ns.connect(('h', 1))\n"
                  "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\nfor head, body in requests:\n"
                  "    s.sendall(head)\n    s.sendall(body)\n    s.recv(1)\n"),
)

RULE = Rule(
    code="NAG101", name="split-request",
    summary="Request written in 2+ pieces on a Nagle-on TCP socket, then a read: ~40 ms per request",
    doc=__doc__, fix="sometimes", examples=EXAMPLES,
)


def check(ctx):
    yield from split_findings(ctx, RULE)
