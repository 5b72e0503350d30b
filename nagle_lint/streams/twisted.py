"""Twisted: a protocol class's connection is its `self.transport`, made where a factory of it is
connected or listened on over TCP (`reactor.connectTCP` / `listenTCP`, a TCP endpoint's
`connect` / `listen`, `clientFromString(reactor, "tcp:...")`, `connectProtocol`, and
twisted.application's `TCPServer` / `TCPClient` / `ClientService`).

Twisted leaves Nagle on unless the protocol calls `self.transport.setTcpNoDelay(True)`, and it
sends what one reactor turn wrote as one buffer: a split inside one callback is not a split on
the wire, so only the missing TCP_NODELAY is judged here. A protocol counts as request/response
when it both writes its transport and receives data (`dataReceived`, `lineReceived`, ...), and
as one-shot when every receiver closes the connection.
"""
from __future__ import annotations

import ast

from nagle_lint.flow.summaries import iter_statements
from nagle_lint.streams import catalog as C
from nagle_lint.streams.infer import Activation, ClassInfo, Conn, FunctionInfo, return_statements
from nagle_lint.streams.names import dotted
from nagle_lint.syntax import args_of, branches, is_str, positional

# attribute calls that connect or listen with a factory over TCP (TLS runs on TCP: Nagle too),
# by method name: no other library spells them so
_REACTOR_CALLS = {"connectTCP": (C.CLIENT, 2), "connectSSL": (C.CLIENT, 2),
                  "listenTCP": (C.SERVER, 1), "listenSSL": (C.SERVER, 1)}
_ENDPOINTS = {"TCP4ClientEndpoint": C.CLIENT, "TCP6ClientEndpoint": C.CLIENT, "HostnameEndpoint": C.CLIENT,
              "SSL4ClientEndpoint": C.CLIENT, "TCP4ServerEndpoint": C.SERVER, "TCP6ServerEndpoint": C.SERVER,
              "SSL4ServerEndpoint": C.SERVER}
_STRING_ENDPOINTS = {"twisted.internet.endpoints.clientFromString": C.CLIENT,
                     "twisted.internet.endpoints.serverFromString": C.SERVER}
_TCP_DESCRIPTIONS = ("tcp:", "tcp6:", "ssl:", "tls:")
_CONNECT_PROTOCOL = "twisted.internet.endpoints.connectProtocol"
_FOR_PROTOCOL = "forProtocol"  # Factory.forProtocol(P)
PROTOCOL_BASES = frozenset({
    "twisted.internet.protocol.Protocol", "twisted.protocols.basic.LineReceiver",
    "twisted.protocols.basic.LineOnlyReceiver", "twisted.protocols.basic.IntNStringReceiver",
    "twisted.protocols.basic.Int8StringReceiver", "twisted.protocols.basic.Int16StringReceiver",
    "twisted.protocols.basic.Int32StringReceiver", "twisted.protocols.basic.NetstringReceiver",
})
RECEIVERS = ("dataReceived", "lineReceived", "rawDataReceived", "stringReceived")
_WRITES = frozenset({"write", "writeSequence"})
_OWN_WRITES = frozenset({"sendLine", "sendString"})  # the basic receivers' framing writes


# twisted.application's services, which connect or listen when the service starts
_SERVICES = {"twisted.application.internet.TCPClient": (C.CLIENT, 2),
             "twisted.application.internet.SSLClient": (C.CLIENT, 2),
             "twisted.application.internet.TCPServer": (C.SERVER, 1),
             "twisted.application.internet.SSLServer": (C.SERVER, 1)}
_CLIENT_SERVICE = "twisted.application.internet.ClientService"  # ClientService(endpoint, factory)
_SERVICE_NAMES = frozenset(name.rpartition(".")[2] for name in [*_SERVICES, _CLIENT_SERVICE])


def connects(call: ast.Call, imports) -> bool:
    """Is this call spelled like a Twisted connect or listen with a factory?"""
    func = call.func
    name = func.attr if type(func) is ast.Attribute else func.id if type(func) is ast.Name else ""
    return name in _REACTOR_CALLS or name in ("connect", "listen", "connectProtocol") or name in _SERVICE_NAMES \
        and imports.qualify(func) in (*_SERVICES, _CLIENT_SERVICE)  # (not socketserver's TCPServer)


