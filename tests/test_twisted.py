"""Twisted: a protocol class's connection is its `self.transport`, made where a factory of it is
connected or listened on over TCP. The corpus files corpus/pos_rw_twisted_protocols.py and
corpus/neg_rw_twisted_*.py hold the shapes; here the exact findings, their messages, and the
variations that must change them."""
from __future__ import annotations

from pathlib import Path

import pytest

from nagle_lint.engine import check_source
from nagle_lint.settings import Settings

ALL = Settings(select=("ALL",), fixes=True)
CORPUS = Path(__file__).resolve().parent.parent / "corpus"

CLIENT = """\
from twisted.internet import reactor
from twisted.internet.protocol import ClientFactory, Protocol


class Query(Protocol):
    def ask(self, text):
        self.transport.write(text)

    def dataReceived(self, data):
        self.factory.answer(data)


class QueryFactory(ClientFactory):
    protocol = Query


def main(host, port):
    reactor.connectTCP(host, port, QueryFactory())
"""


def _found(source: str, path: str = "t.py") -> list[tuple[int, str]]:
    return [(f.span.line, f.code) for f in check_source(source, path, ALL).findings]


def _package_findings(tmp_path, modules: dict, checked: str) -> list:
    """Write the modules into a package `pkg` and check one of them, its neighbours linked."""
    from nagle_lint.engine import check_file

    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in modules.items():
        (package / name).write_text(text)
    return check_file(str(package / checked), ALL).findings


def test_corpus_positive_findings():
    path = CORPUS / "pos_rw_twisted_protocols.py"
    assert _found(path.read_text(), str(path)) == [(61, "NAG201"), (64, "NAG201"), (68, "NAG202")]


@pytest.mark.parametrize("name", ["neg_rw_twisted_protocols.py", "neg_rw_twisted_caller_nodelay.py"])
def test_corpus_negatives_are_silent(name):
    path = CORPUS / name
    assert _found(path.read_text(), str(path)) == []


def test_message_names_the_protocol_and_the_fix_and_no_setsockopt_fix():
    result = check_source(CLIENT, "t.py", ALL)
    (finding,) = result.findings
    assert (finding.span.line, finding.code) == (18, "NAG201")
    assert "`self.transport` of `Query`" in finding.message
    assert "in `Query.dataReceived()`" in finding.message
    assert "setTcpNoDelay(True) in `Query.connectionMade()`" in finding.message
    assert not finding.fixes  # a Connector is no socket: no setsockopt after connectTCP


