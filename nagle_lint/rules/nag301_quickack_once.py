"""TCP_QUICKACK set once.

## What it does
Flags `setsockopt(IPPROTO_TCP, TCP_QUICKACK, 1)` on a TCP socket that is read later, when the
option is not set again inside the loop that reads (after every `recv()`). Set after a read or
a write in a helper the program calls for each message (`receive()`, `send()`), it is re-armed
on every call and not flagged. Numeric spellings (`6, 12, 1`), `SOL_TCP` and
`getattr(socket, "TCP_QUICKACK", 12)` count too.

## Why is this bad?
On Linux `TCP_QUICKACK` is not sticky: it only switches quick-ACK mode on for now, and the kernel
goes back to delayed ACKs by itself after a few segments. Set once after `accept()` or `connect()`
it looks like a fix in a quick test and does nothing for the rest of the connection: measured
on loopback, 199 of 200 split requests still waited ~44 ms. Only re-arming it after every read
helped, and that is Linux-only; fixing the sender (one write, or `TCP_NODELAY`) works everywhere.

## Example
```python
conn, _ = listener.accept()
conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
while data := conn.recv(4096):
    conn.sendall(reply(data))
```

## Use instead
```python
conn, _ = listener.accept()
while data := conn.recv(4096):
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)  # re-arm after each read
    conn.sendall(reply(data))
```

## Fix safety
No automatic fix: the right fix is usually on the other side of the connection (the sender).

## References
- Linux tcp(7): TCP_QUICKACK ("not permanent")
"""
from __future__ import annotations

import ast

from nagle_lint.flow.summaries import contains
from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.streams import catalog as C
from nagle_lint.streams.names import dotted

_SERVER = "import socket\nsrv = socket.create_server(('127.0.0.1', 0))\nconn, _ = srv.accept()\n"
EXAMPLES = (
    Valid(_SERVER + "while conn.recv(64):\n    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)\n"
          "    conn.sendall(b'OK')\n"),
    Valid(_SERVER + "conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)\nconn.sendall(b'HELLO')\n"
          "conn.close()\n"),
    Invalid(_SERVER + "conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)\nwhile conn.recv(64):\n"
            "    conn.sendall(b'OK')\n", at="4:1"),
    Invalid("import socket\ns = socket.create_connection(('h', 1))\ns.setsockopt(6, 12, 1)\n"
            "for _ in range(9):\n    s.sendall(b'Q')\n    s.recv(1)\n", at="3:1"),
    # a receive helper the program calls for every message re-arms it after each read
    Valid("import socket\n\nclass Bus:\n    def __init__(self, a):\n        self.s = socket.create_connection(a)\n\n"
          "    def receive(self):\n        data = self.s.recv(1024)\n"
          "        self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)\n        return data\n\n"
          "    def send(self, m):\n        self.s.sendall(m)\n"),
)

RULE = Rule(
    code="NAG301", name="quickack-once",
    summary="TCP_QUICKACK set once: the kernel drops back to delayed ACKs, the stall returns",
    doc=__doc__, fix="never", examples=EXAMPLES,
)

_QUICKACK = (C.IPPROTO_TCP, C.OPTION_NUMBERS["TCP_QUICKACK"])


def check(ctx):
    flow = ctx.facts.flow
    for opt in flow.setopts.values():
        if (opt.level, opt.option) != _QUICKACK or opt.value == 0 or not opt.conn.is_tcp or not ctx.is_local(opt.node):
            continue
        reads = [r for r in flow.reads.values() if r.conn is opt.conn]
        if not reads:
            continue
        if opt.loops and any(opt.loops[-1] in r.loops for r in reads):
            continue  # re-armed inside the loop that reads
        if _rearmed_per_call(ctx, opt, reads):
            continue
        first_read = min(reads, key=lambda r: ctx.order(r.node)).node
        message = ("TCP_QUICKACK set once: Linux drops back to delayed ACKs after a few segments, so the "
                   f"~40 ms stall returns (read at line {ctx.where(first_read)}); fix the sender (one write or "
                   "TCP_NODELAY) or re-arm it after every recv()")
        yield ctx.finding(RULE, opt.node, message, related=[("read", first_read)])


def _rearmed_per_call(ctx, opt, reads) -> bool:
    """Set in a function that reads or writes the connection before it (a receive or send helper
    the program calls for each message): re-armed on every call, unless a loop after it in the
    same function reads on without it."""
    func = opt.func
    if func is None or type(func.node) not in (ast.FunctionDef, ast.AsyncFunctionDef):
        return False
    at = ctx.order(opt.node)
    inside = [r for r in reads if contains(func.node, r.node)]
    if any(ctx.order(r.node) > at and r.loops and r.loops[-1] not in opt.loops for r in inside):
        return False
    receiver = dotted(opt.node.func.value) if type(opt.node.func) is ast.Attribute else None
    wrote = receiver is not None and any(
        type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in C.SOCKET_WRITES
        and dotted(node.func.value) == receiver and ctx.order(node) < at for node in ast.walk(func.node))
    return wrote or any(ctx.order(r.node) < at for r in inside)