def connection(resolver, call: ast.Call, act: Activation | None) -> tuple[Conn, str] | None:
    """The TCP connection a Twisted connect or listen call makes for a request/response protocol
    that never sets TCP_NODELAY, with the receiver that reads its replies (or next requests):
    `dataReceived`, ...; else None. One connection per call site."""
    if not connects(call, resolver.imports) and service_init(resolver, call, act) is None:
        return None
    key = ("twisted", id(call))
    if key in resolver.class_memo:
        return resolver.class_memo[key]
    resolver.class_memo[key] = None
    found = _connection(resolver, call, act)
    resolver.class_memo[key] = found
    return found


def service_init(resolver, call: ast.Call, act: Activation | None) -> str | None:
    """`super().__init__(endpoint, factory)` (or `ClientService.__init__(self, ...)`) in the
    constructor of a class built on a Twisted application service: that service's name."""
    func = call.func
    if type(func) is not ast.Attribute or func.attr != "__init__" or act is None or act.func is None \
            or act.func.name != "__init__" or act.func.cls is None:
        return None
    owner = func.value
    if not (type(owner) is ast.Call and dotted(owner.func) == "super" or type(owner) in (ast.Name, ast.Attribute)):
        return None
    for klass in resolver.index.class_chain(act.func.cls):
        for base in klass.bases:
            name = resolver.imports.qualify(base)
            if name == _CLIENT_SERVICE or name in _SERVICES and type(owner) is ast.Call:
                return name  # (a reactor-style service's factory is found by position: super() only)
    return None


def _connection(resolver, call: ast.Call, act: Activation | None):
    func, args = call.func, positional(call)
    scope = act.func if act is not None else None
    qualified = resolver.imports.qualify(func) if (dotted(func) or "").rpartition(".")[2] in _SERVICE_NAMES else None
    if qualified is None and (inherited := service_init(resolver, call, act)) is not None:
        # a service subclass's own constructor hands its base the endpoint and the factory
        qualified = inherited
        if type(func.value) is not ast.Call and args and dotted(args[0]) == "self":
            args = args[1:]  # (the unbound form names self first)
    reactor_call = _reactor_call(func, resolver.imports)
    if reactor_call is not None or qualified in _SERVICES:
        side, at = _REACTOR_CALLS[reactor_call] if qualified is None else _SERVICES[qualified]
        factory = _argument(call, at, "factory")
        protocols = _factory_protocols(resolver, factory, scope) if factory is not None else []
    elif qualified == _CLIENT_SERVICE:
        if len(args) < 2 or _endpoint_side(resolver, args[0], scope) != C.CLIENT:
            return None
        side, protocols = C.CLIENT, _factory_protocols(resolver, args[1], scope)
    elif qualified is not None:
        return None  # (`socketserver.TCPServer(address, Handler)`: no Twisted service)
    elif type(func) is ast.Attribute and func.attr in ("connect", "listen"):
        side = _endpoint_side(resolver, func.value, scope)
        if side is None or side != (C.CLIENT if func.attr == "connect" else C.SERVER):
            return None
        protocols = _factory_protocols(resolver, args[0], scope) if len(args) == 1 else []
    else:  # connectProtocol(endpoint, protocol)
        if resolver.imports.qualify(func) != _CONNECT_PROTOCOL or len(args) != 2 or _endpoint_side(resolver, args[0], scope) != C.CLIENT:
            return None
        side, protocols = C.CLIENT, resolver._instance_classes([(args[1], scope)], 0)
    if len(protocols) != 1:
        return None
    protocol = protocols[0]
    receiver = _request_response(resolver, protocol)
    if receiver is None:
        return None
    facts = C.TCP_CLIENT if side == C.CLIENT else C.TCP_SERVER
    conn = Conn(origin=call, facts=facts, label="self.transport", twisted=protocol, origin_func=scope)
    resolver.conns[id(call)] = conn
    return conn, receiver