@pytest.mark.parametrize("change, expected", [
    # TCP_NODELAY on the transport in the protocol
    (("    def ask(self, text):\n", "    def connectionMade(self):\n        self.transport.setTcpNoDelay(True)\n\n"
      "    def ask(self, text):\n"), []),
    # ... but setTcpNoDelay(False) leaves Nagle on
    (("    def ask(self, text):\n", "    def connectionMade(self):\n        self.transport.setTcpNoDelay(False)\n\n"
      "    def ask(self, text):\n"), [("connectTCP", "NAG201")]),
    # a one-shot: every receiver closes the connection
    (("        self.factory.answer(data)\n", "        self.factory.answer(data)\n        self.transport.loseConnection()\n"),
     []),
    # nothing written: no request/response
    (("        self.transport.write(text)\n", "        self.sent = text\n"), []),
    # a Unix socket has no Nagle
    (("    reactor.connectTCP(host, port, QueryFactory())", "    reactor.connectUNIX(host, QueryFactory())"), []),
    # listenTCP makes server connections
    (("    reactor.connectTCP(host, port, QueryFactory())", "    reactor.listenTCP(port, QueryFactory())"),
     [("listenTCP", "NAG202")]),
    # an endpoint from a TCP description, through a factory handed to a helper
    (("def main(host, port):\n    reactor.connectTCP(host, port, QueryFactory())\n",
      "def _dial(factory, host, port):\n    endpoint = clientFromString(reactor, f\"tcp:{host}:{port}\")\n"
      "    return endpoint.connect(factory)\n\n\ndef main(host, port):\n    return _dial(QueryFactory(), host, port)\n"),
     [("endpoint.connect", "NAG201")]),
    # ... a description built by str.format into a local first
    (("def main(host, port):\n    reactor.connectTCP(host, port, QueryFactory())\n",
      "def main(host, port):\n    description = \"tcp:{}:{}:timeout=5\".format(host, port)\n"
      "    endpoint = clientFromString(reactor, description)\n    return endpoint.connect(QueryFactory())\n"),
     [("endpoint.connect", "NAG201")]),
    (("def main(host, port):\n    reactor.connectTCP(host, port, QueryFactory())\n",
      "def main(path):\n    endpoint = clientFromString(reactor, \"unix:{}\".format(path))\n"
      "    return endpoint.connect(QueryFactory())\n"), []),
    # a factory that connects itself from its own method, called with no argument or with one
    (("    protocol = Query\n",
      "    protocol = Query\n\n    def __init__(self, host, port):\n        self.connect(host, port)\n\n"
      "    def connect(self, host, port):\n        reactor.connectTCP(host, port, self)\n"),
     [("connectTCP(host, port, self)", "NAG201"), ("QueryFactory())", "NAG201")]),
    (("    protocol = Query\n",
      "    protocol = Query\n\n    def __init__(self, host, port):\n        self.host, self.port = host, port\n"
      "        self.connect()\n\n    def connect(self):\n        reactor.connectTCP(self.host, self.port, self)\n"),
     [("connectTCP(self.host", "NAG201"), ("QueryFactory())", "NAG201")]),
    # the same with a unix: description
    (("def main(host, port):\n    reactor.connectTCP(host, port, QueryFactory())\n",
      "def main(path):\n    endpoint = clientFromString(reactor, \"unix:\" + path)\n"
      "    return endpoint.connect(QueryFactory())\n"), []),
])
def test_variations(change, expected):
    old, new = change
    assert old in CLIENT
    source = CLIENT.replace(old, new)
    if "clientFromString" in source:
        source = "from twisted.internet.endpoints import clientFromString\n" + source
    lines = source.splitlines()
    # (each expected finding is on the first line that holds its fragment)
    assert _found(source) == [(next(i for i, text in enumerate(lines, 1) if fragment in text), code)
                              for fragment, code in expected]


def test_a_class_that_is_no_twisted_protocol_is_not_read_as_one():
    source = CLIENT.replace("class Query(Protocol):", "class Query:")
    assert _found(source) == []


# A library's server: no listen call, a ServerFactory of the project serves the protocol.
SERVED = """\
from twisted.internet import protocol
from twisted.internet.interfaces import IConsumer
from twisted.protocols import basic
from zope.interface import implementer


@implementer(IConsumer)
class Channel(basic.LineReceiver):
    def lineReceived(self, line):
        self.factory.handle(self, line)

    def write(self, data):
        self.transport.write(data)


class ChannelFactory(protocol.ServerFactory):
    protocol = Channel
"""


def test_served_channel_is_flagged_at_its_class_naming_the_factory():
    (finding,) = check_source(SERVED, "t.py", ALL).findings
    assert (finding.span.line, finding.code) == (8, "NAG202")
    assert "`self.transport` of `Channel`" in finding.message
    assert "served by the server factory `ChannelFactory`, when it listens on TCP" in finding.message
    assert not finding.fixes


