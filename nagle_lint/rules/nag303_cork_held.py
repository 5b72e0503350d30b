"""TCP_CORK set and still set at the next read.

## What it does
Flags `setsockopt(IPPROTO_TCP, TCP_CORK, 1)` when a path reaches a read on the same connection
without setting `TCP_CORK` back to 0 (or closing) first.

## Why is this bad?
A corked socket sends only full segments; a partial one waits until the cork is removed or for
up to 200 ms. The peer cannot answer a request it has not received, so each request waits the
full timer: measured on loopback, ~208 ms per request. `TCP_NODELAY` on the same socket does not
override the cork.

## Example
```python
sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
sock.sendall(header)
sock.sendall(body)
reply = sock.recv(4096)
```

## Use instead
```python
sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
sock.sendall(header)
sock.sendall(body)
sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)  # uncork: sends now
reply = sock.recv(4096)
```

## Fix safety
No automatic fix: where to uncork depends on where each message ends.

## References
- Linux tcp(7): TCP_CORK (200 ms ceiling)
"""
from __future__ import annotations

from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.streams import catalog as C

_CLIENT = "import socket\ns = socket.create_connection(('h', 1))\n"
_CORK = "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, {})\n"
EXAMPLES = (
    Valid(_CLIENT + _CORK.format(1) + "s.sendall(b'A')\ns.sendall(b'B')\n" + _CORK.format(0) + "s.recv(1)\n"),
    Valid(_CLIENT + _CORK.format(1) + "s.sendall(b'A')\ns.close()\n"),
    Invalid(_CLIENT + _CORK.format(1) + "s.sendall(b'A')\ns.recv(1)\n", at="3:1"),
    Invalid(_CLIENT + "s.setsockopt(6, 3, 1)\nfor _ in range(3):\n    s.sendall(b'Q')\n    s.recv(1)\n", at="3:1"),
)

RULE = Rule(
    code="NAG303", name="cork-held",
    summary="TCP_CORK still set when the program waits for a reply: up to 200 ms per request",
    doc=__doc__, fix="never", examples=EXAMPLES,
)


_CORK = (C.IPPROTO_TCP, C.OPTION_NUMBERS["TCP_CORK"])


def check(ctx):
    flow = ctx.facts.flow
    held = dict(flow.corks_held)
    # Corked in one method, read in another (set at connect time, never cleared): no path in a
    # single walk sees both, so a connection that is never uncorked anywhere counts as held.
    uncorked = {id(o.conn) for o in flow.setopts.values() if (o.level, o.option) == _CORK and o.value == 0}
    for opt in flow.setopts.values():
        if (opt.level, opt.option) == _CORK and opt.value and id(opt.conn) not in uncorked and id(opt.node) not in held:
            reads = [r.node for r in flow.reads.values() if r.conn is opt.conn]
            if reads:
                held[id(opt.node)] = (opt, min(reads, key=ctx.order))
    for opt, read in held.values():
        if not opt.conn.is_tcp or not ctx.is_local(opt.node):
            continue
        message = (f"TCP_CORK set here is still set at the read on line {ctx.where(read)}: the corked data waits "
                   "up to 200 ms for the cork to come off; set TCP_CORK to 0 after the last write of each message")
        yield ctx.finding(RULE, opt.node, message, related=[("read", read)])