def _reactor_call(func, imports) -> str | None:
    """`reactor.listenTCP`, or `listenTCP` imported from the reactor: its name, else None."""
    if type(func) is ast.Attribute:
        return func.attr if func.attr in _REACTOR_CALLS else None
    if type(func) is ast.Name and func.id in _REACTOR_CALLS \
            and (imports.qualify(func) or "").rpartition(".")[0] == "twisted.internet.reactor":
        return func.id
    return None


def _argument(call: ast.Call, position: int, keyword: str):
    for arg in args_of(call):
        if arg.keyword == keyword:
            return arg.value
    args = positional(call)
    return args[position] if 0 <= position < len(args) else None


def _endpoint_side(resolver, expr, scope: FunctionInfo | None, depth: int = 0) -> str | None:
    """CLIENT or SERVER for a TCP endpoint (built here, or held in a local every assignment of
    which builds one), else None."""
    if type(expr) is ast.Name and scope is not None and depth < 2:
        values = [b.value for b in scope.bindings.get(expr.id, ()) if b.index is None]
        sides = {_endpoint_side(resolver, v, scope, depth + 1) for v in values}
        return sides.pop() if len(sides) == 1 and len(values) == len(scope.bindings.get(expr.id, ())) else None
    if type(expr) is ast.Await or type(expr) is ast.Yield:
        return None
    if type(expr) is not ast.Call:
        return None
    named = dotted(expr.func) or ""
    if named.rpartition(".")[2] in _ENDPOINTS:
        return _ENDPOINTS[named.rpartition(".")[2]]
    side = _STRING_ENDPOINTS.get(resolver.imports.qualify(expr.func) or "")
    args = positional(expr)
    if side is not None and len(args) >= 2:
        prefix = _text_prefix(args[1], scope, 0)
        if prefix is not None and prefix.lower().startswith(_TCP_DESCRIPTIONS):
            return side
    return None


def _text_prefix(expr, scope: FunctionInfo | None, depth: int) -> str | None:
    """How a string expression's value starts, when the code says: a literal, `"tcp:%s:%d" %
    args`, `"tcp:" + host`, an f-string's literal head, `"tcp:{}".format(host)`, or a local whose
    every value starts so."""
    if depth > 3:
        return None
    if is_str(expr):
        return expr.value
    if type(expr) is ast.BinOp and type(expr.op) in (ast.Mod, ast.Add):
        head = _text_prefix(expr.left, scope, depth + 1)
        return head.partition("%")[0] if head is not None and type(expr.op) is ast.Mod else head
    if type(expr) is ast.JoinedStr and expr.values and is_str(expr.values[0]):
        return expr.values[0].value
    if type(expr) is ast.IfExp:  # `f"ssl:{h}:{p}" if tls else f"tcp:{h}:{p}"`: TCP both ways
        heads = [_text_prefix(arm, scope, depth + 1) for arm in (expr.body, expr.orelse)]
        if all(head is not None and head.lower().startswith(_TCP_DESCRIPTIONS) for head in heads):
            return heads[0]
        return None
    if type(expr) is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr == "format" \
            and is_str(expr.func.value):  # `"tcp:{}:{}".format(host, port)`
        return expr.func.value.value.partition("{")[0]
    if type(expr) is ast.Name and scope is not None:
        bindings = scope.bindings.get(expr.id, ())
        # (`args = args + ":timeout=5"` keeps the head the name had)
        heads = {_text_prefix(b.value, scope, depth + 1) if b.index is None else None
                 for b in bindings if not _extends(b.value, expr.id)}
        return heads.pop() if len(heads) == 1 else None
    return None


def _extends(value, name: str) -> bool:
    while type(value) is ast.BinOp and type(value.op) is ast.Add:
        value = value.left
    return type(value) is ast.Name and value.id == name