@pytest.mark.parametrize("change, expected", [
    # a protocol that answers with its own one write, no consumer of others' writes: nothing waits
    (("@implementer(IConsumer)\n", ""), []),
    # a plain Factory says nothing of the side
    (("(protocol.ServerFactory)", "(protocol.Factory)"), []),
    # Nagle off in the protocol
    (("    def lineReceived", "    def connectionMade(self):\n        self.transport.setTcpNoDelay(True)\n\n"
      "    def lineReceived"), []),
    # every receiver closes: one answer per connection
    (("        self.factory.handle(self, line)\n", "        self.factory.handle(self, line)\n"
      "        self.transport.loseConnection()\n"), []),
    # the base's buildProtocol builds `self.protocol()`
    (("    protocol = Channel\n", "    protocol = Channel\n\n    def buildProtocol(self, addr):\n"
      "        p = super().buildProtocol(addr)\n        p.started = True\n        return p\n"), [(8, "NAG202")]),
])
def test_served_variations(change, expected):
    assert _found(SERVED.replace(*change)) == expected


def test_served_through_a_protocol_proxy_kept_as_the_factorys_protocol():
    source = SERVED.replace("from zope.interface import implementer\n",
                            "from zope.interface import implementer\nfrom twisted.internet.interfaces import IProtocol\n"
                            "from twisted.python.components import proxyForInterface\n").replace(
        "    protocol = Channel\n", "    protocol = _build\n") + (
        "\n\nclass _Switch(proxyForInterface(IProtocol, '_inner')):\n    pass\n\n\n"
        "def _build(factory):\n    return _Switch(Channel())\n")
    assert _found(source) == [(10, "NAG202")]


def test_served_corpus_files():
    positive = CORPUS / "pos_rw_twisted_served_channel.py"
    assert _found(positive.read_text(), str(positive)) == [(26, "NAG202")]
    negative = CORPUS / "neg_rw_twisted_served_lines.py"
    assert _found(negative.read_text(), str(negative)) == []


# A protocol switch: the factory's module serves a proxy whose protocol may be swapped for one of
# another module (HTTP/2 after ALPN); that module is checked with the factory's read beside it.
SWITCH = """\
from twisted.internet import protocol
from twisted.internet.interfaces import IProtocol
from twisted.python.components import proxyForInterface

from pkg.multiplex import MuxConnection


class _Switch(proxyForInterface(IProtocol, "_inner")):
    def dataReceived(self, data):
        if data.startswith(b"MUX"):
            transport = self._inner.transport
            self._inner = MuxConnection()
            self._inner.makeConnection(transport)
        return self._inner.dataReceived(data)


def _build(factory):
    return _Switch(protocol.Protocol())


class SwitchFactory(protocol.ServerFactory):
    protocol = _build
"""
MUX = """\
from twisted.internet.interfaces import IConsumer
from twisted.internet.protocol import Protocol
from zope.interface import implementer


class MuxConnection(Protocol):
    def dataReceived(self, data):
        stream = MuxStream(self, data[:4])
        stream.respond(data[4:])

    def sendFrame(self, frame):
        self.transport.write(frame)
{nodelay}

@implementer(IConsumer)
class MuxStream:
    def __init__(self, conn, ident):
        self.conn, self.ident = conn, ident

    def respond(self, payload):
        self.conn.sendFrame(self.ident + payload)
"""


@pytest.mark.parametrize("nodelay, expected", [
    ("", [(6, "NAG202")]),
    ("\n    def connectionMade(self):\n        self.transport.setTcpNoDelay(True)\n", []),
])
def test_protocol_swapped_in_by_a_server_factory_of_another_module(tmp_path, nodelay, expected):
    found = _package_findings(tmp_path, {"server.py": SWITCH, "multiplex.py": MUX.format(nodelay=nodelay)},
                              "multiplex.py")
    assert [(f.span.line, f.code) for f in found] == expected
    assert all("served by the server factory `SwitchFactory`" in f.message for f in found)


