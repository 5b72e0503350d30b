"""Writes in a loop before a read.

## What it does
Flags a write inside a loop on a Nagle-on TCP connection when the loop sends the pieces of one
message (or response) and the program then reads from that connection.

## Why is this bad?
Each small write after the first is held by Nagle's algorithm until the previous one is
acknowledged, and the peer delays that ACK while it waits for the rest of the message: at least
one delayed-ACK timeout (~40 ms on Linux) per message, and one extra round trip per piece on a
real network.

## Example
```python
for part in parts:
    sock.sendall(part)
reply = sock.recv(4096)
```

## Use instead
```python
sock.sendall(b"".join(parts))
reply = sock.recv(4096)
```

## Fix safety
Replacing the loop by one joined write is safe when the loop body is only that write and the loop
variable is not used after the loop.

## References
- RFC 896; RFC 1122 section 4.2.3.2
"""
from __future__ import annotations

from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.rules.common import split_findings

EXAMPLES = (
    Valid("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b''.join(parts))\ns.recv(1)\n"),
    Valid("import socket\ns = socket.create_connection(('h', 1))\nfor part in parts:\n    s.sendall(part)\n"
          "    s.recv(1)\n"),
    Invalid("import socket\ns = socket.create_connection(('h', 1))\nwhile True:\n    for part in parts:\n"
            "        s.sendall(part)\n    s.recv(1)\n", at="5:9",
            fixed="import socket\ns = socket.create_connection(('h', 1))\nwhile True:\n"
                  "    s.sendall(b''.join(parts))\n    s.recv(1)\n"),
    Invalid("import socket\n\ndef upload(batches):\n    s = socket.create_connection(('h', 1))\n"
            "    for lines in batches:\n        for line in lines:\n            s.send(line)\n        s.recv(2)\n",
            at="7:13",
            fixed="import socket\n\ndef upload(batches):\n    s = socket.create_connection(('h', 1))\n"
                  "    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
                  "    for lines in batches:\n        for line in lines:\n            s.send(line)\n        s.recv(2)\n"),
    Invalid("import socket\n\ndef put(s: socket.socket, keys):\n    for key in keys:\n        s.sendall(key.encode())\n"
            "    return s.recv(2)\n\nput(socket.create_connection(('h', 1)), ['a'])\n", at="5:9",
            fixed="import socket\n\ndef put(s: socket.socket, keys):\n    s.sendall(b''.join(key.encode() for key in keys))\n"
                  "    return s.recv(2)\n\nput(socket.create_connection(('h', 1)), ['a'])\n"),
)

RULE = Rule(
    code="NAG103", name="write-loop",
    summary="Writes in a loop on a Nagle-on TCP connection, then a read: each piece waits for an ACK",
    doc=__doc__, fix="sometimes", examples=EXAMPLES,
)


def check(ctx):
    yield from split_findings(ctx, RULE)