def _factory_protocols(resolver, factory, scope: FunctionInfo | None, depth: int = 0) -> list[ClassInfo]:
    """The protocol classes of ours a factory expression builds: `Factory.forProtocol(P)`, an
    instance of a factory class with `protocol = P` or a buildProtocol() returning `P(...)`, a
    parameter given one by every call of the function in the module."""
    if type(factory) is ast.Call and type(factory.func) is ast.Attribute and factory.func.attr == _FOR_PROTOCOL:
        args = positional(factory)
        found = resolver.class_named(args[0], Activation(scope)) if args and scope is not None else (
            resolver.index.classes.get(args[0].id) if args and type(args[0]) is ast.Name else None)
        return [found] if found is not None else []
    if type(factory) is ast.Name and scope is not None and scope.is_method and scope.cls is not None \
            and scope.params[:1] == [factory.id]:
        # `reactor.connectTCP(host, port, self)` in a factory's own method
        protocol = _protocol_of(resolver, scope.cls)
        return [protocol] if protocol is not None else []
    if type(factory) is ast.Name and scope is not None and factory.id in scope.params \
            and factory.id not in scope.bindings and depth < 2:
        position = scope.params.index(factory.id) - (1 if scope.is_method else 0)
        found: list[ClassInfo] = []
        for called, caller in resolver.calls_by_name().get(scope.name, ()):
            given = _argument(called, position, factory.id)
            classes = _factory_protocols(resolver, given, caller, depth + 1) if given is not None else []
            if not classes:
                return []
            found += [c for c in classes if c not in found]
        return found
    module_level = scope is None or type(scope.node) is ast.Module  # (`if __name__ == "__main__":`)
    named = resolver.index.module_bindings if module_level else scope.bindings
    if type(factory) is ast.Name and factory.id in named and depth < 2:
        # `factory = protocol.ServerFactory()` then `factory.protocol = Echo` (Twisted's examples)
        given = [b.value for b in resolver.index.module_bindings.get(f"{factory.id}.protocol", ())] if module_level \
            else [value for owner, value, func in resolver.index.attribute_sets.get("protocol", ())
                  if owner == factory.id and func is scope]
        if len(given) == 1 and all(_stock_factory(resolver, b.value) for b in named[factory.id]):
            found = resolver.class_named(given[0], Activation(scope) if scope is not None else None) \
                or _nested_class(resolver, given[0], scope)
            return [found] if found is not None else []
        bindings = named[factory.id]  # `factory = QueryFactory(...)`
        if any(b.index is not None for b in bindings):
            return []
        values = [_factory_protocols(resolver, b.value, scope, depth + 1) for b in bindings]
        return values[0] if values and all(v == values[0] for v in values) else []
    protocols: list[ClassInfo] = []
    for cls in resolver._instance_classes([(factory, scope)], 0):
        protocol = _protocol_of(resolver, cls)
        if protocol is None:
            return []
        if protocol not in protocols:
            protocols.append(protocol)
    return protocols


def _nested_class(resolver, expr, scope: FunctionInfo | None) -> ClassInfo | None:
    """A class the function defines in its own body (`class Handler(Protocol):` inside the method
    that listens), by the name it is used by there."""
    if type(expr) is not ast.Name or scope is None or type(scope.node) is ast.Module:
        return None
    defined = {id(stmt) for stmt in iter_statements(scope.node.body)
               if type(stmt) is ast.ClassDef and stmt.name == expr.id}
    found = {id(f.cls): f.cls for f in resolver.index.functions if f.cls is not None and id(f.cls.node) in defined}
    return next(iter(found.values())) if len(found) == 1 else None


def _stock_factory(resolver, value) -> bool:
    """`Factory()`, `protocol.ServerFactory()`: one of Twisted's own factory classes, built bare."""
    return type(value) is ast.Call and not value.args and not value.keywords \
        and resolver.imports.qualify(value.func) in (*CLIENT_FACTORIES, *SERVER_FACTORIES)


def _protocol_of(resolver, factory: ClassInfo) -> ClassInfo | None:
    index = resolver.index
    build = index.method(factory, "buildProtocol")
    if build is not None:
        values = [(r.value, build) for r in return_statements(build.node) if r.value is not None]
        named = [v for v in values if type(v[0]) is ast.Name and v[0].id in build.bindings]
        values = [v for v in values if v not in named] + [(b.value, build) for v, _ in named
                                                          for b in build.bindings[v.id] if b.index is None]
        classes = resolver._instance_classes(values, 0) if values else []
        if len(classes) == 1:
            return classes[0]
        if classes or not any(_stock_build(v) for v, _ in values):
            return None  # builds something else, or several things
    given = index.class_attr(factory, "protocol")
    if given is None:
        return None
    return resolver.class_named(given, None)