# A library's client: its connection pool connects a factory through an endpoint it is given.
POOL = """\
from twisted.internet import protocol

from pkg.wire import WireProtocol


class _WireFactory(protocol.Factory):
    def __init__(self, idle):
        self._idle = idle

    def buildProtocol(self, addr):
        return WireProtocol(self._idle)


class Pool:
    _factory = _WireFactory

    def _newConnection(self, key, endpoint):
        factory = self._factory(lambda p: self._put(key, p))
        return endpoint.connect(factory)
"""
WIRE = """\
from twisted.internet.protocol import Protocol


class WireProtocol(Protocol):
    def __init__(self, idle):
        self._idle = idle
{nodelay}
    def request(self, request):
        self._current = request
        return request.writeTo(self.transport)

    def dataReceived(self, data):
        self._current.answer(data)
        self._idle(self)
"""


@pytest.mark.parametrize("nodelay, pool_change, expected", [
    ("", None, [(4, "NAG201")]),
    ("\n    def connectionMade(self):\n        self.transport.setTcpNoDelay(True)\n", None, []),
    # an endpoint made in the function is judged by its kind at the call (unix here: nothing)
    ("", ("    def _newConnection(self, key, endpoint):\n",
          "    def _newConnection(self, key, path):\n        endpoint = UNIXClientEndpoint(reactor, path)\n"), []),
])
def test_protocol_connected_through_an_endpoint_a_pool_is_given(tmp_path, nodelay, pool_change, expected):
    pool = POOL.replace(*pool_change) if pool_change else POOL
    found = _package_findings(tmp_path, {"pool.py": pool, "wire.py": WIRE.format(nodelay=nodelay)}, "wire.py")
    assert [(f.span.line, f.code) for f in found] == expected
    assert all("connected by `Pool._newConnection()` through the endpoint it is given, when that is TCP"
               in f.message for f in found)


# A protocol whose writes are in its base class, in another module of the project; the factory
# that names it sits in a third (quarry's and txmsgpackrpc's shape).
BASE = """\
from twisted.internet import protocol


class Protocol(protocol.Protocol):
    def send_packet(self, name, data):
        self.transport.write(name + data)

    def dataReceived(self, data):
        self.packet_received(data)
{nodelay}"""
FACTORY = """\
from twisted.internet.protocol import ReconnectingClientFactory

from pkg.base import Protocol


class GameClientProtocol(Protocol):
    def packet_received(self, data):
        self.send_packet(b"ack", data)


class GameFactory(ReconnectingClientFactory):
    protocol = GameClientProtocol
"""
CLIENT_MODULE = """\
from twisted.internet import reactor

from pkg.factory import GameFactory


def _connect(host, port, factory):
    reactor.connectTCP(host, port, factory)


def connect(host, port):
    factory = GameFactory()
    _connect(host, port, factory)
    return factory
"""


@pytest.mark.parametrize("nodelay, expected", [
    ("", [(7, "NAG201")]),
    ("\n    def connectionMade(self):\n        self.transport.setTcpNoDelay(True)\n", []),
])
def test_protocol_written_by_a_base_class_of_another_module(tmp_path, nodelay, expected):
    found = _package_findings(tmp_path, {"base.py": BASE.format(nodelay=nodelay), "factory.py": FACTORY,
                                         "client.py": CLIENT_MODULE}, "client.py")
    assert [(f.span.line, f.code) for f in found] == expected
    assert all("`self.transport` of `GameClientProtocol`" in f.message for f in found)


# A client protocol built for one request, written as the connection opens (twisted.web's
# ProxyClient): one exchange per connection.
ONE_REQUEST = """\
from twisted.internet import reactor
from twisted.internet.protocol import ClientFactory
from twisted.protocols.basic import LineReceiver


class Fetch(LineReceiver):
    def __init__(self, command, headers):
        self.command, self.headers = command, headers

    def sendCommand(self, command):
        self.transport.write(command + b"\\r\\n")

    def sendHeader(self, name, value):
        self.transport.write(name + b": " + value + b"\\r\\n")

    def connectionMade(self):
        self.sendCommand(self.command)
        for name, value in self.headers.items():
            self.sendHeader(name, value)
        self.transport.write(b"\\r\\n")

    def lineReceived(self, line):
        self.factory.answer(line)


class FetchFactory(ClientFactory):
    def __init__(self, command, headers):
        self.command, self.headers = command, headers

    def buildProtocol(self, addr):
        return Fetch(self.command, self.headers)


def fetch(host, port, command, headers):
    reactor.connectTCP(host, port, FetchFactory(command, headers))
"""


