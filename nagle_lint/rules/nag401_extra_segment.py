"""Message written in pieces on a stream that already has TCP_NODELAY (opt-in).

## What it does
Flags the second write of one message, followed by a read, on a stream with `TCP_NODELAY` set:
asyncio streams and transports (asyncio sets it), sockets after `setsockopt(TCP_NODELAY, 1)`.
Off by default; enable with `--select NAG401`.

## Why is this bad?
There is no stall: with `TCP_NODELAY` each write leaves at once. But each piece costs its own
system call and its own TCP segment (and its own TLS record), so the peer may wake up twice per
message. One buffer, or `writer.writelines()` (one `sendmsg` on Python 3.12+), is cheaper.

## Example
```python
reader, writer = await asyncio.open_connection(host, port)
writer.write(header)
writer.write(body)
reply = await reader.read(4096)
```

## Use instead
```python
writer.writelines([header, body])
reply = await reader.read(4096)
```

## Fix safety
Joining adjacent writes on one stream is safe when their return values are unused.

## References
- CPython gh-91166 (writelines with sendmsg)
"""
from __future__ import annotations

from nagle_lint.model import Severity
from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.rules.common import split_findings

_ASYNC = ("import asyncio\n\nasync def main():\n    reader, writer = await asyncio.open_connection('h', 1)\n")
EXAMPLES = (
    Valid(_ASYNC + "    writer.writelines([b'HEAD', b'BODY'])\n    await reader.read(1)\n"),
    Valid(_ASYNC + "    writer.write(b'HEAD')\n    writer.write(b'BODY')\n    writer.close()\n"),
    Invalid(_ASYNC + "    writer.write(b'HEAD')\n    writer.write(b'BODY')\n    await reader.read(1)\n", at="6:5",
            fixed=_ASYNC + "    writer.write(b'HEADBODY')\n    await reader.read(1)\n"),
    Invalid("import socket\ns = socket.create_connection(('h', 1))\n"
            "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\ns.sendall(b'HEAD')\ns.sendall(b'BODY')\n"
            "s.recv(1)\n", at="5:1",
            fixed="import socket\ns = socket.create_connection(('h', 1))\n"
                  "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\ns.sendall(b'HEADBODY')\ns.recv(1)\n"),
    Invalid(_ASYNC + "    writer.write(header)\n    writer.write(body)\n    await reader.read(1)\n", at="6:5",
            fixed=_ASYNC + "    writer.write(header + body)\n    await reader.read(1)\n"),
)

RULE = Rule(
    code="NAG401", name="extra-segment",
    summary="Message written in 2+ pieces on a TCP_NODELAY stream: no stall, one extra segment",
    doc=__doc__, severity=Severity.INFO, fix="sometimes", default_enabled=False, examples=EXAMPLES,
)


def check(ctx):
    yield from split_findings(ctx, RULE)