def _stock_build(value) -> bool:
    """`self.protocol()`, or the base's buildProtocol (`super().buildProtocol(addr)`,
    `ServerFactory.buildProtocol(self, addr)`), which builds `self.protocol()`."""
    return dotted(value) == "self.protocol" or type(value) is ast.Call and (
        dotted(value.func) == "self.protocol"
        or type(value.func) is ast.Attribute and value.func.attr == "buildProtocol")


# -- server factories of the library: what they serve -------------------------------------------
# A ServerFactory exists to be listened on: its protocol is served on each connection the listener
# accepts, a TCP one unless the user listens elsewhere (the protocol's own fix guards the call
# with ITCPTransport.providedBy). A library has no listen call, so this is reported at the protocol
# class, and only for a protocol that declares itself the consumer or transport of the objects
# that answer (`@implementer(IConsumer)`): they write each response through it piece by piece,
# headers now, the body when the application has it, the end later still, each in its own reactor
# turn, so a response in several pieces is the protocol's normal case, not a refactor away.
# A protocol that answers each request with one write of its own is left out: its previous answer
# is ACKed by the next request, so nothing waits.
SERVER_FACTORIES = frozenset({"twisted.internet.protocol.ServerFactory"})
_PROXY_FOR = "twisted.python.components.proxyForInterface"
_IPROTOCOL = "twisted.internet.interfaces.IProtocol"
_IMPLEMENTER = "zope.interface.implementer"
_WRITTEN_THROUGH = frozenset({"twisted.internet.interfaces.IConsumer", "twisted.internet.interfaces.ITransport"})


def served(resolver) -> list[tuple[ClassInfo, ClassInfo, str]]:
    """(server factory, protocol, receiver) for each request/response protocol that a server
    factory class of the project serves, that others write their responses through, and that
    never sets TCP_NODELAY."""
    index, found, seen = resolver.index, [], set()
    for factory in {id(c): c for c in index.classes.values()}.values():
        if not _built_on(resolver, factory, SERVER_FACTORIES):
            continue
        for protocol in _served_by(resolver, factory):
            receiver = _judged(resolver, protocol, seen, _written_through)
            if receiver is not None:
                found.append((factory, protocol, receiver))
    return found


def _built_on(resolver, cls: ClassInfo, bases: frozenset) -> bool:
    return any(resolver.imports.qualify(base) in bases for klass in resolver.index.class_chain(cls)
               for base in klass.bases)


def _judged(resolver, protocol: ClassInfo | None, seen: set, evidence) -> str | None:
    """The receiver of a protocol not judged before that shows the evidence of messages written
    by others and does request/response without TCP_NODELAY, else None."""
    if protocol is None or id(protocol) in seen or not evidence(resolver, protocol):
        return None
    seen.add(id(protocol))
    return _request_response(resolver, protocol)


def _written_through(resolver, protocol: ClassInfo) -> bool:
    """Does the protocol (or a base of ours) declare IConsumer or ITransport, or build an object
    of ours that does and hand it `self` (`H2Stream(stream_id, self, ...)`: one per request,
    writing its response through the connection)?"""
    chain = resolver.index.class_chain(protocol)
    if any(_declares(resolver, klass) for klass in chain):
        return True
    for method in (m for klass in chain for m in klass.methods.values()):
        for call in _calls(method.node):
            if any(type(a) is ast.Name and a.id == "self" for a in call.args):
                built = resolver.class_named(call.func, None)
                if built is not None and built is not protocol and _declares(resolver, built):
                    return True
    return False


def _declares(resolver, klass: ClassInfo) -> bool:
    return any(type(decorator) is ast.Call and resolver.imports.qualify(decorator.func) == _IMPLEMENTER and any(
        resolver.imports.qualify(arg) in _WRITTEN_THROUGH for arg in decorator.args)
        for decorator in klass.node.decorator_list)


