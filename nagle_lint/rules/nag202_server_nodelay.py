"""Server connection used for request/response without TCP_NODELAY.

## What it does
Flags the `accept()` call, or the request-handler class, of a TCP server that reads a request,
writes a response and then reads the next request on the same connection (in the accepting
function, or in the handler a thread is started on: `threading.Thread(target=serve, args=(conn,))`
(or `target=functools.partial(serve, conn)`, `target=lambda: serve(conn)`),
`executor.submit(serve, conn)`, `_thread.start_new_thread(serve, (conn,))`, or served by paramiko's `Transport(conn)`, which
never sets it; also an asyncio server, `start_server(cb, sock=s)` or `loop.create_server(Protocol,
sock=s)`, on a listener `s` made by `socket.socket()`: asyncio sets it only on sockets of proto
IPPROTO_TCP, or one that accepts with `loop.sock_accept(s)`, which sets it on none; also a
server class built on the standard library's `smtpd.SMTPServer`, whose SMTP sessions smtpd
serves and whose stock EHLO reply is one `push()` per line), when `TCP_NODELAY` is set neither
on the accepted socket, nor on the listening socket (Linux copies it to accepted sockets), nor
through `disable_nagle_algorithm = True`. A Twisted server protocol that
receives data and writes `self.transport` is flagged where its factory is listened on over TCP
(`reactor.listenTCP`, `listenSSL`, a TCP server endpoint's `listen()`, `serverFromString(reactor,
"tcp:...")`, its factory's `protocol` given by assignment or built by `buildProtocol()`) when it
never calls `self.transport.setTcpNoDelay(True)`, unless it closes the connection after every
answer it writes (one answer per connection). In a library, which has no listen call, such a
protocol is flagged at its class when a `ServerFactory` of the project serves it (its `protocol`,
what its `buildProtocol()` returns, or the protocol a `proxyForInterface(IProtocol, ...)` wrapper
it builds forwards to) and it declares itself the consumer or transport of the objects that write
the responses (`@implementer(IConsumer)`): they write a response piece by piece, each when the
application has it, so pieces in different reactor turns are its normal case. A keep-alive
(`protocol_version = "HTTP/1.1"`) handler built on `http.server.SimpleHTTPRequestHandler` is
flagged when it serves files with the stock `do_GET()` (inherited, or called through
`super().do_GET()`), which writes each file's headers and body in two sends.

## Why is this bad?
Any response written in two pieces (headers then body, a length prefix then a payload) waits for
the client's delayed ACK: 40 ms per response on Linux, 200 ms on other stacks. A production RPC
service measured p99 210 ms against a 50 ms target this way; `TCP_NODELAY` on every accepted
socket brought it to 6 ms.

## Example
```python
conn, addr = listener.accept()
while data := conn.recv(4096):
    conn.sendall(handle(data))
```

## Use instead
```python
conn, addr = listener.accept()
conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
while data := conn.recv(4096):
    conn.sendall(handle(data))
```

## Fix safety
Inserting `setsockopt(TCP_NODELAY)` after `accept()`, or `disable_nagle_algorithm = True` in a
`socketserver` handler class, is safe. A Twisted transport gets no automatic fix: the call
belongs in the protocol's `connectionMade()`.

## References
- Python docs: socketserver.StreamRequestHandler.disable_nagle_algorithm
"""
from __future__ import annotations

from nagle_lint.model import Confidence
from nagle_lint.rules.base import Invalid, Rule, Valid
from nagle_lint.rules.common import nodelay_findings
from nagle_lint.streams import catalog as C

_LISTEN = "import socket\nsrv = socket.create_server(('127.0.0.1', 0))\n"
_SERVED = ("from twisted.internet import interfaces, protocol\nfrom twisted.protocols import basic\n"
           "from zope.interface import implementer\n\n@implementer(interfaces.IConsumer)\n"
           "class Channel(basic.LineReceiver):\n    def lineReceived(self, line):\n"
           "        self.factory.handle(self, line)\n\n    def write(self, data):\n"
           "        self.transport.write(data)\n\n")
EXAMPLES = (
    Valid(_LISTEN + "srv.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\nconn, _ = srv.accept()\n"
          "while conn.recv(64):\n    conn.sendall(b'OK')\n"),
    Valid(_LISTEN + "conn, _ = srv.accept()\nconn.recv(64)\nconn.sendall(b'OK')\nconn.close()\n"),
    Invalid(_LISTEN + "conn, _ = srv.accept()\nwhile conn.recv(64):\n    conn.sendall(b'OK')\n", at="3:11",
            fixed=_LISTEN + "conn, _ = srv.accept()\nconn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
                  "while conn.recv(64):\n    conn.sendall(b'OK')\n"),
    Invalid("import socketserver\n\nclass Echo(socketserver.StreamRequestHandler):\n    def handle(self):\n"
            "        for line in self.rfile:\n            self.wfile.write(line)\n", at="3:7",
            fixed="import socketserver\n\nclass Echo(socketserver.StreamRequestHandler):\n"
                  "    disable_nagle_algorithm = True\n\n    def handle(self):\n"
                  "        for line in self.rfile:\n            self.wfile.write(line)\n"),
    # a library's server channel that others write responses through, served by its ServerFactory
    Invalid(_SERVED + "class Factory(protocol.ServerFactory):\n    protocol = Channel\n", at="6:7"),
    Valid(_SERVED.replace("    def lineReceived", "    def connectionMade(self):\n"
                          "        self.transport.setTcpNoDelay(True)\n\n    def lineReceived")
          + "class Factory(protocol.ServerFactory):\n    protocol = Channel\n"),
    Invalid("import socketserver\n\nclass Echo(socketserver.BaseRequestHandler):\n    def handle(self):\n"
            "        while data := self.request.recv(64):\n            self.request.sendall(data)\n", at="3:7",
            fixed="import socket\nimport socketserver\n\nclass Echo(socketserver.BaseRequestHandler):\n"
                  "    def handle(self):\n        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
                  "        while data := self.request.recv(64):\n            self.request.sendall(data)\n"),
)

RULE = Rule(
    code="NAG202", name="server-nodelay",
    summary="Server connection answering requests without TCP_NODELAY: any split response stalls",
    doc=__doc__, confidence=Confidence.MEDIUM, fix="always", examples=EXAMPLES,
)


def check(ctx):
    yield from nodelay_findings(ctx, RULE, C.SERVER)