@pytest.mark.parametrize("change, reported", [
    (None, False),
    # a receiver that writes again (a second request on the same connection)
    (("        self.factory.answer(line)\n", "        self.factory.answer(line)\n        self.sendCommand(b\"NEXT\")\n"),
     True),
    # a greeting, not a request it was built with: others may write later, from modules not read
    (("        self.sendCommand(self.command)\n        for name, value in self.headers.items():\n"
      "            self.sendHeader(name, value)\n", "        self.sendCommand(b\"HELLO\")\n"), True),
    # a writer called some other way than by name (a table of handlers)
    (("        self.factory.answer(line)\n", "        self.factory.answer(line)\n        self.on[line[:1]](line)\n\n"
      "    def _more(self, line):\n        self.transport.write(line)\n"), True),
])
def test_a_protocol_that_writes_only_as_the_connection_opens_carries_one_exchange(change, reported):
    source = ONE_REQUEST if change is None else ONE_REQUEST.replace(*change)
    assert change is None or change[0] in ONE_REQUEST
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "reactor.connectTCP" in text)
    assert _found(source) == ([(line, "NAG201")] if reported else [])


WRAPPER = """\
from twisted.internet import reactor
from twisted.internet.protocol import Factory, Protocol


class Wrapper(Protocol):
    def __init__(self, wrapped):
        self.wrapped = wrapped

    def write(self, data):
        self.transport.write(data)

    def dataReceived(self, data):
        self.wrapped.dataReceived(data)


class WrappingFactory(Factory):
    def __init__(self, inner):
        self.inner = inner

    def buildProtocol(self, addr):
        return Wrapper(self.inner.buildProtocol(addr))


def serve(port, inner):
    reactor.listenTCP(port, WrappingFactory(inner))
"""


@pytest.mark.parametrize("change, reported", [
    (None, False),  # the wrapped protocol answers, not the wrapper
    # a wrapper that writes something of its own
    (("        self.wrapped.dataReceived(data)\n", "        self.wrapped.dataReceived(data)\n"
      "        self.transport.write(b\"ok\")\n"), True),
    # writes of its own in a method of another name: a protocol that hands its input to a parser
    (("    def write(self, data):\n        self.transport.write(data)\n",
      "    def ask(self, data):\n        self.transport.write(data)\n"), True),
])
def test_a_protocol_wrapper_is_not_judged_for_the_protocol_it_wraps(change, reported):
    source = WRAPPER if change is None else WRAPPER.replace(*change)
    assert change is None or change[0] in WRAPPER
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "reactor.listenTCP" in text)
    assert _found(source) == ([(line, "NAG202")] if reported else [])


@pytest.mark.parametrize("start, code", [
    # twisted.application's services connect or listen when the service starts
    ("internet.TCPClient(host, port, QueryFactory()).startService()", "NAG201"),
    ("internet.SSLClient(host, port, QueryFactory(), None).startService()", "NAG201"),
    ("internet.TCPServer(port, QueryFactory()).startService()", "NAG202"),
    ("ClientService(TCP4ClientEndpoint(reactor, host, port), QueryFactory()).startService()", "NAG201"),
    ("internet.UNIXServer(host, QueryFactory()).startService()", None),  # (no Nagle on a Unix socket)
    ("ClientService(UNIXClientEndpoint(reactor, host), QueryFactory()).startService()", None),
    ("socketserver.TCPServer((host, port), socketserver.BaseRequestHandler)", None),  # (no Twisted service)
])
def test_application_services_connect_and_listen(start, code):
    source = ("import socketserver\nfrom twisted.application import internet\n"
              "from twisted.application.internet import ClientService\n"
              "from twisted.internet.endpoints import TCP4ClientEndpoint, UNIXClientEndpoint\n"
              + CLIENT.replace("    reactor.connectTCP(host, port, QueryFactory())", f"    {start}"))
    line = next(i for i, text in enumerate(source.splitlines(), 1) if start in text)
    assert _found(source) == ([(line, code)] if code else [])



