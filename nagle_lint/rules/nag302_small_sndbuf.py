"""SO_SNDBUF set too small.

## What it does
Flags `setsockopt(SOL_SOCKET, SO_SNDBUF, n)` on a TCP socket when `n` is a constant of 16 KiB or
less (literals and module-level constants are resolved, and an attribute the constructor sets
from a parameter is judged by that parameter's default, `self.buffer_size` after
`buffer_size=1024`; values from configuration are not judged). On a socket the code does not make (a callback's argument, `client.socket()`), it is
reported with low confidence and says so; on a socket known to be UDP or AF_UNIX, never, nor on
one handed in where every socket the module makes is UDP or AF_UNIX (an options callback).

## Why is this bad?
Linux doubles the request and raises it to a floor of 4608 bytes, far below one loopback segment
(64 KiB) and below many messages. A sender whose buffer fills cannot queue the rest of a message
until the receiver ACKs, and the receiver delays those ACKs: measured on loopback, 64 KiB
request/response uploads stalled ~44 ms each with the buffer at 1024 (with or without
`TCP_NODELAY`), and a one-way stream crawled at ~1.7 MB/s; a kernel mailing-list report measured
0.43 Mbit/s with a 1024-byte buffer. `TCP_NODELAY` does not help here: a larger buffer does.

## Example
```python
sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)
```

## Use instead
```python
# leave SO_SNDBUF alone: Linux autotunes it (net.ipv4.tcp_wmem)
```

## Fix safety
No automatic fix: the right size depends on the messages; removing the call is usually best.

## References
- Linux socket(7): SO_SNDBUF; tcp(7): tcp_wmem
"""
from __future__ import annotations

from dataclasses import replace

from nagle_lint.model import Confidence
from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.streams import catalog as C

_CLIENT = "import socket\ns = socket.create_connection(('h', 1))\n"
EXAMPLES = (
    Valid(_CLIENT + "s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)\n"),
    Valid(_CLIENT + "s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, config.sndbuf)\n"),
    # an attribute the constructor sets from a parameter whose default is small: that default
    Invalid("import socket\n\nclass Server:\n    def __init__(self, buffer_size=1024):\n"
            "        self.buffer_size = buffer_size\n\n    def handle(self, sock):\n"
            "        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.buffer_size)\n"
            "        while sock.recv(1024):\n            sock.sendall(b'ok')\n\n"
            "Server().handle(socket.create_connection(('h', 1)))\n", at="8:9"),
    Valid("import socket\n\nclass Server:\n    def __init__(self, buffer_size=1 << 20):\n"
          "        self.buffer_size = buffer_size\n\n    def handle(self, sock):\n"
          "        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.buffer_size)\n"
          "        while sock.recv(1024):\n            sock.sendall(b'ok')\n\n"
          "Server().handle(socket.create_connection(('h', 1)))\n"),
    Invalid(_CLIENT + "s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)\n", at="3:1"),
    Invalid("import socket\nBUF = 2048\n" + _CLIENT[14:] + "s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, BUF)\n",
            at="4:1"),
    # a socket handed over by a library: most likely its TCP connection
    Invalid("import socket\n\ndef on_socket_open(client, userdata, sock):\n"
            "    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 2048)\n", at="4:5"),
    Valid("import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
          "s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 2048)\n"),
    # an options helper in a module whose own sockets are all UDP: it is handed one of those
    Valid("import socket\n\ndef tune(sock):\n    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 512)\n\n"
          "def query(packet, options=tune):\n    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
          "    options(sock)\n    sock.sendto(packet, ('h', 53))\n    return sock.recv(512)\n"),
    Invalid("import socket\n\ndef tune(sock):\n    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 512)\n\n"
            "def query(packet, options=tune):\n    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
            "    options(sock)\n    sock.connect(('h', 53))\n    sock.sendall(packet)\n    return sock.recv(512)\n",
            at="4:5"),
    # a wake-up pair: socketpair() makes AF_UNIX sockets (on POSIX), which have no delayed ACK
    Valid("import socket\nwakeup, signal = socket.socketpair()\n"
          "signal.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1)\n"),
)

RULE = Rule(
    code="NAG302", name="small-sndbuf",
    summary="SO_SNDBUF set to 16 KiB or less: writes wait for delayed ACKs, throughput collapses",
    doc=__doc__, fix="never", examples=EXAMPLES,
)

# Measured (docs/rules.md): 4608 B effective stalls 64 KiB uploads; 16 KiB requested is 32 KiB
# effective, still below one loopback segment. Larger requests are a tuning choice, not a bug.
SMALL_SNDBUF = 16 * 1024
_SNDBUF = (C.SOL_SOCKET, C.OPTION_NUMBERS["SO_SNDBUF"])


_MESSAGE = ("SO_SNDBUF set to {n} bytes{where} (Linux makes it at least 4608): a message that does "
            "not fit waits for the peer's delayed ACKs, ~40 ms per request and a crawl for streams; "
            "leave it to autotuning or use a much larger buffer")


def check(ctx):
    from nagle_lint.context import call_text
    from nagle_lint.streams.names import dotted

    for opt in ctx.facts.flow.setopts.values():
        if (opt.level, opt.option) != _SNDBUF or opt.value is None or not opt.conn.is_tcp:
            continue
        if 0 < opt.value <= SMALL_SNDBUF:
            where = f" by default, through `{opt.value_from}`" if opt.value_from else ""
            yield ctx.finding(RULE, opt.node, _MESSAGE.format(n=opt.value, where=where))
    for call, level, option, value in ctx.facts.flow.loose_setopts.values():
        if (level, option) == _SNDBUF and value is not None and 0 < value <= SMALL_SNDBUF \
                and not ctx.facts.resolver.makes_only_other_sockets():
            # (a module whose own sockets are all UDP or AF_UNIX sets it on one of those)
            receiver = call.func.value
            where = f" on `{dotted(receiver) or call_text(receiver)}`, if it is a TCP socket"
            found = ctx.finding(RULE, call, _MESSAGE.format(n=value, where=where))
            yield replace(found, confidence=Confidence.LOW) if found is not None else None