def _served_by(resolver, factory: ClassInfo) -> list[ClassInfo]:
    """The protocol classes of ours a server factory builds: its protocol class, or what a
    function kept as its `protocol` returns; through a proxy that forwards IProtocol to a
    protocol it holds, that protocol (and any other it swaps in there)."""
    protocol = _protocol_of(resolver, factory)
    built: list = []  # the calls that build the protocol (a wrapper's constructor arguments)
    if protocol is None:
        given = resolver.index.class_attr(factory, "protocol")
        func = resolver.index.module_functions.get(given.id) if type(given) is ast.Name else None
        values = [(r.value, func) for r in return_statements(func.node) if r.value is not None] if func else []
        classes = resolver._instance_classes(values, 0) if values else []
        if len(classes) != 1:
            return []
        protocol, built = classes[0], [v for v, _ in values if type(v) is ast.Call]
    attr = _proxied_attribute(resolver, protocol)
    if attr is None:
        return [protocol]
    # `Wrapper(Channel())`: the proxy's constructor keeps its argument in the attribute
    values = [(positional(call)[0], None) for call in built if positional(call)]
    values += [(b.value, b.func) for b in resolver.index.self_bindings(protocol, f"self.{attr}") if b.index is None]
    found: list[ClassInfo] = []
    for value in values:  # one by one: a protocol of another module swapped in is unknown here
        for cls in resolver._instance_classes([value], 0):
            if cls not in found:
                found.append(cls)
    return found


def _proxied_attribute(resolver, cls: ClassInfo) -> str | None:
    """The attribute a `proxyForInterface(IProtocol, "attr")` base forwards the protocol to."""
    for klass in resolver.index.class_chain(cls):
        for base in klass.bases:
            if type(base) is not ast.Call or resolver.imports.qualify(base.func) != _PROXY_FOR:
                continue
            args = positional(base)
            if not args or resolver.imports.qualify(args[0]) != _IPROTOCOL:
                return None
            named = _argument(base, 1, "originalAttribute")
            return named.value if named is not None and is_str(named) else "original" if named is None else None
    return None


def _request_response(resolver, protocol: ClassInfo) -> str | None:
    """The receiver of a Twisted protocol class of ours that writes its transport and never sets
    TCP_NODELAY, unless every receiver closes the connection; else None."""
    chain = resolver.index.class_chain(protocol)
    if not any(resolver.imports.qualify(base) in PROTOCOL_BASES for klass in chain for base in klass.bases):
        return None
    receivers = [(name, klass.methods[name]) for klass in chain for name in RECEIVERS if name in klass.methods]
    if not receivers or all(_closes(method) for _, method in receivers) or _every_answer_closes(chain):
        return None
    if _wrapper(resolver, chain, receivers):
        return None  # (the protocol it wraps is judged, not it)
    methods = [method.node for klass in chain for method in klass.methods.values()]
    if not any(_writes(call) or _hands_on(resolver, call) for body in methods for call in _calls(body)):
        return None  # (an object it hands the transport to writes on it)
    if _writes_only_when_connected(resolver, protocol, chain):
        return None
    # TCP_NODELAY in the protocol, or in the module's code (`p = yield endpoint.connect(f)` then
    # `p.transport.setTcpNoDelay(True)`): precision first
    if any(_sets_nodelay(call) for body in [resolver.index.module, *methods] for call in _calls(body)):
        return None
    return receivers[0][0]


# -- a library's client protocol, connected through an endpoint it is given ---------------------
# `endpoint.connect(factory)` on an endpoint a function is handed (a connection pool's
# `_newConnection(key, endpoint)`): the library's users choose the endpoint, TCP as a rule. The
# protocol is reported at its class when it hands its transport to another object that writes
# the request (`request.writeTo(self.transport)`: headers now, a body producer's chunks in later
# reactor turns).
CLIENT_FACTORIES = frozenset({"twisted.internet.protocol.Factory", "twisted.internet.protocol.ClientFactory",
                              "twisted.internet.protocol.ReconnectingClientFactory"})