# A ClientService subclass whose constructor hands its base the endpoint and the factory (or
# `ClientService.__init__(self, ...)`), the description a conditional of two TCP f-strings.
SERVICE_SUBCLASS = """\
from twisted.application.internet import ClientService
from twisted.internet import protocol, reactor
from twisted.internet.endpoints import clientFromString


class FixProtocol(protocol.Protocol):
    def connectionMade(self):
        self.transport.write(b"8=FIX.4.4|35=A|")

    def dataReceived(self, data):
        self.transport.write(b"8=FIX.4.4|35=0|")


class Client(ClientService):
    def __init__(self, host, port, ssl=False):
        endpoint = clientFromString(reactor, {description})
        factory = protocol.Factory.forProtocol(FixProtocol)
        {init}
"""


@pytest.mark.parametrize("description, init, reported", [
    ('f"ssl:{host}:{port}" if ssl else f"tcp:{host}:{port}"', "super().__init__(endpoint, factory)", True),
    ('f"tcp:{host}:{port}"', "ClientService.__init__(self, endpoint, factory)", True),
    ('f"ssl:{host}:{port}" if ssl else f"unix:{host}"', "super().__init__(endpoint, factory)", False),
])
def test_a_client_service_subclass_connects_what_its_constructor_hands_the_base(description, init, reported):
    source = SERVICE_SUBCLASS.format(description=description, init=init)
    assert _found(source) == ([(18, "NAG201")] if reported else [])


# A line server whose factory builds the protocol in buildProtocol(), listened on by a
# `listenTCP` imported from the reactor or at module level under `if __name__ == "__main__":`
# (pyp2p's rendezvous server and pop3pot's honeypot).
LINE_SERVER = """\
from twisted.internet import reactor
from twisted.internet.protocol import ServerFactory
from twisted.internet.reactor import listenTCP
from twisted.protocols.basic import LineReceiver


class Pop3(LineReceiver):
    def __init__(self, options):
        self.options = options

    def lineReceived(self, line):
        self.send_line("+OK")

    def send_line(self, line):
        self.transport.write(line.encode() + b"\\r\\n")


class Pop3Factory(ServerFactory):
    def __init__(self, cfg):
        self.cfg = cfg

    def buildProtocol(self, addr):
        return Pop3(self.cfg)
"""


@pytest.mark.parametrize("start, reported", [
    ("def main(cfg):\n    listenTCP(cfg['port'], Pop3Factory(cfg))\n", True),
    ("if __name__ == '__main__':\n    factory = Pop3Factory({})\n    reactor.listenTCP(8000, factory)\n", True),
    ("factory = Pop3Factory({})\nreactor.listenTCP(8000, factory)\n", True),
    # a name bound to two factories at module level is not known to be either
    ("factory = Pop3Factory({})\nfactory = object()\nreactor.listenTCP(8000, factory)\n", False),
])
def test_a_factory_listened_on_at_module_level_or_by_an_imported_listen(start, reported):
    source = LINE_SERVER + "\n\n" + start
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "listenTCP(" in text and "import" not in text)
    assert _found(source) == ([(line, "NAG202")] if reported else [])


