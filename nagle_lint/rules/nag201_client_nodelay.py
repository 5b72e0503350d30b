"""TCP client used for request/response without TCP_NODELAY.

## What it does
Flags where a TCP client socket is made (`socket.socket()` then `connect()`,
`socket.create_connection()`, a plain `socket.socket()` handed to `asyncio.open_connection(sock=...)`,
a `telnetlib.Telnet(host)` or a class built on `Telnet` whose `__init__` hands it a host,
a `multiprocessing.connection.Client((host, port))`)
when the program writes to it and then waits for a reply, and `TCP_NODELAY` is never set on it:
not after creation, not in another method, not in a helper. A relay (a tunnel or a port
forwarder: `data = other.recv(n)`, then `sock.sendall(data)`) is reported too: it passes each
piece on as it arrives, so a piece sent before the server ACKs the one before waits as well.
A client whose requests are lines someone types (each written after `input()` or a read of
`sys.stdin`, or of an attribute set to it, or a prompt: `getpass.getpass()`, `click.prompt()`, a
prompt_toolkit session's `prompt()`; on the same turn of its loop) is not: it goes at the person's pace, one write per
line, and 40 ms between keystrokes is not felt. Nor is a connection a function makes (itself,
or through a factory of the module that makes a new one on each call) and keeps to itself (not
returned, stored, wrapped or handed on; handed to a function of the module that only reads or
writes it, `read_frame(sock)`, is still to itself) for a fixed sequence of exchanges, no loop
repeating them on that connection, each request one write (a login, then one command): every
request is written after the previous reply was read, so nothing is in flight for Nagle to wait
on. A loop that calls such a function makes a new connection each turn (a websocket handler
that runs it in a worker thread for each message): the same holds.

A Twisted client protocol (a `Protocol` or `LineReceiver` class of the project that writes
`self.transport` and receives data) is flagged where its factory is connected over TCP
(`reactor.connectTCP`, `connectSSL`, a TCP endpoint's `connect()`, `clientFromString(reactor,
"tcp:...")`, `connectProtocol`) when nothing calls `self.transport.setTcpNoDelay(True)`. Twisted
sends what one reactor turn wrote as one buffer, so the stall is a request written in a later
turn while the one before is unacknowledged (the rest of a streamed body, a pipelined or
no-reply request). In a library, whose users choose the endpoint, a protocol connected with
`endpoint.connect(factory)` on an endpoint the function is given (a connection pool) is flagged at
its class when it hands `self.transport` to the objects that write its requests
(`request.writeTo(self.transport)`).

## Why is this bad?
Request/response over a Nagle-on socket is one refactor away from the 40 ms stall: the first
request written in two pieces (a header and a body, a length prefix and a payload) waits for the
server's delayed ACK on every call. This is why http.client, urllib3, asyncio, aiohttp, trio,
pymongo and most database drivers set `TCP_NODELAY` on every connection they make. Note that
asyncio sets it only when `sock.proto == IPPROTO_TCP`, which a plain `socket.socket()` is not.

## Example
```python
sock = socket.create_connection((host, port))
sock.sendall(b"PING\\r\\n")
reply = sock.recv(64)
```

## Use instead
```python
sock = socket.create_connection((host, port))
sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
sock.sendall(b"PING\\r\\n")
reply = sock.recv(64)
```

## Fix safety
Inserting the `setsockopt` call right after the statement that makes the socket is safe: it
changes only when small segments leave, never what is sent. A Twisted transport gets no
automatic fix: the call belongs in the protocol's `connectionMade()`, under
`ITCPTransport.providedBy(self.transport)` when the protocol may also run over another transport.

## References
- Linux tcp(7): TCP_NODELAY
- CPython bpo-23302 (http.client sets TCP_NODELAY)
"""
from __future__ import annotations

from nagle_lint.model import Confidence
from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.rules.common import nodelay_findings
from nagle_lint.streams import catalog as C