def given_endpoints(resolver) -> list[tuple[FunctionInfo, ClassInfo, str]]:
    """(function, protocol, receiver) for each `endpoint.connect(factory)` on an endpoint the
    function is given, of a client factory class of ours building a request/response protocol
    that hands its transport to the objects that write its requests and never sets TCP_NODELAY."""
    found, seen = [], set()
    if not any(_built_on(resolver, cls, CLIENT_FACTORIES) for cls in resolver.index.classes.values()):
        return found  # (no client factory here: no call of the module can connect one)
    for func in resolver.index.functions:
        for call in _calls(func.node):
            endpoint, args = call.func, positional(call)
            if type(endpoint) is not ast.Attribute or endpoint.attr != "connect" or len(args) != 1 or call.keywords:
                continue
            if type(endpoint.value) is not ast.Name or endpoint.value.id not in func.params \
                    or endpoint.value.id in func.bindings:
                continue
            factories = resolver._instance_classes(_factory_values(args[0], func), 0)
            if len(factories) != 1 or not _built_on(resolver, factories[0], CLIENT_FACTORIES):
                continue
            protocol = _protocol_of(resolver, factories[0])
            receiver = _judged(resolver, protocol, seen, _hands_transport)
            if receiver is not None:
                found.append((func, protocol, receiver))
    return found


def _factory_values(expr, func: FunctionInfo) -> list:
    """`factory` bound once in the function (`factory = self._factory(cb)`), or the expression."""
    if type(expr) is ast.Name and expr.id in func.bindings:
        bindings = func.bindings[expr.id]
        return [(b.value, func) for b in bindings] if all(b.index is None for b in bindings) else []
    return [(expr, func)]


def _wrapper(resolver, chain: list, receivers: list) -> bool:
    """A protocol wrapper (`ProtocolWrapper`): each receiver hands the data on to the wrapped
    protocol (`self.wrappedProtocol.dataReceived(data)`), and its only transport writes pass on
    what the wrapped protocol writes (`def write(self, data): self.transport.write(data)`)."""
    if not all(_forwards(method) for _, method in receivers):
        return False
    for method in (m for klass in chain for m in klass.methods.values()):
        for call in _calls(method.node):
            if _writes(call) or _hands_on(resolver, call):
                given = [p for p in method.params if p != "self"]
                if method.name not in _WRITES or not given or not any(
                        type(a) is ast.Name and a.id == given[0] for a in call.args):
                    return False
    return True


def _forwards(receiver: FunctionInfo) -> bool:
    """Does the receiver hand what it is given to another object's receiver of the same name
    (`self.wrappedProtocol.dataReceived(data)`), as a protocol wrapper does?"""
    given = [p for p in receiver.params if p != "self"]
    return bool(given) and any(
        type(call.func) is ast.Attribute and call.func.attr == receiver.name and dotted(call.func.value) != "self"
        and any(type(a) is ast.Name and a.id == given[0] for a in call.args) for call in _calls(receiver.node))


def _writes_only_when_connected(resolver, protocol: ClassInfo, chain: list) -> bool:
    """Does the protocol write only in connectionMade() the request it was built with
    (`ProxyClient`: sent as the connection opens), through its own methods called from there
    alone? Then a connection carries one request, the first data of a fresh connection: nothing
    waits. (The methods of the library's base, `sendLine()`, count only where the protocol calls
    them. Callers in modules not read are not seen: hence the request handed to the constructor.)"""
    opened = resolver.index.method(protocol, "connectionMade")
    if opened is None or not _built_for_a_request(resolver, protocol, opened):
        return False
    own = []
    for klass in chain:
        own.append(klass)
        if any(resolver.imports.qualify(base) in PROTOCOL_BASES for base in klass.bases):
            break  # (the classes above it are the library's)
    writers = {m.name for klass in own for m in klass.methods.values()
               if any(_writes(call) or _hands_on(resolver, call) for call in _calls(m.node))}
    if opened.name not in writers and not any(_calls_self(call, writers) for call in _calls(opened.node)):
        return False
    writers.discard(opened.name)
    in_chain = {id(m.node) for klass in chain for m in klass.methods.values()}
    called = set()
    for func in resolver.index.functions:
        for call in _calls(func.node):
            if type(call.func) is not ast.Attribute:
                continue
            owner = dotted(call.func.value)
            if call.func.attr in _WRITES and owner != "self.transport" and (owner or "").endswith(".transport"):
                return False  # (`self._connection.transport.write(query)`: written from outside)
            if call.func.attr not in writers:
                continue
            if owner != "self":
                return False  # (another object may call it on this protocol, at any time)
            if id(func.node) in in_chain:
                if func.node is not opened.node:
                    return False
                called.add(call.func.attr)
    # (a writer never called by name is called some other way: `self._handlers[state](data)`)
    return called == writers