def test_a_factory_of_another_module_whose_build_protocol_returns_the_protocol(tmp_path):
    protocol, _, factory = LINE_SERVER.partition("class Pop3Factory")
    main = ("from twisted.internet.reactor import listenTCP\n\nfrom pkg.factory import Pop3Factory\n\n\n"
            "def main(cfg):\n    listenTCP(cfg['port'], Pop3Factory(cfg))\n")
    found = _package_findings(tmp_path, {
        "protocol.py": protocol,
        "factory.py": "from twisted.internet.protocol import ServerFactory\n\nfrom pkg.protocol import Pop3\n\n\n"
                      "class Pop3Factory" + factory,
        "main.py": main}, "main.py")
    assert [(f.span.line, f.code) for f in found] == [(7, "NAG202")]


# A server that greets, reads one request and answers it, closing the connection after every
# answer on each path that writes one (opencanary's MySQL module): one exchange per connection,
# even though dataReceived() itself does not always close (it waits for the rest of a packet).
ONE_ANSWER = """\
from twisted.internet import reactor
from twisted.internet.protocol import Factory, Protocol


class Login(Protocol):
    def connectionMade(self):
        self.buffer = b""
        self.transport.write(b"greeting")

    def dataReceived(self, data):
        self.buffer += data
        if len(self.buffer) < 4:
            return
        if self.buffer[:1] != b"\\x01":
            self.transport.write(b"out of order")
            self.transport.loseConnection()
        else:
            self.transport.write(b"access denied")
            {after}


class LoginFactory(Factory):
    protocol = Login


def main():
    reactor.listenTCP(3306, LoginFactory())
"""


@pytest.mark.parametrize("after, reported", [
    ("self.transport.loseConnection()", False),
    ("self.log(data)\n            self.transport.loseConnection()", False),
    ("self.buffer = b''", True),  # (the connection stays open for the next login)
])
def test_a_server_that_closes_after_every_answer_makes_one_exchange(after, reported):
    source = ONE_ANSWER.format(after=after)
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "listenTCP(" in text)
    assert _found(source) == ([(line, "NAG202")] if reported else [])


# Twisted's own examples: a stock factory built bare, its protocol given by assignment
# (`factory = protocol.ServerFactory()`, `factory.protocol = Echo`), also with the protocol class
# defined inside the method that listens (honeypots' servers).
ASSIGNED = """\
from twisted.internet import protocol, reactor


class Echo(protocol.Protocol):
    def dataReceived(self, data):
        self.transport.write(data)


def main():
    factory = protocol.ServerFactory()
    factory.protocol = Echo
    reactor.listenTCP(8000, factory)
"""


@pytest.mark.parametrize("change, reported", [
    (None, True),
    # the protocol class defined in the function that listens
    (("class Echo(protocol.Protocol):\n    def dataReceived(self, data):\n        self.transport.write(data)\n\n\n"
      "def main():\n",
      "def main():\n    class Echo(protocol.Protocol):\n        def dataReceived(self, data):\n"
      "            self.transport.write(data)\n\n"), True),
    # at module level
    (("def main():\n    factory = protocol.ServerFactory()\n    factory.protocol = Echo\n"
      "    reactor.listenTCP(8000, factory)\n",
      "factory = protocol.ServerFactory()\nfactory.protocol = Echo\nreactor.listenTCP(8000, factory)\n"), True),
    (("    def dataReceived(self, data):\n", "    def connectionMade(self):\n        self.transport.setTcpNoDelay(True)\n\n"
      "    def dataReceived(self, data):\n"), False),
    # two protocols given in turn: which one is listened on is not known
    (("    factory.protocol = Echo\n", "    factory.protocol = Echo\n    factory.protocol = object\n"), False),
])
def test_a_stock_factory_given_its_protocol_by_assignment(change, reported):
    source = ASSIGNED if change is None else ASSIGNED.replace(*change)
    assert change is None or change[0] in ASSIGNED
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "listenTCP(" in text)
    assert _found(source) == ([(line, "NAG202")] if reported else [])