EXAMPLES = (
    Valid("import socket\ns = socket.create_connection(('h', 1))\n"
          "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\ns.sendall(b'PING')\ns.recv(4)\n"),
    Valid("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'LOG LINE')\ns.close()\n"),
    # one exchange, then closed: no second request can wait
    Valid("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'PING')\ns.recv(4)\ns.close()\n"),
    Invalid("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'AUTH x')\ns.recv(4)\n"
            "s.sendall(b'PING')\ns.recv(4)\n", at="2:5",
            fixed="import socket\ns = socket.create_connection(('h', 1))\n"
                  "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\ns.sendall(b'AUTH x')\ns.recv(4)\n"
                  "s.sendall(b'PING')\ns.recv(4)\n"),
    Invalid("import socket\n\ndef ping(host):\n    with socket.create_connection((host, 7)) as s:\n"
            "        for _ in range(3):\n            s.sendall(b'PING')\n            s.recv(4)\n", at="4:10",
            fixed="import socket\n\ndef ping(host):\n    with socket.create_connection((host, 7)) as s:\n"
                  "        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
                  "        for _ in range(3):\n            s.sendall(b'PING')\n            s.recv(4)\n"),
    # a greeting exchange, then the connection handed to the caller for its requests
    Invalid("import socket as so\n\ndef connect(host):\n    s = so.socket()\n    s.settimeout(2)\n    s.connect((host, 7))\n"
            "    s.sendall(b'HELO')\n    s.recv(4)\n    return s\n", at="4:9",
            fixed="import socket as so\n\ndef connect(host):\n    s = so.socket()\n    s.settimeout(2)\n    s.connect((host, 7))\n"
                  "    s.setsockopt(so.IPPROTO_TCP, so.TCP_NODELAY, 1)\n    s.sendall(b'HELO')\n    s.recv(4)\n"
                  "    return s\n"),
    # a fixed sequence on a connection of its own: each request is written after the previous
    # reply was read, so nothing is in flight for Nagle to wait on
    Valid("import socket\n\ndef ping(host):\n    s = socket.create_connection((host, 7))\n"
          "    s.sendall(b'HELO')\n    s.recv(4)\n    s.sendall(b'PING')\n    reply = s.recv(4)\n    s.close()\n"
          "    return reply\n"),
    # a Twisted protocol connected over TCP: flagged at connectTCP, fixed by hand in connectionMade()
    Invalid("from twisted.internet import reactor\nfrom twisted.internet.protocol import Factory, Protocol\n\n"
            "class Ping(Protocol):\n    def ping(self):\n        self.transport.write(b'PING')\n\n"
            "    def dataReceived(self, data):\n        print(data)\n\n"
            "reactor.connectTCP('h', 1, Factory.forProtocol(Ping))\n", at="11:1"),
    Valid("from twisted.internet import reactor\nfrom twisted.internet.protocol import Factory, Protocol\n\n"
          "class Ping(Protocol):\n    def connectionMade(self):\n        self.transport.setTcpNoDelay(True)\n\n"
          "    def ping(self):\n        self.transport.write(b'PING')\n\n"
          "    def dataReceived(self, data):\n        print(data)\n\n"
          "reactor.connectTCP('h', 1, Factory.forProtocol(Ping))\n"),
    # a relay passes each piece on as it arrives: the one after waits for the ACK of the one before
    Invalid("import socket\n\ndef relay(chan, addr):\n    s = socket.create_connection(addr)\n    while True:\n"
            "        data = chan.recv(4096)\n        s.sendall(data)\n        chan.sendall(s.recv(4096))\n", at="4:9",
            fixed="import socket\n\ndef relay(chan, addr):\n    s = socket.create_connection(addr)\n"
                  "    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n    while True:\n"
                  "        data = chan.recv(4096)\n        s.sendall(data)\n        chan.sendall(s.recv(4096))\n"),
)

RULE = Rule(
    code="NAG201", name="client-nodelay",
    summary="TCP client used for request/response without TCP_NODELAY: any split request stalls",
    doc=__doc__, confidence=Confidence.MEDIUM, fix="always", examples=EXAMPLES,
)


def check(ctx):
    yield from nodelay_findings(ctx, RULE, C.CLIENT)