def _built_for_a_request(resolver, protocol: ClassInfo, opened: FunctionInfo) -> bool:
    """Does connectionMade() send what the constructor was handed (`self.command = command`)?"""
    init = resolver.index.method(protocol, "__init__")
    if init is None:
        return False
    params = set(init.params) - {"self"}
    given = set()
    for node in ast.walk(init.node):
        if type(node) is not ast.Assign:
            continue
        for target in node.targets:
            pairs = zip(target.elts, node.value.elts) if type(target) is ast.Tuple and type(node.value) is ast.Tuple \
                and len(target.elts) == len(node.value.elts) else [(target, node.value)]
            given.update(t.attr for t, v in pairs if dotted(t) == f"self.{getattr(t, 'attr', '')}"
                         and type(v) is ast.Name and v.id in params)
    return any(type(node) is ast.Attribute and node.attr in given and dotted(node.value) == "self"
               for node in ast.walk(opened.node))


def _calls_self(call: ast.Call, names: set) -> bool:
    return type(call.func) is ast.Attribute and call.func.attr in names and dotted(call.func.value) == "self"


def _hands_transport(resolver, protocol: ClassInfo) -> bool:
    """Does a method hand `self.transport` to another object's method (`request.writeTo(self.transport)`)?"""
    return any(_hands_on(resolver, call) for klass in resolver.index.class_chain(protocol)
               for method in klass.methods.values() for call in _calls(method.node))


def _hands_on(resolver, call: ast.Call) -> bool:
    func = call.func
    return (type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id != "self"
            and resolver.imports.qualify(func) is None  # (not a module's function: an adapter)
            and any(dotted(a) == "self.transport" for a in call.args))


def _calls(node):
    return (n for n in branches(node) if type(n) is ast.Call)


def _writes(call: ast.Call) -> bool:
    func = call.func
    if type(func) is not ast.Attribute:
        return False
    owner = dotted(func.value)
    return func.attr in _WRITES and owner == "self.transport" or func.attr in _OWN_WRITES and owner == "self"


def _sets_nodelay(call: ast.Call) -> bool:
    func = call.func
    if type(func) is not ast.Attribute:
        return False
    if func.attr == "setTcpNoDelay":
        return not (call.args and type(call.args[0]) is ast.Constant and not call.args[0].value)
    return func.attr == "setsockopt" and any((dotted(a) or "").endswith("TCP_NODELAY") for a in call.args)


def _every_answer_closes(chain: list) -> bool:
    """Is every write of the protocol after the greeting (`connectionMade()`'s) a statement that
    the close of the connection follows in its own block, before any return (`write(denied)`,
    then `loseConnection()` on each path that answers)? One answer per connection: its FIN
    pushes out what Nagle holds."""
    closed, writes = set(), set()
    for klass in chain:
        for name, method in klass.methods.items():
            if name == "connectionMade":
                continue
            for node in branches(method.node):
                if type(node) is ast.Call and _writes(node):
                    writes.add(id(node))
                for field in ("body", "orelse", "finalbody"):
                    block = getattr(node, field, None)
                    for at, stmt in enumerate(block if type(block) is list else ()):
                        if type(stmt) is ast.Expr and type(stmt.value) is ast.Call and _writes(stmt.value) \
                                and _closed_after(block[at + 1:]):
                            closed.add(id(stmt.value))
    return bool(writes) and writes <= closed


def _closed_after(stmts: list) -> bool:
    for stmt in stmts:
        if _is_close(stmt):
            return True
        if any(isinstance(node, (ast.Return, ast.Raise, ast.Break, ast.Continue)) for node in ast.walk(stmt)):
            return False
    return False


def _closes(method: FunctionInfo) -> bool:
    """Does the receiver close the connection in its own top-level statements (one exchange)?"""
    return any(_is_close(stmt) for stmt in method.node.body)


def _is_close(stmt) -> bool:
    """`self.transport.loseConnection()` (or `abortConnection()`) as a statement of its own."""
    return type(stmt) is ast.Expr and type(stmt.value) is ast.Call \
        and dotted(stmt.value.func) in ("self.transport.loseConnection", "self.transport.abortConnection")
