"""Which expressions are TCP streams: follows names, self attributes, tuple unpacking, with targets,
helper return values, pooled containers and request-handler attributes back to a catalog row.

A `Conn` is one TCP connection (or socket of another kind); a `Stream` is one object writing or
reading it (the socket itself, a makefile() writer, an SSL wrapper, an asyncio writer).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import ast

from nagle_lint.flow.events import fast_children
from nagle_lint.flow.summaries import (CONTAINER_GETS, EACH, KEYS, Binding, ClassInfo, FunctionInfo, ModuleIndex, child_blocks,
                                      comprehension_bindings, contains, index_column, iter_statements, param_position,
                                      positional_params, reaching_bindings, reaching_self_values)
from nagle_lint.streams import catalog as C
from nagle_lint.streams.channels import channel_stream
from nagle_lint.streams.names import ImportMap, constant, dotted, uncast
from nagle_lint.syntax import (DEFINITIONS, argument, args_of, branches, default_of, is_const, is_interface, is_str,
                              left_to_subclasses, positional)


@dataclass(eq=False)
class Conn:
    origin: ast.AST = field(repr=False)  # the call that made it, the accept() call, or the handler class
    facts: C.StreamFacts = C.TCP_CLIENT
    label: str = ""  # how the code names it, for messages
    listener: "Conn | None" = field(default=None, repr=False)
    proto_zero: bool = False  # socket.socket() without proto: asyncio will not set TCP_NODELAY
    maybe_unix: bool = False  # TCP on one path, AF_UNIX on another: report, never fix
    maybe_udp: bool = False  # TCP on one path, UDP on another: a `sendto()` is the UDP path's
    udp_type: bool = False  # made SOCK_STREAM or SOCK_DGRAM by one expression: report, never fix
    # made by a parameter's default class (`sock_class=socket.socket`): a caller elsewhere may
    # hand another (a test's fake socket); its name, for messages: report, never fix
    hook_param: str = ""
    # SOCK_STREAM of a family known only at run time, in code that never names a Unix socket:
    # taken as TCP (maybe_unix too), with less confidence
    family_at_run_time: bool = False
    optional_nodelay: str = ""  # the flag that turns TCP_NODELAY on, off by default (for messages)
    made_in_loops: tuple | None = None  # loops around the creation, when the walk saw it
    made_under: frozenset = frozenset()  # ids of the `if` tests around the creation, when the walk saw it
    # loops that connect it again on every turn (`s.connect(a)` in a retry loop): a socket connects
    # once, so what such a loop repeats is never carried twice by one connection
    reconnected_in: set = field(default_factory=set)
    base: "Conn | None" = field(default=None, repr=False)  # the factory's connection this call made
    nodelay: bool = False  # TCP_NODELAY set on it somewhere (flow-insensitive, precision first)
    keep_alive: bool = True  # http.server handlers: HTTP/1.1 keeps the connection for more requests
    handler: ClassInfo | None = field(default=None, repr=False)
    twisted: ClassInfo | None = field(default=None, repr=False)  # a Twisted protocol: its self.transport
    twisted_note: str = ""  # a library's protocol: what serves or connects it, when no listen or connect call says TCP
    origin_func: FunctionInfo | None = field(default=None, repr=False)  # where it was made (for the nodelay fix)
    # other creation sites one name may hold instead (`return socks.create_connection(a) if proxy
    # else socket.create_connection(a)`): what the code does through the name happens to them too
    alternatives: list = field(default_factory=list, repr=False)
    site: ast.Call | None = field(default=None, repr=False)  # the factory call that made this one
    # the factory's other creations of the same transport a call of it may return instead (`return
    # socket(AF_INET6)` on one path, `return socket(AF_INET)` on the other): the fix goes to each
    made_too: tuple = field(default=(), repr=False)
    # TCP_NODELAY set only under `if <param>:` of the function that makes the socket
    # (`def connect(addr, nodelay=True)`): each call decides; the gates a call turns off
    nodelay_gates: frozenset = frozenset()
    gates_off: frozenset = frozenset()
    handed_back: str = ""  # the call a library hands the stream back by (`self.detach`), for messages
    # TCP_NODELAY set only through a setter that passes its parameter on (`def set_nodelay(self,
    # x): self.stream.set_nodelay(x)`) and that nothing here calls with True: the application's call
    nodelay_setter: str = ""
    # TCP_NODELAY only from a constructor's default options list, which a construction replaces
    # with a list without it: (class, parameter, the value passed there, or (path, line) in a module
    # no link brought in); Nagle is on on that path
    replaced_options: tuple = ()
    default_options: bool = False  # TCP_NODELAY from a constructor's default options list
    # a library object around the socket (telnetlib.Telnet): the attribute that holds the socket,
    # for messages (no setsockopt() on the object itself, so no fix is written)
    socket_attr: str = ""

    @property
    def is_tcp(self) -> bool:
        return self.facts.transport == C.TCP

    @property
    def side(self) -> str:
        return self.facts.side

    @property
    def skipped_gates(self) -> frozenset:
        """The factory's TCP_NODELAY gates this call of it turns off (`nodelay=False`)."""
        if self.base is None or self.site is None:
            return frozenset()
        return self.gates_off & self.base.nodelay_gates

    @property
    def gated_off(self) -> bool:
        return bool(self.skipped_gates)

    def nagle_on(self, gates_off: frozenset = frozenset()) -> bool:
        if not self.is_tcp or self.facts.nagle == C.OFF or self.nodelay or self.nodelay_gates - gates_off:
            return False
        if self.default_options and not self.replaced_options:  # every construction keeps the default
            return False
        if self.base is not None and not self.base.nagle_on(self.gates_off):  # the factory sets TCP_NODELAY
            return False
        return self.listener is None or self.listener.nagle_on()  # Linux: accept() copies NODELAY


@dataclass(eq=False)
class Stream:
    conn: Conn = field(repr=False)
    role: str
    name: str = ""


SOFT = object()  # came from a parameter or an empty container: no evidence either way


def is_connection(found, conn: Conn) -> bool:
    """Is what a value resolved to that connection: the same creation site (another calling
    context of the factory that made it, or one of the branches a name takes it from)?"""
    if not isinstance(found, Stream):
        return False
    other = found.conn
    return other is conn or (other.base or other) is (conn.base or conn) or conn in other.alternatives \
        or other in conn.alternatives


@dataclass(frozen=True, eq=False)
class Instance:
    """A wire API's connection parameter typed from the project's calls: an instance of these
    classes of ours (`connection` of `Message.send()`, a `SocketConnection` where core.py calls the
    API). by_use: typed from the calls of the API's reader (`Message.recv(conn)`), not its own."""

    classes: tuple
    by_use: bool
    call: ast.Call = field(repr=False)  # a call that passes one (for messages)
    reader: str = ""  # by use: the reader whose calls tell
_NONE_NAMES = ("None",)
# the calls a library base hands a stream back by (`self.detach`): checked for no other call
_HANDING_BACK = frozenset(call for call, _ in C.HANDED_BACK.values())


@dataclass(eq=False)
class Activation:
    """One analysis of a function body: its parameters bound to the caller's streams."""

    func: FunctionInfo
    params: dict[str, Stream] = field(default_factory=dict)
    # parameters the caller gives a literal (or leaves at a literal default): `expect_response=False`
    literals: dict = field(default_factory=dict)
    memo: dict = field(default_factory=dict)
    cls: ClassInfo | None = None  # the class of `self` when a subclass runs an inherited method
    # the `self.x` keys of params that this instance's constructor was handed (`NodePeer(sock)`):
    # its own methods called on self see them too
    given: frozenset = frozenset()
    # a decorator's wrapper walked around the method it decorates: its parameter -> the method
    wrapped: dict = field(default_factory=dict)
    # resolved for one call: parameter -> (the argument, the caller's activation)
    args: dict = field(default_factory=dict)

    @property
    def self_cls(self) -> ClassInfo | None:
        if self.cls is not None:
            return self.cls
        func = self.func  # a closure inside a method sees the method's `self`
        while func is not None and func.cls is None and func.parent is not None and "self" not in func.params:
            func = func.parent
        return func.cls if func is not None else None


class Resolver:
    def __init__(self, index: ModuleIndex, imports: ImportMap, user_streams: dict[str, str],
                 names_unix: bool = True) -> None:
        """names_unix: does the checked file's text name a Unix socket (`unix` anywhere in it)?"""
        self.index = index
        self.names_unix = names_unix
        self.imports = imports
        self.user_streams = user_streams
        self.conns: dict[int, Conn] = {}  # by id(origin node): one connection per creation site
        self.streams: dict[tuple, Stream] = {}
        self.class_memo: dict[tuple, object] = {}
        self.handler_conns: dict[int, Conn | None] = {}
        self.callback_params: dict[int, dict[str, Stream]] = {}
        self._busy: set = set()
        self._typing: set = set()  # ids of the method calls whose returned objects are being typed
        self._class_calls: dict | None = None
        self.call_conns: dict = {}
        self._sock_servers: list = []  # (start_server call, caller, callback, its params) with sock=
        self.api_callers: set = set()  # ids of the linked functions that pass a wire API its connection
        self._wire_apis: bool | None = None
        self._kept_names: frozenset | None = None
        self._tails: frozenset | None = None
        self._callable_classes: bool | None = None  # does a class of ours define __call__?
        self._only_other_sockets: bool | None = None
        self.protocol_servers: list = []  # (connection, protocol class) of `loop.create_server(P, sock=s)`
        # ids of the callbacks a selectors loop calls once per event on a connection already in
        # use (callback_params, but not a fresh connection on each call)
        self.event_callbacks: set = set()
        self._find_async_callbacks()
        self._find_server_callbacks()
        self._find_sock_servers()
        self._find_protocol_servers()
        self._find_selector_callbacks()

    # -- connections and streams ------------------------------------------------------------
    def conn(self, origin: ast.AST, facts: C.StreamFacts, label: str = "", **extra) -> Conn:
        key = id(origin)
        if key not in self.conns:
            self.conns[key] = Conn(origin=origin, facts=facts, label=label, **extra)
        return self.conns[key]

    def stream(self, conn: Conn, role: str, name: str = "", site: object = None) -> Stream:
        # (a site may be a (call, index) pair made on the fly: its id alone could be reused)
        where = (id(site[0]), site[1]) if isinstance(site, tuple) else id(site) if site is not None else name
        key = (id(conn), role, where)
        if key not in self.streams:
            self.streams[key] = Stream(conn, role, name)
        return self.streams[key]

    # -- names ------------------------------------------------------------------------------
    def lookup(self, key: str, act: Activation):
        """The stream a dotted name refers to in an activation, SOFT, or None."""
        if key in act.params:  # (a wire API's typed parameter is a wrapper object: no stream itself)
            return SOFT if isinstance(act.params[key], Instance) else act.params[key]
        if key == "self" and act.self_cls is not None and "self" in act.func.params:
            found = self.dispatcher_stream(act.self_cls) or self.telnet_stream(act.self_cls)
            if found is not None:
                return found
        # (`self.connection.socket = socket.socket(...)`: an attribute of an object the instance
        # keeps, assigned in this class, is this class's to follow)
        if key.startswith("self.") and key.count(".") <= 2:
            cls = act.self_cls
            return self.self_attr(cls, key) if cls is not None else None
        if "." in key:
            base, _, attr = key.partition(".")
            if "." in attr or attr not in self._kept_attributes() or act.func is None:
                return None
            # `item.sock` where item holds an instance of a class of ours that keeps its socket
            # in `self.sock` (`Item(sock)` in a list; a result object `Result(True, sock)`)
            return self._memo(act.memo, ("instance-attr", key), lambda: self._instance_attribute(base, attr, act))
        func = act.func
        while func is not None:
            if key in func.bindings:
                memo_key = ("local", key)
                if func is act.func:
                    return self._memo(act.memo, memo_key, lambda: self._given_or_bound(func, key, act))
                return self._given_or_bound(func, key, Activation(func))
            if key in func.params:
                handed = self.callback_params.get(id(func), {}).get(key)
                if handed is not None:  # a server's callback: the connection it accepted
                    return handed
                if func.is_method and func.name == "__init__":
                    built = act.cls or func.cls  # the instance's class: a subclass built elsewhere
                    handler = self.handler_conn(built) if built is not None else None
                    if handler is not None and func.params[1:2] == [key]:
                        # a request handler's own __init__(self, request, client_address, server):
                        # the server hands it the connection (`self._req = request`)
                        return self.stream(handler, C.SOCKET, key)
                    return self._memo(self.class_memo, ("init-arg", id(func), key, id(built)),
                                      lambda: self._constructor_arg(func, key, built))
                return SOFT
            func = func.parent
        if act.func is not None and "." not in key:
            comprehended = self._memo(self.class_memo, ("comprehended", id(act.func)),
                                      lambda: comprehension_bindings(act.func)).get(key)
            if comprehended:  # (a name no statement binds: a comprehension's own)
                return self._memo(act.memo, ("comprehended", key), lambda: self._from_bindings(comprehended, act))
        if key in self.index.module_bindings:
            return self._memo(self.class_memo, ("module", key),
                              lambda: self._from_bindings(self.index.module_bindings[key], None))
        return None

    def _kept_attributes(self) -> frozenset:
        """The `x` of every `self.x` a class of ours assigns, or reads through a property."""
        if self._kept_names is None:
            classes = {id(c): c for c in self.index.classes.values()}.values()
            self._kept_names = frozenset(key[5:] for cls in classes for key in cls.self_bindings) | frozenset(
                name for cls in classes for name, method in cls.methods.items() if _is_property(method))
        return self._kept_names

    def _instance_attribute(self, name: str, attr: str, act: Activation):
        classes = self.receiver_classes(ast.Name(id=name, ctx=ast.Load()), act)
        if not classes or any(not self.index.self_bindings(cls, f"self.{attr}") and not _property_of(self.index, cls, attr)
                              for cls in classes):
            return None
        return merge([self.self_attr(cls, f"self.{attr}") for cls in classes])

    def _given_or_bound(self, func: FunctionInfo, key: str, act: Activation):
        """A local name's values; for a constructor parameter the body may replace (`if type(sock)
        is tuple: sock = socket.socket()`), also what the module passes for it (`Transport(sock)`)."""
        bound = self._from_bindings(func.bindings[key], act)
        if key in func.params and func.is_method and func.name == "__init__":
            built = act.cls or func.cls
            given = self._memo(self.class_memo, ("init-args", id(func), key, id(built)),
                               lambda: self._constructor_args(func, key, built))
            given = given if isinstance(given, list) else []  # (SOFT: met again while resolving it)
            if any(r is None for r in given):
                return None  # built here around something else (a test's fake socket): not known
            known = [r for r in given if isinstance(r, Stream)]
            if known:
                return merge(known + [bound])
        return bound

    def _constructor_args(self, init: FunctionInfo, param: str, built: ClassInfo) -> list:
        """What each place the module builds the class passes for the parameter (an address
        written out, which the constructor connects itself, left out)."""
        names = [p for p in init.params if p not in ("self", "cls")]
        if param not in names:
            return []
        position = param_position(init, names, param)
        classes = [built] + [sub for sub in self.index.subclasses(built) if self.index.runs_for(sub, init)]
        results = []
        for call, caller, skip in [found for cls in classes for found in self._init_calls(init, cls)]:
            value = _arg(call, None if position is None else position + skip, param)
            if value is not None and not _address_literal(value):
                results.append(self._passed_there(value, self._caller_activation(caller)))
        return results

    def _param_item(self, expr: ast.Name, act: Activation, index: int):
        """An item of a parameter (`client, _ = pair`, `pair[0]`): that item of what the module
        passes for it, a constructor's where the class is built (`Handler(self, (conn, addr))`),
        a function's where it is called (`self.add(self.sock.accept())`), when each is a stream."""
        func = act.func
        if func.name == "__init__" and func.is_method:
            built = act.cls or func.cls
            found = None if built is None else self._memo(
                self.class_memo, ("init-item", id(func), expr.id, id(built), index),
                lambda: self._constructor_arg(func, expr.id, built, index))
            return found if isinstance(found, Stream) else None  # (no evidence is no item)
        return self._passed_item(expr, act, index)

    def _each_passed(self, expr: ast.Name, act: Activation | None):
        """An element of a parameter the function iterates (`for s in ready:`): an element of what
        each of its callers passes (`self.read_all(ready)` after `ready, _, _ =
        select.select(self.clients, ...)`), when each is a stream."""
        if act is None or act.func is None or expr.id in act.params or expr.id not in act.func.params:
            return None
        found = self._passed_item(expr, act, EACH)
        return found if isinstance(found, Stream) else None

    def _passed_item(self, expr: ast.Name, act: Activation, index: int):
        """That item (EACH: an element) of what every caller passes for the parameter, when
        each is a stream."""
        def passed():
            given = [self.resolve(value, where, index) for value, where in self._passed(expr, act) or ()]
            return merge(given) if given and all(isinstance(g, Stream) for g in given) else None
        return self._memo(self.class_memo, ("param-item", id(act.func), expr.id, index), passed)

    def entered(self, value, act: Activation | None):
        """What `with value as name` binds when value is an object of a class of ours whose
        `__enter__` returns a socket it keeps (a lock-guarding wrapper: `return self._sock`)."""
        if act is None or act.func is None or "__enter__" not in self.index.member_names:
            return None
        enter = ast.Call(func=ast.Attribute(value=value, attr="__enter__", ctx=ast.Load()), args=[], keywords=[])
        returned = [self._returned(method, 0) for method, _ in self.instance_callees(enter, act)]
        return merge(returned) if returned and all(isinstance(r, Stream) for r in returned) else None

    def makes_only_other_sockets(self) -> bool:
        """Does the module make sockets, and none that is or may be TCP (a DNS resolver's
        SOCK_DGRAM sockets, AF_UNIX ones)? A socket it is handed back (an options callback's
        `sock`) is then most likely one of those."""
        if self._only_other_sockets is None:
            kinds = []
            for call in _calls(self.index.module):
                name = self.imports.qualify(call.func)
                if name in ("socket.socket", "socket.SocketType", "socks.socksocket"):
                    facts = self._socket_facts(call, None)
                    kinds.append(facts[0] if facts is not None else None)
                elif name in C.FACTORIES:
                    kinds.append(C.FACTORIES[name])
            self._only_other_sockets = bool(kinds) and all(
                facts is not None and facts.transport in (C.UDP, C.UNIX, C.OTHER) for facts in kinds)
        return self._only_other_sockets

    def handed_selected(self, expr, act: Activation | None) -> bool:
        """Is expr a parameter every caller passes what select() returned ready (`def
        read_all(self, ready)` called as `self.read_all(ready)`)?"""
        if type(expr) is not ast.Name or act is None or act.func is None or expr.id in act.params:
            return False
        passed = self._passed(expr, act)
        return bool(passed) and all(
            self.selected_list(value) is not None
            or type(value) is ast.Name and self.select_argument(value.id, where) is not None
            for value, where in passed)

    def _constructor_arg(self, init: FunctionInfo, param: str, built: ClassInfo, index: int | None = None):
        """A wrapper object's parameter: what the module passes for it where it builds the class
        (`Transport(sock)`, `Buffer(rfile=self.rfile)`), or a subclass of it that keeps this
        __init__; with index, that item of it (`Handler(self, (conn, addr))`, then `client, _ =
        pair`). SOFT when nobody here builds it."""
        names = [p for p in init.params if p not in ("self", "cls")]
        if param not in names:
            return SOFT
        position = param_position(init, names, param)
        results = []
        # (a subclass that keeps this __init__ is built with the same arguments)
        classes = [built] + [sub for sub in self.index.subclasses(built) if self.index.runs_for(sub, init)]
        for call, caller, skip in [found for cls in classes for found in self._init_calls(init, cls)]:
            value = _arg(call, None if position is None else position + skip, param)
            if value is not None and index is not None:
                if type(value) in (ast.Tuple, ast.List) and index >= 0:  # (not EACH, nor a column of each)
                    item = value.elts[index] if index < len(value.elts) else None
                    value = item if type(item) is not ast.Starred else None
                else:
                    results.append(self.resolve(value, self._caller_activation(caller), index))
                    continue
            if value is not None:
                results.append(self._passed_there(value, self._caller_activation(caller)))
        known = [r for r in results if isinstance(r, Stream)]
        return merge(known) if known else SOFT

    def _init_calls(self, init: FunctionInfo, cls: ClassInfo) -> list:
        """(call, function it is in, arguments before init's first parameter) for each call that
        gives init its arguments for an instance of cls: where the module builds cls, when init is
        its __init__; else the `super().__init__(sock)` (`Base.__init__(self, sock)`) by which
        cls's own __init__ passes them on."""
        own = self.index.method(cls, "__init__")
        built = [(call, caller, 0) for call, caller in self._calls_named(cls.name)]
        if own is init or own is None:
            return built
        found = []
        for call in _calls_outside_defs(own.node.body):
            func = call.func
            if type(func) is not ast.Attribute or func.attr != "__init__":
                continue
            if type(func.value) is ast.Call and dotted(func.value.func) == "super":
                found.append((call, own, 0))
            elif dotted(func.value) == (init.cls.name if init.cls is not None else None):
                found.append((call, own, 1))  # (`self` comes first)
        if not found or any(a.star for call, _, _ in found for a in args_of(call)):
            return built  # (`super().__init__(*args, **kwargs)`: the construction's own arguments)
        return found

    def _passed_there(self, value, act: Activation | None):
        """What a local passed to a constructor holds there: the assignment that reaches the call
        (`sock = socket.socket()`, then on one branch `sock = Framed(sock)` and on the other
        `Wrapper(sock)`), when straight-line reading tells; else every value the name takes."""
        func = act.func if act is not None else None
        if type(value) is ast.Name and func is not None and value.id not in act.params \
                and len(func.bindings.get(value.id, ())) > 1:
            reaching = reaching_bindings(func, value.id, value)
            if reaching:
                return self._from_bindings(reaching, act)
        return self._or_passed(value, act, self.resolve(value, act))

    def _or_passed(self, value, act: Activation | None, found):
        """For a parameter that resolves to nothing of its own (SOFT), of a module function or a
        method other than __init__ (`def serve_one(csock): Transport(csock)`, `def _add(self,
        conn): self.pool[key] = conn`): what the calls of it in this module pass, when each is
        a stream. Else found."""
        func = act.func if act is not None else None
        if found is SOFT and func is not None and func.parent is None and func.name != "__init__" \
                and (func.cls is None or func.is_method) and type(value) is ast.Name \
                and not self._memo(self.class_memo, ("uses-param", id(func), value.id),
                                   lambda: _calls_on(func, value.id)):
            # (a function that reads or writes the parameter itself is walked with what it is
            # handed, from its callers' walks: its own root walk knows nothing of it)
            passed = self._passed(value, act) or ()
            given = [self.resolve(v, where) for v, where in passed]
            if given and all(isinstance(g, Stream) for g in given):
                return merge(given)
        return found

    def _calls_own(self, call: ast.Call, outer: FunctionInfo | None, callee: FunctionInfo) -> bool:
        """Is the call one of `callee`: `self._accept(...)` in a method of its class (or of a
        subclass), `_accept(...)` for a module function; not another class's method of that name."""
        if callee.cls is None:
            return type(call.func) is ast.Name and callee.parent is None
        receiver = call.func.value if type(call.func) is ast.Attribute else None
        if type(receiver) is not ast.Name or receiver.id != "self" or outer is None:
            return False
        own = outer.cls if outer.cls is not None else None
        return own is not None and callee.cls in self.index.class_chain(own)

    def _caller_activation(self, caller: FunctionInfo | None) -> Activation | None:
        """The function that builds a wrapper, for resolving what it passes. A private helper
        (`conn = Wrapper(csock)` after `csock, _ = sock.accept()` in `_accept(self, sock)`) has
        its stream parameters bound to what the module's calls of it pass (`self._accept(self.sock)`),
        when each of them passes one."""
        if caller is None:
            return None
        act = Activation(caller)
        if not _private_name(caller.name):
            return act
        names = [p for p in caller.params if not (caller.is_method and p in ("self", "cls"))]
        calls = [(call, outer) for call, outer in self._calls_named(caller.name) if self._calls_own(call, outer, caller)]
        for name in names:
            if name in caller.bindings:
                continue
            position = param_position(caller, names, name)
            found = []
            for call, outer in calls:
                value = _arg(call, position, name)
                found.append(self._memo(self.class_memo, ("caller-arg", id(call), name),
                                        lambda: self.resolve(value, Activation(outer) if outer is not None else None))
                             if value is not None else None)
            if found and all(isinstance(f, Stream) for f in found):
                bound = merge(found)
                if isinstance(bound, Stream):
                    act.params[name] = bound
        return act

    def _calls_named(self, name: str) -> list:
        """(call, function it is in) for every call of `name(...)` or `x.name(...)` in the module
        (a class built, a helper or method called)."""
        return self.calls_by_name().get(name, [])

    def calls_by_name(self) -> dict[str, list]:
        if self._class_calls is None:
            self._class_calls = {}
            for func in [None, *self.index.functions]:
                body = self.index.module if func is None else func.node.body
                for call in _calls_outside_defs(body):
                    called = self._hook_class(call.func, func) or built_name(call.func)
                    if called is not None:
                        short = called.rpartition(".")[2]
                        self._class_calls.setdefault(short, []).append((call, func))
                        aliased = self.index.classes.get(short)
                        if aliased is not None and aliased.name != short:  # `Wrapped = _Wrapped`
                            self._class_calls.setdefault(aliased.name, []).append((call, func))
                        named = self._class_attribute_class(called, func)
                        if named is not None:  # `self.handler_class(sock)` builds a Handler
                            self._class_calls.setdefault(named, []).append((call, func))
                        built = _classmethod_cls(func) if called == "cls" else None
                        if built is not None:  # `return cls(reader, writer)` in a classmethod
                            self._class_calls.setdefault(built.name, []).append((call, func))
        return self._class_calls

    def _hook_class(self, called, func: FunctionInfo | None) -> str | None:
        """`Transport` for `transport_factory(sock)` after `if transport_factory is None:
        transport_factory = Transport`: a class hook parameter, or a local, whose every value
        the function assigns is that one class of ours."""
        if type(called) is not ast.Name or func is None or called.id in self.index.classes:
            return None
        values = {dotted(b.value) for b in func.bindings.get(called.id, ()) if b.index is None}
        if len(values) != 1 or any(b.index is not None for b in func.bindings.get(called.id, ())):
            return None
        name = values.pop()
        if called.id in func.params and not is_const(default_of(func.node, called.id), None):
            return None  # a hook with a default of its own (or none): not only this class
        return name if name in self.index.classes else None

    def _class_attribute_class(self, called: str, func: FunctionInfo | None) -> str | None:
        """`Handler` for `self.handler_class` where the class body says `handler_class = Handler`,
        or where its only value is a constructor parameter that defaults to it (`def
        __init__(self, handler=Handler): self.handler = handler`)."""
        if func is None or func.cls is None or not called.startswith("self.") or called.count(".") != 1:
            return None
        named = self.index.class_attr(func.cls, called[5:])
        if named is None:  # (set by the subclasses that run this method: `handler = Conn` there)
            found = {dotted(v) for v in (self.index.class_attr(sub, called[5:]) for sub in self.index.subclasses(func.cls))
                     if v is not None}
            if len(found) == 1 and (only := found.pop()) in self.index.classes:
                return only
        if named is None:
            bindings = self.index.self_bindings(func.cls, called)
            if len(bindings) == 1 and bindings[0].index is None and type(bindings[0].value) is ast.Name \
                    and bindings[0].func is not None and bindings[0].func.name == "__init__" \
                    and bindings[0].value.id in bindings[0].func.params:
                named = default_of(bindings[0].func.node, bindings[0].value.id)
        return named.id if type(named) is ast.Name and named.id in self.index.classes else None

    def self_attr(self, cls: ClassInfo, key: str):
        return self._memo(self.class_memo, (id(cls), key), lambda: self._self_attr(cls, key))

    def _self_attr(self, cls: ClassInfo, key: str):
        conn = self.handler_conn(cls)
        attr = key[5:]
        # an assignment in a method the class overrides never runs for its instances
        bindings = [b for b in self.index.self_bindings(cls, key) if b.func is None or self.index.runs_for(cls, b.func)]
        if conn is not None and attr == "request":
            # an own __init__ that takes the request from what the server hands it, in a form of
            # its own (`self.request = conn_state[1]`), keeps the stock meaning: the connection
            # (unless what it is given is known to be something else)
            bindings = [b for b in bindings if not _from_init_param(b)
                        or self.resolve(b.value, Activation(b.func, cls=cls)) is not None]
        if conn is not None and attr in ("request", "connection", "wfile", "rfile") and not bindings:
            if attr in ("request", "connection"):
                return self.stream(conn, C.SOCKET, key)
            if attr == "rfile":
                return self.stream(conn, C.READER, key)
            buffered = self._wbufsize(cls) not in (0, None)
            return self.stream(conn, C.BUFFERED_WRITER if buffered else C.RAW_WRITER, key)
        handed = self._handed_in(cls, attr, bindings) if key.count(".") == 1 else []
        if not bindings and not handed and key.count(".") == 1:
            getter = self.index.method(cls, attr)
            if getter is not None and _is_property(getter):  # `return self.socket`, made on first use
                return self._returned(getter, 1)
        if not bindings and not handed and key.count(".") == 2:
            # `self.parent.sock`, where the instance keeps the object of ours that built it
            # (`Command(self)` in Core): what that class keeps in `self.sock`
            owner, _, leaf = key.rpartition(".")
            classes = self._instance_classes([(b.value, b.func) for b in self.index.self_bindings(cls, owner)], 0)
            if classes and all(self.index.self_bindings(c, f"self.{leaf}") for c in classes):
                return merge([self.self_attr(c, f"self.{leaf}") for c in classes])
        if not bindings and not handed and key.count(".") == 1 \
                and type(made := self.index.class_attr(cls, attr)) is ast.Call:
            # `sock = socket.socket(AF_INET, SOCK_STREAM)` in the class body: one socket, made
            # with the class, that its instances share
            found = self.resolve(made, Activation(None))  # type: ignore[arg-type]
            return found if isinstance(found, Stream) else None
        if not bindings and not handed:
            return None
        # `self.socket = SnappySocket(self.socket)`: a wrapper of ours around what the attribute
        # already holds is that connection again, whatever else the attribute holds
        own = [b for b in bindings if not self._rewraps(b, key)] or bindings
        if handed and all(is_const(b.value, None) for b in own):
            own = []  # `self.stream = None` until the module hands the instance its stream
        results = [self._from_bindings(_drop_placeholders(own, key, self.imports), None, cls)] if own else []
        results += [self.resolve(value, Activation(func)) for value, func in handed]
        return merge(results)

    def _rewraps(self, binding: Binding, key: str) -> bool:
        """Is the binding `self.x = Wrapper(self.x, ...)` with Wrapper a class of ours whose
        __init__ keeps that argument on the instance?"""
        value = binding.value
        if type(value) is not ast.Call or binding.func is None:
            return False
        wrapper = self.class_named(value.func, Activation(binding.func))
        init = self.index.method(wrapper, "__init__") if wrapper is not None else None
        if init is None:
            return False
        names = [p for p in init.params if p not in ("self", "cls")]
        given = [name for position, name in enumerate(names) if dotted(_arg(value, position, name)) == key]
        return any(type(node) is ast.Assign and type(node.value) is ast.Name and node.value.id in given
                   and any(type(t) is ast.Attribute and dotted(t.value) == "self" for t in node.targets)
                   for node in ast.walk(init.node))

    def _handed_in(self, cls: ClassInfo, attr: str, bindings: list[Binding]) -> list:
        """(value, function) for what the module gives an instance it builds empty, from outside
        the class: `result = Transport(); result.handle = sock`, or through a setter method
        (`result.set_handle(sock)` where `def set_handle(self, h): self.handle = h`)."""
        handed = [(value, func) for owner, value, func in self.index.attribute_sets.get(attr, ())
                  if func is not None and self._holds_instance(func, owner, cls)]
        for binding in bindings:
            setter = binding.func
            if setter is None or not setter.is_method or setter.name == "__init__" \
                    or type(binding.value) is not ast.Name or binding.value.id not in setter.params:
                continue
            names = [p for p in setter.params if p not in ("self", "cls")]
            if binding.value.id not in names:
                continue
            position = param_position(setter, names, binding.value.id)
            for call, caller in self._calls_named(setter.name):
                receiver = call.func.value if type(call.func) is ast.Attribute else None
                if caller is not None and type(receiver) is ast.Name and self._holds_instance(caller, receiver.id, cls):
                    value = _arg(call, position, binding.value.id)
                    if value is not None:
                        handed.append((value, caller))
        return handed

    def _holds_instance(self, func: FunctionInfo, name: str, cls: ClassInfo) -> bool:
        """Is the local `name` of func only ever an instance of cls (or of a subclass of it) built
        there: `result = TSocket()`?"""
        if name.startswith("self.") and name.count(".") == 1 and func.cls is not None:
            # `self.protocol = self._make_protocol()` ... `self.protocol.stream = stream`
            values = [b for b in self.index.self_bindings(func.cls, name) if not is_const(b.value, None)]
            pairs = [(b.value, b.func) for b in values]
        else:
            values = func.bindings.get(name, ())
            pairs = [(b.value, func) for b in values]
        if not values or any(b.index is not None for b in values):
            return False
        classes = self._instance_classes(pairs, 0)
        return bool(classes) and all(cls in self.index.class_chain(found) for found in classes)

    def _memo(self, memo: dict, key, compute):
        if key in memo:
            return memo[key]
        busy = (id(memo), key)  # per memo: a helper's local `sock` is not its caller's `sock`
        if busy in self._busy:  # a cycle: self.sock = wrap(self.sock) adds no evidence of its own
            return SOFT
        self._busy.add(busy)
        try:
            memo[key] = value = compute()
        finally:
            self._busy.discard(busy)
        return value

    def _from_bindings(self, bindings: list[Binding], act: Activation | None, self_cls: ClassInfo | None = None):
        """self_cls: for `self.x` bindings, the class of the instance (a subclass's overrides)."""
        results = []
        # (an attribute whose only value is a method's parameter: what the method is handed)
        handed_only = self_cls is not None and sum(not _placeholder(b.value) for b in bindings) == 1
        # (`ready = []` before `ready, _, _ = select.select(conns, [], [])` on some paths: an empty
        # list is iterated zero times, it holds no other connection)
        empties = not all(b.index is None and _empty_literal(b.value) for b in bindings)
        for binding in bindings:
            if _placeholder(binding.value) or (binding.index is None and _address_literal(binding.value)):
                continue  # (`sock = (host, 22)` before the code that turns the address into a socket)
            if empties and binding.index is None and _empty_literal(binding.value):
                continue
            inner = act if act is not None and binding.func is act.func else (
                Activation(binding.func, cls=self_cls if binding.func.cls is not None else None)
                if binding.func is not None else None)
            if self_cls is not None and inner is not None and inner is not act:
                # `self.stream = IOStream(self.socket)` right after `self.socket = socket(...)`:
                # the attribute as it is there, not every value it ever takes
                for key, earlier in reaching_self_values(binding.func, binding.value).items():
                    if key not in inner.params and dotted(earlier) != key:
                        found = self.resolve(earlier, inner)
                        if isinstance(found, Stream):
                            inner.params[key] = found
            found = self.resolve(binding.value, inner, binding.index)
            if binding.index is None and not isinstance(found, Stream) and id(binding.value) in self.index.entered:
                found = self.entered(binding.value, inner) or found  # `with self._socket_context as sock:`
            if handed_only and binding.index is None and type(binding.value) is ast.Name:
                found = self._or_passed(binding.value, inner, found)  # `def _add(self, conn): self.conn = conn`
            results.append(found)
        return merge(results)

    # -- expressions ------------------------------------------------------------------------
    def resolve(self, expr: ast.expr, act: Activation | None, index: int | None = None, depth: int = 0):
        if depth > 8:
            return None
        kind = type(expr)
        if kind is ast.Await or kind is ast.Yield and type(expr.value) is ast.Call \
                and type(expr.value.func) is ast.Attribute and expr.value.func.attr == "connect":
            # (`yield TCPClient().connect(h, p)` in a tornado coroutine is the stream it resolves to)
            return self.resolve(expr.value, act, index, depth + 1)
        if kind is ast.Attribute and expr.attr == "fileobj" and type(expr.value) is ast.Name and index is None:
            selector = self._selected_from(expr.value.id, act)
            if selector is not None:  # `for key, _ in sel.select(): key.fileobj`
                return self._container_element(selector, act)
        if kind is ast.Attribute and expr.attr == "sock" and index is None:
            if dotted(expr.value) != "self":
                owner = self.resolve(expr.value, act, None, depth + 1)
            else:  # `self.sock` in a Telnet subclass: the base's socket
                owner = self.telnet_stream(act.self_cls) if act is not None and act.self_cls is not None else None
            if isinstance(owner, Stream) and owner.role == C.TELNET:  # `tn.sock`: the Telnet object's socket
                return self.stream(owner.conn, C.SOCKET, site=expr)
        if kind is ast.Name and index is None and act is not None and act.func is not None \
                and expr.id not in act.func.params and len(act.func.bindings.get(expr.id, ())) > 1:
            own = act.func.bindings[expr.id]
            if any(_rebinds(b.value, expr) for b in own):
                # `sock = wrap(sock)`: the name read in its own rebinding holds what was bound before
                return self._memo(act.memo, ("before", id(expr)),
                                  lambda: self._from_bindings(_bound_before(act.func, own, expr), act))
            # (`client = connect()` in one arm of an `if`, `client, _ = accept()` in the other:
            # a use in the second arm is the accepted one only)
            func = act.func
            reaching = self._memo(self.class_memo, ("reaching", id(expr)),
                                  lambda: reaching_bindings(func, expr.id, expr) or [])
            if isinstance(reaching, list) and reaching and len(reaching) < len(own):
                return self._memo(act.memo, ("reached", id(expr)), lambda: self._from_bindings(reaching, act))
        if kind is ast.Name or kind is ast.Attribute:
            key = dotted(expr)
            if key is not None and index == EACH:  # `for conn in self.replicas:`: an element
                listed = self.select_argument(key, act)
                if listed is not None:  # `ready, _, _ = select.select(self.clients, ...)`
                    return self.resolve(listed, act, EACH, depth + 1)
                handed = self._each_passed(expr, act) if kind is ast.Name else None
                if handed is not None:  # `self.read_all(ready)`: the caller's ready sockets
                    return handed
                # (a dict's iteration gives its keys: `self.conns[conn] = addr`)
                return self._container_element(key, act) or self._container_element(key + KEYS, act)
            if key is not None and index is not None and act is not None and act.func is not None \
                    and key in act.func.bindings and all(b.index is None for b in act.func.bindings[key]):
                # `pair = srv.accept()` ... `sock, addr = pair`: the item of what the name holds
                return merge([self.resolve(b.value, act, index, depth + 1) for b in act.func.bindings[key]])
            if type(index) is int and act is not None and act.func is not None and key in act.func.params \
                    and key not in act.func.bindings and key not in act.params:
                return self._param_item(expr, act, index)  # `client, _ = pair`: what the callers pass
            if key is None or index is not None:
                return None
            if act is None:
                if "." not in key and key in self.index.module_bindings:
                    return self.lookup(key, Activation(None))  # type: ignore[arg-type]
                return None
            return self.lookup(key, act)
        if kind is ast.IfExp:
            return merge([self.resolve(expr.body, act, index, depth + 1),
                          self.resolve(expr.orelse, act, index, depth + 1)])
        if kind is ast.BoolOp:
            return merge([self.resolve(value, act, index, depth + 1) for value in expr.values])
        if kind is ast.Subscript:
            owner = dotted(expr.value)
            item = expr.slice.value if type(expr.slice) is ast.Constant else None
            listed = self.selected_list(expr)
            if listed is not None and index == EACH:  # `for sock in select.select(conns, [], [], 1)[0]:`
                return self.resolve(listed, act, EACH, depth + 1)
            if type(item) is int and type(expr.value) is ast.Call and index is None:
                return self.resolve(expr.value, act, item, depth + 1)  # `listener.accept()[0]`
            if type(item) is int and type(expr.value) is ast.Name and index is None and act is not None \
                    and act.func is not None and expr.value.id in act.func.bindings:
                # `pair = self.accept()` ... `Handler(pair[0])`: an item of what the name holds
                bindings = act.func.bindings[expr.value.id]
                if all(b.index is None for b in bindings):
                    return merge([self.resolve(b.value, act, item, depth + 1) for b in bindings])
            if type(item) is int and type(expr.value) is ast.Name and index is None and act is not None \
                    and act.func is not None and expr.value.id in act.func.params:
                return self.resolve(expr.value, act, item, depth + 1)  # `self.sock = pair[0]`, handed accept()'s pair
            if owner is not None and index is None:
                return self._container_element(owner, act)
            return None
        if kind is ast.Call:
            if index == EACH and _iterated(expr) is not expr:  # `for conn in list(self.conns):`
                return self.resolve(_iterated(expr), act, index, depth + 1)
            if type(expr.func) is ast.Attribute and not expr.args and (owner := dotted(expr.func.value)) is not None:
                view, column = expr.func.attr, index_column(index)
                if index == EACH and view == "keys" or view == "items" and column == 0:
                    return self._container_element(owner + KEYS, act)  # `for conn in self.conns.keys():`
                if index == EACH and view == "values" or view == "items" and column == 1:
                    # `for conn in self.links.values():`, `for peer, conn in self.links.items():`
                    return self._container_element(owner, act)
            return self._call(expr, act, index, depth)
        return None

    def _param_given(self, func: FunctionInfo, name: str) -> bool:
        """Does a call here of func (a constructor: of its class) hand it that parameter?"""
        names = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
        position = param_position(func, names, name)
        called = func.cls.name if func.name == "__init__" and func.cls is not None else func.name
        return any(_arg(call, position, name) is not None or any(a.star for a in args_of(call))
                   for call, _ in self._calls_named(called))

    def _kept_factory(self, cls: ClassInfo, attr: str) -> tuple[str, bool] | None:
        """(the catalog socket factory every assignment of `self.<attr>` keeps, whether a
        caller's hook may replace it): the factory itself, or the default of an optional hook
        (`hook or create_connection`, hook a parameter defaulting to None); else None."""
        found, hooked = set(), False
        for binding in self.index.self_bindings(cls, f"self.{attr}"):
            value = binding.value
            if type(value) is ast.BoolOp and type(value.op) is ast.Or and len(value.values) == 2 \
                    and binding.func is not None and type(value.values[0]) is ast.Name \
                    and value.values[0].id in binding.func.params \
                    and is_const(default_of(binding.func.node, value.values[0].id), None):
                value, hooked = value.values[1], True
            found.add(self.imports.qualify(value) if type(value) in (ast.Name, ast.Attribute) else None)
        name = found.pop() if len(found) == 1 else None
        return (name, hooked) if name in C.FACTORIES else None

    def select_argument(self, name: str, act: Activation | None):
        """The list `select.select()` was given for what `name` holds (`ready, _, _ =
        select.select(self.clients, [], [])`, `ready = select.select(...)[0]`: the ready ones are
        some of `self.clients`), or None."""
        bindings = act.func.bindings.get(name, ()) if act is not None and act.func is not None else ()
        # (`ready = []` where select() is not called: nothing to iterate)
        bindings = [b for b in bindings if not (b.index is None and _empty_literal(b.value))] or bindings
        found = {id(arg): arg for b in bindings
                 if (arg := self._select_list(b.value, b.index) if type(b.index) is int
                     else self.selected_list(b.value) if b.index is None else None) is not None}
        return next(iter(found.values())) if len(found) == 1 and len(found) == len(bindings) else None

    def selected_list(self, expr) -> ast.expr | None:
        """The list `select.select(r, w, x, t)[i]` picks from (r for [0]), or None."""
        if type(expr) is not ast.Subscript or type(expr.slice) is not ast.Constant or type(expr.slice.value) is not int:
            return None
        return self._select_list(expr.value, expr.slice.value)

    def _select_list(self, call, at: int) -> ast.expr | None:
        if type(call) is not ast.Call or self.imports.qualify(call.func) != "select.select" or not 0 <= at < 3:
            return None
        arg = _arg(call, at, ("rlist", "wlist", "xlist")[at])
        return arg if arg is not None and dotted(container_of(arg)) is not None else None

    def _selected_from(self, name: str, act: Activation | None) -> str | None:
        """The selector whose select() binds `name` (`for key, mask in sel.select():`), or None."""
        bindings = act.func.bindings.get(name, ()) if act is not None and act.func is not None else ()
        owners = {dotted(b.value.func.value) for b in bindings
                  if type(b.value) is ast.Call and type(b.value.func) is ast.Attribute and b.value.func.attr == "select"
                  and index_column(b.index) == 0}
        return owners.pop() if len(owners) == 1 and len(bindings) == 1 and None not in owners else None

    def _container_element(self, owner: str, act: Activation | None):
        cls = act.func.cls if act is not None and act.func is not None else None
        elements = self.index.containers(cls, owner)
        if not elements:
            return None
        return self._memo(self.class_memo, ("container", id(cls), owner),
                          lambda: merge(_without_listeners([self._element_value(b) for b in elements])))

    def _element_value(self, binding: Binding):
        act = Activation(binding.func) if binding.func else None
        return self._or_passed(binding.value, act, self.resolve(binding.value, act, None))

    def _call(self, call: ast.Call, act: Activation | None, index: int | None, depth: int):
        value = uncast(call)
        if value is not call:  # `cast(socket.socket, sock)`
            return self.resolve(value, act, index, depth + 1)
        qualified = self.imports.qualify(call.func)
        if qualified is None and type(call.func) is ast.Attribute and dotted(call.func.value) == "self" \
                and act is not None and act.self_cls is not None:
            # `self.socket_creator = socket_creator or create_connection`, then
            # `self.socket_creator(address)`: the catalog factory the attribute keeps
            kept = self._memo(self.class_memo, ("kept-factory", id(act.self_cls), call.func.attr),
                              lambda: self._kept_factory(act.self_cls, call.func.attr))
            if kept is not None:
                made = self._factory(call, kept[0], act, index)
                if isinstance(made, Stream) and kept[1]:
                    made.conn.maybe_unix = True  # (a caller's hook may make any socket: never fixed)
                return made
        if qualified is None and type(call.func) is ast.Name and act is not None and act.func is not None \
                and call.func.id in act.func.params and call.func.id not in act.func.bindings \
                and call.func.id not in act.args:
            # `def __init__(self, host, sock_class=socket.socket)`, then `sock_class(AF_INET,
            # SOCK_STREAM)`: the default, when no call here hands another (a caller elsewhere may)
            default = default_of(act.func.node, call.func.id)
            hook = self.imports.qualify(default) if default is not None else None
            if hook is not None and not self._param_given(act.func, call.func.id):
                made = self._factory(call, hook, act, index)
                if isinstance(made, Stream):
                    made.conn.hook_param = call.func.id
                    return made
        if qualified is not None:
            made = self._factory(call, qualified, act, index)
            if made is not None:
                return made
        func = call.func
        if qualified == C.PY2_FILE_OBJECT and args_of(call) and type(args_of(call)[0].value) is not ast.Starred:
            # Python 2's `socket._fileobject(sock, mode, bufsize)` is what its sock.makefile() returned
            base = self.resolve(args_of(call)[0].value, act, None, depth + 1)
            if isinstance(base, Stream) and index is None:
                return self.stream(base.conn, _makefile_role(call, self.imports, self.index.consts, 1), site=call)
            return base if base is SOFT else None
        if (qualified == "socket.SocketIO" or qualified in _BUFFERED_IO) and args_of(call) \
                and type(args_of(call)[0].value) is not ast.Starred and index is None:
            # `io.BufferedReader(socket.SocketIO(sock, "r"))`: what socket.makefile() builds, by hand
            base = self.resolve(args_of(call)[0].value, act, None, depth + 1)
            if isinstance(base, Stream):
                mode = _arg(call, 1, "mode")
                mode = mode.value if is_str(mode) else "r"
                role = _BUFFERED_IO.get(qualified) or (
                    "raw-rw" if "r" in mode and "w" in mode else C.RAW_WRITER if "w" in mode else C.READER)
                return self.stream(base.conn, role, site=call)
            return base if base is SOFT else None
        if self._socket_subclass(self.class_named(func, act)):
            return self._factory(call, "socket.socket", act, index)
        if type(func) is ast.Attribute and func.attr == "connect" and index is None \
                and (self._tornado_tcp_client(func.value, act)  # (or `TCPClient.connect(self, h, p)` in a subclass)
                     or self.imports.qualify(func.value) == C.TORNADO_TCP_CLIENT
                     and call.args and dotted(call.args[0]) == "self"):
            # tornado's TCPClient().connect(host, port): an IOStream on a new TCP connection, Nagle
            # on until set_nodelay(True)
            conn = self.conn(call, C.TCP_CLIENT.with_(role=C.IOSTREAM), "", origin_func=act.func if act else None)
            return self.stream(conn, C.IOSTREAM, site=call)
        if type(func) is ast.Attribute:
            method = func.attr
            if method == "accept":
                listener = self.resolve(func.value, act, None, depth + 1)
                if isinstance(listener, Stream) and listener.role == C.MP_CONNECTION:
                    if index is not None or not listener.conn.is_tcp:
                        return None  # (a multiprocessing Listener's accept() returns the Connection alone)
                    conn = self.conn(call, C.TCP_SERVER.with_(role=C.MP_CONNECTION), dotted(func.value) or "",
                                     listener=listener.conn, origin_func=act.func if act else None)
                    return self.stream(conn, C.MP_CONNECTION, site=call)
                if isinstance(listener, Stream) and listener.conn.is_tcp and index == 0:
                    conn = self.conn(call, C.TCP_SERVER, dotted(func.value) or "", listener=listener.conn,
                                     origin_func=act.func if act else None, maybe_unix=listener.conn.maybe_unix)
                    return self.stream(conn, C.SOCKET, site=call)
                if listener is None and index is None:  # `chan = transport.accept()`: a channel
                    return channel_stream(self, call, act)  # a wrapper object of ours hands back
                return None
            if method == "sock_accept" and len(call.args) == 1:
                # `conn, addr = await loop.sock_accept(listener)`: asyncio's accept() of a
                # non-blocking socket, a plain socket on which asyncio sets no TCP_NODELAY
                listener = self.resolve(call.args[0], act, None, depth + 1)
                if isinstance(listener, Stream) and listener.conn.is_tcp and listener.role == C.SOCKET and index == 0:
                    conn = self.conn(call, C.TCP_SERVER, dotted(call.args[0]) or "", listener=listener.conn,
                                     origin_func=act.func if act else None, maybe_unix=listener.conn.maybe_unix)
                    return self.stream(conn, C.SOCKET, site=call)
                return None
            if method == "makefile":
                base = self.resolve(func.value, act, None, depth + 1)
                if isinstance(base, Stream) and index is None:
                    return self.stream(base.conn, _makefile_role(call, self.imports, self.index.consts), site=call)
                return base if base is SOFT else None
            if method in ("enter_context", "enter_async_context") and index is None and args_of(call):
                # ExitStack.enter_context(f) returns f.__enter__(): a socket or its file itself
                return self.resolve(args_of(call)[0].value, act, None, depth + 1)
            if method == "create_connection" and index == 0 and self._event_loop(func.value, act):
                # `transport, _ = await loop.create_connection(factory, sock=s)`: the transport
                # writes on s, and sets TCP_NODELAY only when s.proto == IPPROTO_TCP
                sock = _arg(call, 99, "sock")
                given = self.resolve(sock, act, None, depth + 1) if sock is not None else None
                if isinstance(given, Stream) and given.conn.is_tcp and given.conn.proto_zero:
                    return self.stream(given.conn, C.ASYNC_WRITER, site=(call, 0))
                return None
            if index is None and act is not None:
                handed = self._handed_back(call, act)
                if handed is not None:
                    return handed
            if method == "unwrap" and index is None:  # SSLSocket.unwrap(): the plain socket again
                return self.resolve(func.value, act, None, depth + 1)
            if method == "get_socket" and index is None and not args_of(call):
                owner = self.resolve(func.value, act, None, depth + 1)
                if isinstance(owner, Stream) and owner.role == C.TELNET:  # `tn.get_socket()`
                    return self.stream(owner.conn, C.SOCKET, site=call)
            if method == "wrap_socket" and index is None:
                target = _arg(call, 0, "sock")
                if target is not None:
                    return self.resolve(target, act, None, depth + 1)
                return None
            if method in CONTAINER_GETS:
                owner = dotted(func.value)
                if owner is not None and index is None:
                    element = self._container_element(owner, act)
                    # (`self.pool.get()` on an object of ours: its get() says, below)
                    if element is not None and not (element is SOFT and act is not None and act.func is not None
                                                    and self.instance_callees(call, act)):
                        return element
        if type(func) is ast.Name and index is None and act is not None and act.func is not None \
                and func.id in act.func.params and is_const(default_of(act.func.node, func.id), None):
            # `sock = ssl_wrapper(sock)` under `if ssl_wrapper:`, a hook defaulting to None that is
            # handed the socket: what it hands back carries the same connection
            given = positional(call)
            handed = self.resolve(given[0], act, None, depth + 1) if len(given) == 1 else None
            if handed is SOFT or isinstance(handed, Stream) and handed.role == C.SOCKET:
                return handed  # (SOFT: the name being resolved, met again through its own rebinding)
        callee = self.callee(call, act)
        if callee is not None and index is None:
            found = self._returned(callee, depth)
            if found is None and act is not None and depth < 8 and self._socket_params(callee):
                # `create_listening_socket(SOCK_STREAM, host, port)` beside a SOCK_DGRAM call of the
                # same helper: the socket it makes for this call's arguments
                found = self._returned_for(callee, call, act, depth)
            if isinstance(found, Stream) and (self._makes_each_call(callee, found.conn)
                                              or self._hands_back_fresh(callee, depth)):
                return self._made_by_call(found, call, _first_made(found.conn, callee))
            if found is None and act is not None and depth < 8:
                # `return try_connect(lambda: socket.create_connection(address), host)` with a
                # helper that returns what the callable it is given returns (`return fn()`)
                made = self._called_back(callee, call)
                found = self.resolve(made.body, act, None, depth + 1) if made is not None else None
                if not isinstance(found, Stream):
                    found = None
            if found is SOFT and depth < 8:
                # `return self._wrap_socket(plain_sock)`: what a helper returns of its parameters
                # is what this call passes it
                handed = self._returned_from_args(callee, call, act, depth)
                if isinstance(handed, Stream):
                    return handed
            return found
        if callee is not None and index == EACH:
            return self._yields(callee, depth)  # `for sock in self.socket():` over a generator of ours
        if callee is not None and index is not None and index >= 0:
            return self._returned_item(callee, index, depth)  # `binding, sock = _make_socket(...)`
        if callee is None and index is None and type(func) is ast.Attribute and act is not None \
                and act.func is not None:
            # `s = self.pool.get()`: what the method of a wrapper object of ours returns
            found = []
            for method, _ in self.instance_callees(call, act):
                returned = self._returned(method, depth)
                if isinstance(returned, Stream) and (self._makes_each_call(method, returned.conn)
                                                     or self._hands_back_fresh(method, depth)):
                    returned = self._made_by_call(returned, call, _first_made(returned.conn, method))
                found.append(returned)
            if found and all(isinstance(f, Stream) for f in found):
                return merge(found)
        if callee is None and index is None and type(func) is ast.Attribute:
            return channel_stream(self, call, act)  # `chan = transport.accept()`
        return None

    def _called_back(self, callee: FunctionInfo, call: ast.Call) -> ast.Lambda | None:
        """The lambda this call hands a helper whose every return hands back what that parameter
        returns when called (`def try_connect(fn, arg): try: return fn() except ...: raise`)."""
        values = [ret.value for ret in return_statements(callee.node)]
        called = {value.func.id for value in values if type(value) is ast.Call and type(value.func) is ast.Name}
        if not values or len(called) != 1 or any(type(v) is not ast.Call for v in values):
            return None
        name = called.pop()
        if name not in callee.params or name in callee.bindings:
            return None
        names = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))]
        if name not in names:
            return None  # (`return cls(...)` in a classmethod: the class, not a callable handed in)
        given = argument(call, param_position(callee, positional_params(callee, names), name), name)
        return given if type(given) is ast.Lambda else None

    def _handed_back(self, call: ast.Call, act: Activation) -> Stream | None:
        """The stream a library base hands this class back once its own protocol is done with
        the connection (`self.detach()` in a tornado RequestHandler), in the state that protocol
        left it. A server's connection is shown at the handler class, as a request handler's is."""
        cls, path = act.self_cls, dotted(call.func)
        if cls is None or path not in _HANDING_BACK:
            return None
        for klass in self.index.class_chain(cls):
            for base in klass.bases:
                found = C.HANDED_BACK.get(self.imports.qualify(base) or "")
                if found is not None and found[0] == path:
                    facts = found[1]
                    origin = cls.node if facts.side == C.SERVER else call
                    conn = self.conn(origin, facts, path, origin_func=act.func, handed_back=f"{path}()")
                    return self.stream(conn, facts.role, site=call)
        return None

    def _returned_item(self, callee: FunctionInfo, index: int, depth: int):
        """Element `index` of what a helper returns, when every return is a tuple written out
        (`return channel_binding, sock`) or a call (`return self.socket.accept()`). A failure's
        return that holds no stream there, `return (False, None)`, or too few items for the
        caller to unpack, `return (False,)`, is passed over. Of a @contextmanager, what it
        yields (`with self._channel() as (sock, cipher):` on `yield sock, cipher`)."""
        def compute():
            values = list(_yielded(callee.node)) if entered_by_with(callee) \
                else [node.value for node in return_statements(callee.node)]
            if values and all(type(v) is ast.Call for v in values) and depth < 8:
                # `return self.socket.accept()`: the item of what the call hands back
                return merge([self.resolve(v, Activation(callee), index, depth + 1) for v in values])
            if not values or any(type(v) not in (ast.Tuple, ast.List) or any(type(e) is ast.Starred for e in v.elts)
                                 for v in values):
                return None
            values = [v for v in values if len(v.elts) > index and not is_const(v.elts[index], None)]
            if not values:
                return None
            inner = Activation(callee)
            found = [self.resolve(v.elts[index], inner, None, depth + 1) for v in values]
            transports = {r.conn.facts.transport for r in found if isinstance(r, Stream)}
            if len(transports) > 1 and _tells_apart(values, index):
                return None  # `return s, True` / `return c, False`: the caller knows which it got
            return merge(found)
        return self._memo(self.class_memo, ("returns", id(callee), index), compute)

    def _hands_back_fresh(self, callee: FunctionInfo, depth: int) -> bool:
        """A factory of factories: does every return of callee hand back what one of its calls
        of a factory made (`s = _tcp_socket(host)` or `s = _unix_socket(path)`, then `return s`)?
        Then each call of callee is a new connection too."""
        returns = returns_but_none(callee)
        if not returns or depth > 4:
            return False
        act = Activation(callee)
        kept = {name for node in ast.walk(callee.node) if type(node) in (ast.Global, ast.Nonlocal) for name in node.names}
        for ret in returns:
            made = [b.value for b in callee.bindings.get(ret.id, ())] if type(ret) is ast.Name else [ret]
            if not made or type(ret) is ast.Name and ret.id in kept:
                return False  # (`global _shared` ... `return _shared`: one connection, kept between calls)
            for value in made:
                inner = self.callee(value, act) if type(value) is ast.Call else None
                if inner is None or inner is callee:
                    return False
                got = self._returned(inner, depth + 1)
                if not (isinstance(got, Stream) and got.conn.origin_func is inner
                        and returns_new(inner, got.conn.origin) or self._hands_back_fresh(inner, depth + 1)):
                    return False  # (a facade's `return _backend_factory(host)` hands back one too)
        return True

    @staticmethod
    def _makes_each_call(callee: FunctionInfo, conn: Conn) -> bool:
        """Does every return of callee hand back a connection it makes there: conn, or one of the
        connections of the same transport it makes on other paths (`return socket(AF_INET6)` /
        `return socket(AF_INET)`)?"""
        made = _made_in(conn, callee)
        if conn not in made or any(c.facts.transport != conn.facts.transport for c in conn.alternatives):
            return False
        return returns_new(callee, *(c.origin for c in made))

    def _tornado_tcp_client(self, expr, act: Activation | None) -> bool:
        """`TCPClient()`, or a local or attribute every assignment of which makes one."""
        if type(expr) is ast.Call:
            return self.imports.qualify(expr.func) == C.TORNADO_TCP_CLIENT
        if type(expr) is ast.Name and act is not None and act.func is not None:
            bindings = act.func.bindings.get(expr.id, ())
        elif type(expr) is ast.Attribute and dotted(expr) == f"self.{expr.attr}" and act is not None \
                and act.self_cls is not None:
            bindings = self.index.self_bindings(act.self_cls, dotted(expr))
        else:
            return False
        return bool(bindings) and all(b.index is None and type(b.value) is ast.Call
                                      and self.imports.qualify(b.value.func) == C.TORNADO_TCP_CLIENT for b in bindings)

    def _made_by_call(self, stream: Stream, call: ast.Call, made: Conn | None = None) -> Stream:
        """A factory's socket as one call of it made it: `a = self._open(x); b = self._open(y)`
        are two connections, whose writes never join into one message. (made: which of the
        factory's creations stands for it, when it has several of one transport: the first.)"""
        made = made or stream.conn
        key = (id(made), id(call))
        conn = self.call_conns.get(key)
        if conn is None:
            made_too = tuple(c for c in (stream.conn, *stream.conn.alternatives) if c is not made
                             and c.origin_func is made.origin_func and c.facts.transport == made.facts.transport)
            conn = self.call_conns[key] = replace(made, base=made, site=call, alternatives=[],
                                                  nodelay_gates=frozenset(), made_too=made_too)
        return self.stream(conn, stream.role, stream.name, site=call)

    def _factory(self, call: ast.Call, qualified: str, act: Activation | None, index: int | None):
        label = ""
        if qualified in self.user_streams:
            facts = C.USER_KINDS.get(self.user_streams[qualified], C.NOT_A_STREAM)
            return None if index is not None else self.stream(self.conn(call, facts, label), C.SOCKET, site=call)
        if qualified == "ssl.wrap_socket" and index is None:
            target = _arg(call, 0, "sock")
            return self.resolve(target, act) if target is not None else None
        if qualified in C.TLS_CONNECTIONS and index is None:
            target = _arg(call, 1, "socket")
            return self.resolve(target, act) if target is not None else None
        if qualified in C.SOCKET_CLASSES:
            found = self._socket_facts(call, act)
            if found is None or index is not None:
                return None
            facts, maybe_unix, at_run_time, maybe_udp = found
            proto = _arg(call, 2, "proto")
            starred = any(a.star for a in args_of(call))
            conn = self.conn(call, facts, label, proto_zero=not starred and (
                             proto is None or constant(proto, self.imports, self.index.consts) == 0),
                             maybe_unix=maybe_unix, family_at_run_time=at_run_time,
                             origin_func=act.func if act else None)
            if maybe_udp:  # (never cleared: a merge with a UDP socket may have set it)
                conn.maybe_udp = conn.udp_type = True
            return self.stream(conn, C.SOCKET, site=call)
        if qualified in C.IOSTREAM_WRAPPERS and index is None:
            target = _arg(call, 0, "socket")
            base = self.resolve(target, act) if target is not None else None
            return self.stream(base.conn, C.IOSTREAM, site=call) if isinstance(base, Stream) else None
        if qualified in C.ASYNC_STREAM_WRITERS and index is None:
            target = _arg(call, 0, "transport")  # StreamWriter(transport, protocol, reader, loop)
            base = self.resolve(target, act) if target is not None else None
            if isinstance(base, Stream) and base.role == C.ASYNC_WRITER:
                return self.stream(base.conn, C.ASYNC_WRITER, site=call)
            return None
        if qualified in C.ASYNC_STREAM_READERS and index is None and act is not None and act.func is not None:
            return self._stream_reader(call, act)
        if qualified in C.TELNET_CLIENTS and index is None:
            conn = self.conn(call, C.TCP_CLIENT, label, origin_func=act.func if act else None, socket_attr="sock")
            return self.stream(conn, C.TELNET, site=call)
        if qualified in C.MP_CLIENTS | C.MP_LISTENERS and index is None:
            if not self._inet_address(call, act):
                return None  # a path (AF_UNIX), a pipe, or an address known only at run time
            facts = C.TCP_CLIENT if qualified in C.MP_CLIENTS else C.TCP_LISTENER
            conn = self.conn(call, facts.with_(role=C.MP_CONNECTION), label, origin_func=act.func if act else None)
            return self.stream(conn, C.MP_CONNECTION, site=call)
        if qualified == "socket.fromfd" and index is None and call.args and _fileno_of(call.args[0]) is not None:
            base = self.resolve(_fileno_of(call.args[0]), act)  # `socket.fromfd(conn.fileno(), ...)`
            return self.stream(base.conn, C.SOCKET_DUP, site=call) if isinstance(base, Stream) else None
        if qualified in C.FACTORIES:
            if index is not None and not (qualified in C.PAIR_FACTORIES and index in (0, 1)):
                return None
            return self.stream(self.conn(call, C.FACTORIES[qualified], label,
                                         origin_func=act.func if act else None), C.SOCKET, site=call)
        if qualified in C.ASYNC_PAIR_FACTORIES:
            if index not in (0, 1):
                return None
            facts = C.ASYNC_PAIR_FACTORIES[qualified]
            conn = None
            sock = _arg(call, 99, "sock")
            if sock is not None:
                given = self.resolve(sock, act)
                if isinstance(given, Stream) and given.conn.is_tcp and given.conn.proto_zero:
                    conn = given.conn  # asyncio sets TCP_NODELAY only when sock.proto == IPPROTO_TCP
            if conn is None:
                conn = self.conn(call, facts, label, origin_func=act.func if act else None)
            return self.stream(conn, C.ASYNC_READER if index == 0 else C.ASYNC_WRITER, site=(call, index))
        return None

    def _event_loop(self, expr, act: Activation | None) -> bool:
        """Is expr asyncio's event loop: `asyncio.get_event_loop()`, or a local only ever
        assigned that (`loop = asyncio.get_running_loop()`)?"""
        if type(expr) is ast.Call:
            return self.imports.qualify(expr.func) in C.EVENT_LOOPS
        if type(expr) is not ast.Name or act is None or act.func is None:
            return False
        bindings = act.func.bindings.get(expr.id, ())
        return bool(bindings) and all(b.index is None and type(b.value) is ast.Call
                                      and self.imports.qualify(b.value.func) in C.EVENT_LOOPS for b in bindings)

    def _stream_reader(self, call: ast.Call, act: Activation):
        """`reader = asyncio.StreamReader()` handed to `StreamWriter(transport, protocol, reader,
        loop)` in the same function: it reads what that transport receives."""
        names = {name for name, bindings in act.func.bindings.items()
                 if any(b.value is call and b.index is None for b in bindings)}
        found = []
        for other in _calls_outside_defs(act.func.node.body):
            handed = _arg(other, 2, "reader") if self.imports.qualify(other.func) in C.ASYNC_STREAM_WRITERS else None
            if type(handed) is ast.Name and handed.id in names:
                found.append(self.resolve(other, act))
        writer = merge(found) if found else None
        return self.stream(writer.conn, C.ASYNC_READER, site=call) if isinstance(writer, Stream) else None

    def _socket_subclass(self, cls: ClassInfo | None) -> bool:
        """A class of ours built on socket.socket that takes its arguments (a vendored SOCKS
        socket: `socksocket(family, type, proto)`): made like the socket it extends."""
        if cls is None:
            return False
        chain = self.index.class_chain(cls)
        if not any(self.imports.qualify(base) in C.SOCKET_CLASSES for klass in chain for base in klass.bases):
            return False
        for klass in chain:
            init = klass.methods.get("__init__")
            if init is not None:
                return init.params[1:3] == ["family", "type"] or _passes_to_base(init, init.params[1:3]) \
                    or _fixes_tcp(init)
        return True

    def _socket_facts(self, call: ast.Call, act: Activation | None):
        """(facts, maybe_unix, family at run time, maybe_udp) for socket.socket(...), or None when
        decided at run time."""
        starred = [a.value for a in args_of(call) if a.star == "*"]
        if starred or any(a.star == "**" for a in args_of(call)):
            # socket.socket(*getaddrinfo(host, port, 0, SOCK_STREAM)[0][:3]) is TCP; other
            # unpacked arguments are unknown (precision first)
            if len(starred) == 1 and self._from_getaddrinfo(starred[0], act):
                return C.TCP_CLIENT, False, False, False
            # `socket.socket(*self.socket_create)` with `(AF_INET, SOCK_STREAM)` given for it
            tuples = self._tuples(starred[0], act) if len(args_of(call)) == 1 and starred else None
            found = {self._socket_facts(ast.Call(func=call.func, args=list(t.elts), keywords=[]), where)
                     for t, where in tuples or ()}
            return found.pop() if len(found) == 1 and None not in found else None
        family = _arg(call, 0, "family")
        kind = _arg(call, 1, "type")
        consts = self.index.consts
        families = {C.FAMILY_NUMBERS["AF_INET"]} if family is None else self._families(family, act)
        if len(families) > 1:  # AF_UNSPEC makes no socket: an attribute's placeholder (`self.family = 0`)
            families = families - {0}
        maybe_dgram = False
        if kind is None:
            type_value = C.TYPE_NUMBERS["SOCK_STREAM"]
        else:
            type_value = constant(kind, self.imports, consts)
            if type_value is None and self._socktype_is_stream(kind, act):
                type_value = C.TYPE_NUMBERS["SOCK_STREAM"]
            elif type_value is None and self._socktypes(kind, act) == {C.TYPE_NUMBERS["SOCK_STREAM"],
                                                                        C.TYPE_NUMBERS["SOCK_DGRAM"]}:
                # `SOCK_STREAM if transport == "tcp" else SOCK_DGRAM`: judged on its TCP path, where
                # a UDP one cannot stall; never fixed (TCP_NODELAY on a UDP socket raises)
                type_value, maybe_dgram = C.TYPE_NUMBERS["SOCK_STREAM"], True
        if not families and family is not None and _other_family(self.imports.qualify(family)):
            return C.OTHER_SOCKET, False, False, False  # socket.AF_NETLINK, PF_RDS, AF_CAN...: never TCP
        inet = {C.FAMILY_NUMBERS["AF_INET"], C.FAMILY_NUMBERS["AF_INET6"]}
        unix = C.FAMILY_NUMBERS["AF_UNIX"]
        stream = type_value is not None and type_value & 0xF == C.TYPE_NUMBERS["SOCK_STREAM"]
        if not families and stream and family is not None and not self.names_unix and self.index.file_of(call) == 0:
            # `socket.socket(family, SOCK_STREAM)` in the checked file, the family unpacked from
            # an address list another class keeps: a stream socket is TCP or AF_UNIX, and the
            # file never names the second (still reported as maybe AF_UNIX: never fixed)
            return C.TCP_CLIENT, True, True, maybe_dgram
        if not families or type_value is None:
            return None  # decided at run time: precision first
        if families == {unix}:
            return C.UNIX_SOCKET, False, False, False
        if not families <= inet | {unix}:
            return C.OTHER_SOCKET, False, False, False
        if stream:
            return C.TCP_CLIENT, unix in families, False, maybe_dgram
        if type_value & 0xF == C.TYPE_NUMBERS["SOCK_DGRAM"]:
            return C.UDP_SOCKET, False, False, False
        return C.OTHER_SOCKET, False, False, False

    def _inet_address(self, call: ast.Call, act: Activation | None) -> bool:
        """Is a multiprocessing Client/Listener's address family AF_INET: `family='AF_INET'`,
        or an address that is a tuple on every path (what address_type() reads as AF_INET)?"""
        family = _arg(call, 1, "family")  # (Client(address, family), Listener(address, family))
        if family is not None:
            return is_str(family) and family.value in ("AF_INET", "AF_INET6")
        address = _arg(call, 0, "address")
        return address is not None and bool(self._tuples(address, act))

    def _tuples(self, expr, act: Activation | None, depth: int = 0) -> list | None:
        """The tuple literals a value can be, as (literal, activation) pairs: written out, or
        given through a name, a parameter or `self.x`. None when one is anything else."""
        if type(expr) is ast.Tuple:  # (not a list, which the code may change before the call)
            return [] if any(type(e) is ast.Starred for e in expr.elts) else [(expr, act)]
        sources = self._sources(expr, act) if depth < 4 and type(expr) in (ast.Name, ast.Attribute) else None
        if not sources:
            return None
        found = []
        for value, where in sources:
            more = self._tuples(value, where, depth + 1)
            if not more:
                return None
            found += more
        return found

    def _families(self, expr, act: Activation | None, depth: int = 0) -> set[int]:
        """The address families an expression can hold: a constant, both arms of
        `AF_INET6 if ":" in host else AF_INET`, or AF_INET/AF_INET6 when it comes from a
        getaddrinfo(..., SOCK_STREAM) result. Empty when unknown."""
        value = constant(expr, self.imports, self.index.consts)
        if value is not None:
            return {value}
        if type(expr) is ast.IfExp and depth < 4:
            body, orelse = self._families(expr.body, act, depth + 1), self._families(expr.orelse, act, depth + 1)
            return body | orelse if body and orelse else set()
        if self._from_getaddrinfo(expr, act, stream=False):
            return {C.FAMILY_NUMBERS["AF_INET"], C.FAMILY_NUMBERS["AF_INET6"]}
        if depth < 3:
            sources = self._sources(expr, act)
            if sources:  # a parameter (what the callers pass), a `for` column over rows, self.family
                found = [self._families(value, where, depth + 1) for value, where in sources]
                if all(found):
                    return set().union(*found)
            default = self._unpassed_default(expr, act)
            if default is not None:
                # `def __init__(self, host, port, socket_family=socket.AF_INET)` that no caller here
                # passes: the default, or whatever a caller elsewhere picks (AF_UNIX too: never fixed)
                found = self._families(default, None, depth + 1)
                if found:
                    return found | {C.FAMILY_NUMBERS["AF_UNIX"]}
        return set()

    def _unpassed_default(self, expr, act: Activation | None):
        """The default of the parameter expr names, when no call in this module passes it."""
        if type(expr) is not ast.Name or act is None or act.func is None or expr.id in act.func.bindings:
            return None
        if type(act.func.node) is ast.Module:
            return None
        default = default_of(act.func.node, expr.id)
        if default is not None:
            return default if self._passed(expr, act) is None else None
        return None

    def _sources(self, expr, act: Activation | None) -> list | None:
        if type(expr) is ast.Subscript:
            return self._item_sources(expr, act)
        return self._name_sources(expr, act) if type(expr) is ast.Name else self._attr_sources(expr, act)

    def _item_sources(self, expr: ast.Subscript, act: Activation | None) -> list | None:
        """`res[0]` where `for res in rows:`: that column of every row, as for a tuple target."""
        column = expr.slice.value if type(expr.slice) is ast.Constant else None
        if type(column) is not int or column < 0 or type(expr.value) is not ast.Name \
                or act is None or act.func is None:
            return None
        bindings = act.func.bindings.get(expr.value.id)
        if not bindings or any(b.index != EACH for b in bindings):
            return None
        out = []
        for binding in bindings:
            found = self._row_column(binding.value, column, act)
            if found is None:
                return None
            out += found
        return out

    def _row_column(self, rows_value, column: int, act: Activation | None) -> list | None:
        """(expression, activation) for one column of the rows a value yields; a getaddrinfo()
        call stands for its own columns (judged by _from_getaddrinfo)."""
        rows = self._rows(rows_value, act, 0)
        if rows is None:
            return None
        out = []
        for row, where in rows:
            if type(row) is ast.Call:
                out.append((row, where))
            elif column < len(row):
                out.append((row[column], where))
            else:
                return None
        return out

    def _attr_sources(self, expr, act: Activation | None) -> list | None:
        """What `self.family` can hold: every value the class (and its bases) assigns to it, as
        (expression, activation) pairs (`self.family = AF_UNIX` in one branch, AF_INET in another)."""
        key = dotted(expr)
        cls = act.self_cls if act is not None else None
        if cls is None or key is None or not key.startswith("self.") or key.count(".") != 1:
            return None
        found = []
        for b in self.index.self_bindings(cls, key):
            # (run for an instance of cls: `self.type = adapter_type` in a base's constructor is
            # what cls's own constructor hands it, `super().__init__(a, p, SOCK_STREAM)`)
            where = Activation(b.func, cls=cls if b.func.cls is not cls else None) if b.func is not None else None
            # `(self.family, kind, proto, _, addr) = info` with info a getaddrinfo row: its own value
            if b.index is None or self._from_getaddrinfo(b.value, where):
                found.append((b.value, where))
        return found or None

    def _socktype_is_stream(self, kind, act: Activation | None, depth: int = 0) -> bool:
        if self._from_getaddrinfo(kind, act):
            return True
        sources = self._sources(kind, act) if depth < 3 else None
        if not sources:
            return False
        for value, where in sources:
            known = constant(value, self.imports, self.index.consts)
            if known is not None:
                if known & 0xF != C.TYPE_NUMBERS["SOCK_STREAM"]:
                    return False
            elif not self._socktype_is_stream(value, where, depth + 1):
                return False
        return True

    def _socktypes(self, expr, act: Activation | None, depth: int = 0) -> set[int]:
        """The socket types an expression can hold: a constant, both arms of `SOCK_STREAM if
        tcp else SOCK_DGRAM`, or what a name or attribute is given. Empty when unknown, and when
        its sources disagree (callers or subclasses that pass different types are judged each
        on its own: _socktype_is_stream)."""
        value = constant(expr, self.imports, self.index.consts)
        if value is not None:
            return {value & 0xF}
        if type(expr) is ast.IfExp and depth < 4:
            body, orelse = self._socktypes(expr.body, act, depth + 1), self._socktypes(expr.orelse, act, depth + 1)
            return body | orelse if body and orelse else set()
        sources = self._sources(expr, act) if depth < 3 and type(expr) in (ast.Name, ast.Attribute) else None
        if not sources:
            return set()
        found = [self._socktypes(value, where, depth + 1) for value, where in sources]
        return found[0] if all(f and f == found[0] for f in found) else set()

    def _name_sources(self, name: ast.Name, act: Activation | None) -> list | None:
        """What a local name can hold, as (expression, activation) pairs: for a parameter, what
        every caller in the module passes; for a `for` column (`for af, st, *_ in rows`), that
        column of every row literal or getaddrinfo result the rows come from. None when unknown."""
        if act is None or act.func is None:
            return None
        func = act.func
        bindings = func.bindings.get(name.id)
        if bindings is None:
            return self._passed(name, act)
        out = []
        for binding in bindings:
            if binding.index is None:  # `family = AF_INET6 if ":" in host else AF_INET`
                out.append((binding.value, act))
                continue
            column = index_column(binding.index)
            found = self._row_column(binding.value, column, act) if column is not None \
                else self._unpacked(binding.value, binding.index, act) if binding.index >= 0 else None
            if found is None:
                return None
            out += found
        return out

    def _unpacked(self, value, index: int, act: Activation | None, depth: int = 0) -> list | None:
        """Element `index` of a tuple target's value, as (expression, activation) pairs: of a
        tuple literal, or of every tuple a helper of ours returns (`family, host, dual =
        resolve_bind_params(host)` with each return `AF_INET6, ...` or `AF_INET, ...`)."""
        if type(value) is ast.Await:
            value = value.value
        if type(value) in (ast.Tuple, ast.List):
            elts = value.elts
            if any(type(e) is ast.Starred for e in elts[:index + 1]) or index >= len(elts):
                return None
            return [(elts[index], act)]
        if type(value) is not ast.Call or depth > 2:
            return None
        callee = self.callee(value, act)
        if callee is None or type(callee.node) is ast.Module or any(True for _ in _yielded(callee.node)):
            return None
        out = []
        for ret in return_statements(callee.node):
            found = self._unpacked(ret.value, index, Activation(callee), depth + 1) if ret.value is not None else None
            if found is None:
                return None
            out += found
        return out or None

    def _rows(self, value, act: Activation | None, depth: int) -> list | None:
        """The rows an iterated value yields: tuple literals (as lists of their elements) or the
        getaddrinfo(...) call itself; through names and this module's helpers."""
        if depth > 4:
            return None
        kind = type(value)
        if kind is ast.Await:
            return self._rows(value.value, act, depth + 1)
        if kind is ast.List or kind is ast.Tuple:
            rows = []
            for item in value.elts:
                if type(item) not in (ast.Tuple, ast.List):
                    return None
                rows.append(([e for e in item.elts if type(e) is not ast.Starred], act))
            return rows
        if kind is ast.Call:
            name = self.imports.qualify(value.func) or dotted(value.func) or ""
            if name.endswith("getaddrinfo"):
                return [(value, act)]
            if name in ("list", "tuple") and len(value.args) == 1 and not value.keywords:
                return self._rows(value.args[0], act, depth + 1)  # `list(self._addresses(host))`
            callee = self.callee(value, act)
            if callee is None:
                return None
            rows = []
            yielded = list(_yielded(callee.node))
            if yielded:  # a generator of rows: `yield family, sockaddr` for each getaddrinfo row
                for item in yielded:
                    found = self._rows(ast.Tuple(elts=[item]), Activation(callee), depth + 1) \
                        if item is not None else None
                    if found is None:
                        return None
                    rows.extend(found)
                return rows
            for ret in return_statements(callee.node):
                found = self._rows(ret.value, Activation(callee), depth + 1) if ret.value is not None else None
                if found is None:
                    return None
                rows.extend(found)
            return rows or None
        if kind is ast.Name and act is not None and act.func is not None:
            bindings = act.func.bindings.get(value.id)
            if not bindings or any(b.index is not None for b in bindings):
                return None
            rows = []
            for b in bindings:
                found = self._rows(b.value, act, depth + 1)
                if found is None:
                    return None
                rows.extend(found)
            return rows
        return None

    def _passed(self, expr, act: Activation | None) -> list | None:
        """For a parameter of the function being resolved: (argument, caller activation) at every
        call of that function in this module; None when it is not a parameter or has no caller."""
        if type(expr) is not ast.Name or act is None or act.func is None:
            return None
        func = act.func
        names = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
        if expr.id not in names or expr.id in func.bindings:
            return None
        if expr.id in act.args:
            return [act.args[expr.id]]
        position = param_position(func, names, expr.id)
        out = []
        # (a constructor's callers name the class: `ServerSocket(host, port, AF_UNIX)`)
        if func.name == "__init__" and func.cls is not None:
            # where the class, or a subclass that keeps this __init__, is built; and the
            # `super().__init__(SOCK_STREAM, host, port)` of a subclass's own constructor (of
            # the one subclass the instance is, when that is known)
            built = act.cls if act.cls is not None and func.cls in self.index.class_chain(act.cls) else func.cls
            classes = [built] + [sub for sub in self.index.subclasses(built) if self.index.runs_for(sub, func)]
            calls = [found for cls in classes for found in self._init_calls(func, cls)]
        else:
            calls = [(call, caller, 0) for call, caller in self._calls_named(func.name)]
        for call, caller, skip in calls:
            value = _arg(call, None if position is None else position + skip, expr.id) \
                or (_unpacked_arg(call, position + skip) if position is not None else None)
            if value is None:
                return None
            if caller is not None and caller.cls is not func.cls and caller.name == "__init__" \
                    and type(value) is ast.Name and value.id in caller.params and value.id != "self" \
                    and not self._passed(value, Activation(caller)):
                continue  # a subclass's parameter handed on, where nobody here builds the subclass
            out.append((value, Activation(caller)))
        for call, caller in self._calls_named("Thread") if func.name != "__init__" else ():
            # `threading.Thread(target=serve_one, args=(conn,))`: the thread calls it so
            target, given = _arg(call, 1, "target"), _arg(call, 3, "args")
            if dotted(target) not in (func.name, f"self.{func.name}"):
                continue
            if type(given) not in (ast.Tuple, ast.List) or len(given.elts) <= position:
                return None
            out.append((given.elts[position], Activation(caller)))
        for method in C.LOOP_CALLBACKS if func.name != "__init__" else ():
            for call, caller in self._calls_named(method):
                # `loop.add_reader(sock, self.readable, sock)`: the loop calls it with those arguments
                args = positional(call)
                if len(args) < 2 or dotted(args[1]) not in (func.name, f"self.{func.name}"):
                    continue
                if len(args) <= 2 + position:
                    return None
                out.append((args[2 + position], Activation(caller)))
        return out or None

    def _from_getaddrinfo(self, expr, act: Activation | None, depth: int = 0, stream: bool = True) -> bool:
        """Does the value come from getaddrinfo(..., SOCK_STREAM) (or proto=IPPROTO_TCP): the
        call itself, an item or slice of it, a name bound from it, a `for` target over it?
        stream=False: from any getaddrinfo(), whose rows are AF_INET or AF_INET6 whatever their
        type (asked of a family)."""
        if depth > 8 or expr is None:
            return False
        kind = type(expr)
        if kind is ast.Await or kind is ast.Subscript:
            return self._from_getaddrinfo(expr.value, act, depth + 1, stream)
        if kind is ast.Call:
            name = self.imports.qualify(expr.func) or dotted(expr.func) or ""
            if type(expr.func) is ast.Attribute and expr.func.attr in ("pop", "popleft") and not expr.keywords:
                # `rows = getaddrinfo(...)`, then `family, kind, proto, _, addr = rows.pop()`: a row
                return self._from_getaddrinfo(expr.func.value, act, depth + 1, stream)
            if not name.endswith("getaddrinfo"):
                # `self._addresses()`, a helper of ours that returns what getaddrinfo gave it
                callee = self.callee(expr, act)
                if callee is None or (act is not None and callee is act.func):
                    return False
                inner = Activation(callee, cls=act.self_cls if act is not None else None)
                # (what it returns by calling itself again is what its other returns are)
                values = [r.value for r in return_statements(callee.node) if r.value is not None
                          and not (type(r.value) in (ast.List, ast.Tuple) and not r.value.elts)
                          and not (type(r.value) is ast.Call and self.callee(r.value, inner) is callee)]
                return bool(values) and all(self._from_getaddrinfo(v, inner, depth + 1, stream) for v in values)
            consts = self.index.consts
            kind, proto = _arg(expr, 3, "type"), _arg(expr, 4, "proto")
            return (not stream or constant(kind, self.imports, consts) == C.TYPE_NUMBERS["SOCK_STREAM"]
                    or constant(proto, self.imports, consts) == C.IPPROTO_TCP)
        if kind is ast.Name and act is not None:
            func = act.func
            while func is not None:
                if expr.id in func.bindings:
                    bindings = [b for b in func.bindings[expr.id] if not _none_placeholder(b.value)] \
                        or func.bindings[expr.id]
                    if any(index_column(b.index) is not None for b in bindings):
                        sources = self._name_sources(expr, act) if depth < 3 else None
                        if sources:
                            return all(self._from_getaddrinfo(v, a, depth + 1, stream) for v, a in sources)
                    # (a column of a row, `family, kind, proto, _, addr = info`: every column of a
                    # stream row is TCP's: family, SOCK_STREAM, IPPROTO_TCP)
                    return all(self._from_getaddrinfo(b.value, act, depth + 1, stream) for b in bindings)
                func = func.parent
            passed = self._passed(expr, act) if depth < 3 else None
            return bool(passed) and all(self._from_getaddrinfo(v, a, depth + 2, stream) for v, a in passed)
        return False

    def callee(self, call: ast.Call, act: Activation | None) -> FunctionInfo | None:
        """The function of this module a call runs: self.method(), a module function, a nested one."""
        func = call.func
        if type(func) is ast.Attribute and type(func.value) is ast.Name and func.value.id == "self":
            if act is not None and act.self_cls is not None:
                return self.index.method(act.self_cls, func.attr) or self._wrapped_method(func.attr, act.self_cls) \
                    or self._called_instance(func, act)
            return None
        if type(func) is ast.Attribute:
            if func.attr in self.index.member_names:  # (else no class of ours has it)
                owner = self.class_named(func.value, act)
                if owner is not None:  # `BoltSocket._connect(addr)`, `cls._handshake(s)`: no instance needed
                    found = self.index.method(owner, func.attr)
                    if found is not None and not class_level(found) and act is not None and act.self_cls is not None \
                            and owner in self.index.class_chain(act.self_cls) and _self_first(call):
                        return found  # `Base.send(self, sock, msg)`: the base's method, on this instance
                    return found if found is not None and class_level(found) else None
                typed = self._annotated_class(func.value, act)
                if typed is not None:  # `def _accept(self, handler: Handler)`: `handler._detach()`
                    found = self.index.method(typed, func.attr)
                    # (an interface's abstract method: its subclasses' (instance_callees))
                    return None if found is not None and is_interface(typed.node) and left_to_subclasses(found.node) else found
            if self.index.qualified and func.attr in self._qualified_tails():  # `sockutil.connect(addr)`
                found = self.index.qualified.get(self.imports.qualify(func) or "")
                return found if isinstance(found, FunctionInfo) else None
        if type(func) is ast.Name:
            if act is not None and func.id in act.wrapped:  # `f(self, *args)` in a decorator's wrapper
                return act.wrapped[func.id]
            scope = act.func if act is not None else None
            while scope is not None:
                if func.id in scope.nested:
                    return scope.nested[func.id]
                scope = scope.parent
            return self.index.module_functions.get(func.id)
        return None

    def _qualified_tails(self) -> frozenset:
        """The last parts of the index's qualified names (`connect` of `pkg.sockutil.connect`)."""
        if self._tails is None:
            self._tails = frozenset(name.rpartition(".")[2] for name in self.index.qualified)
        return self._tails

    def _wrapped_method(self, attr: str, cls: ClassInfo) -> FunctionInfo | None:
        """`self.flush_header = once(self.__flush_header)`, then `self.flush_header()`: a method
        of the instance kept wrapped by a function of ours whose wrapper calls it with the
        arguments it is given (once, retried, timed, logged)."""
        if attr not in self._kept_attributes():  # (asked for each `self.x()` no method has)
            return None

        def compute():
            found = set()
            for binding in self.index.self_bindings(cls, f"self.{attr}"):
                value = binding.value
                if type(value) is not ast.Call or len(value.args) != 1 or value.keywords or type(value.func) is not ast.Name:
                    return None
                method, deco = value.args[0], self.index.module_functions.get(value.func.id)
                if type(method) is not ast.Attribute or dotted(method.value) != "self" or deco is None \
                        or not _calls_what_it_wraps(deco):
                    return None
                found.add(self.index.method(cls, method.attr))
            return found.pop() if len(found) == 1 else None
        return self._memo(self.class_memo, ("wrapped-method", attr, id(cls)), compute)

    def _called_instance(self, func: ast.Attribute, act: Activation) -> FunctionInfo | None:
        """`self.socket_factory(timeout)` where the attribute holds an object of one class of
        ours: its `__call__`. (Once per attribute and class; a cycle, `self.value =
        self.value()`, is no object of ours.)"""
        if self._callable_classes is None:
            self._callable_classes = any("__call__" in c.methods for c in self.index.classes.values())
        if not self._callable_classes:
            return None

        def compute():
            # (asked as the call `self.x.__call__()`, which instance_callees answers)
            dunder = ast.Call(func=ast.Attribute(value=func, attr="__call__", ctx=ast.Load()), args=[], keywords=[])
            methods = self.instance_callees(dunder, act)
            return methods[0][0] if len(methods) == 1 else None
        found = self._memo(self.class_memo, ("called", func.attr, id(act.self_cls)), compute)
        return found if isinstance(found, FunctionInfo) else None

    def kept_callable(self, call: ast.Call, act: Activation | None) -> tuple | None:
        """`self._handler(client)` in a class with no such method, whose constructor keeps a
        callable it is handed (`self._handler = handler`) where every construction here hands the
        same function of ours (`TCPServer(host, port, self._handle_connection)`): (that function,
        the class of the `self` it is bound to, or None for a plain function)."""
        func = call.func
        if type(func) is not ast.Attribute or type(func.value) is not ast.Name or func.value.id != "self" \
                or act is None or act.self_cls is None or func.attr not in self._kept_attributes():
            return None
        cls = act.self_cls

        def compute():
            found = set()
            bindings = self.index.self_bindings(cls, f"self.{func.attr}")
            for binding in bindings:
                init = binding.func
                if binding.index is not None or type(binding.value) is not ast.Name or init is None \
                        or init.name != "__init__" or binding.value.id not in init.params:
                    return None
                passed = self._passed(binding.value, Activation(init, cls=cls))
                if not passed:
                    return None
                for value, caller in passed:
                    target = self._function_named(value, caller)
                    if target is None:
                        return None
                    found.add(target)
            return found.pop() if len(found) == 1 else None
        found = self._memo(self.class_memo, ("kept callable", func.attr, id(cls)), compute)
        return found if type(found) is tuple else None

    def _function_named(self, value, act: Activation) -> tuple | None:
        """(function, class of the self it is bound to) for `self._handle` or `handle` naming a
        function of ours where the caller runs."""
        if type(value) is ast.Attribute and type(value.value) is ast.Name and value.value.id == "self" \
                and act.self_cls is not None:
            method = self.index.method(act.self_cls, value.attr)
            return (method, act.self_cls) if method is not None and not class_level(method) else None
        if type(value) is ast.Name:
            scope = act.func
            while scope is not None:
                if value.id in scope.nested:
                    return scope.nested[value.id], None
                scope = scope.parent
            found = self.index.module_functions.get(value.id)
            return (found, None) if found is not None else None
        return None

    def _annotated_class(self, expr, act: Activation | None) -> ClassInfo | None:
        """The class of ours a parameter is annotated with (`handler: Handler`, or the string
        `"Handler"`), when the function never assigns it."""
        func = act.func if act is not None else None
        if type(expr) is not ast.Name or func is None or expr.id not in func.params or expr.id in func.bindings:
            return None
        args = func.node.args
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
            if arg.arg == expr.id and arg.annotation is not None:
                note = arg.annotation
                name = note.value if type(note) is ast.Constant and isinstance(note.value, str) else dotted(note)
                return self.index.classes.get(name) if name else None
        return None

    def class_named(self, expr, act: Activation | None) -> ClassInfo | None:
        """The class of ours an expression names: `Client`, `pkg.mod.Client` (linked), or `cls`
        inside a classmethod."""
        if type(expr) is ast.Name:
            func = act.func if act is not None else None
            if expr.id == "cls" and func is not None and func.cls is not None and class_level(func):
                return act.self_cls or func.cls
            local = func is not None and any(expr.id in f.bindings or expr.id in f.params
                                             for f in _scopes(func))
            return None if local else self.index.classes.get(expr.id)
        if type(expr) is ast.Attribute and self.index.qualified:
            found = self.index.qualified.get(self.imports.qualify(expr) or "")
            return found if isinstance(found, ClassInfo) else None
        return None

    def instance_callees(self, call: ast.Call, act: Activation | None) -> list[tuple[FunctionInfo, ClassInfo]]:
        """`self.stream.write(b)` where `self.stream = Stream(sock)` and Stream is a class of this
        module: the methods that may run (a wrapper object's write or read; one per class when
        the attribute is given instances of several: `self.broker = Plain()`, later `Zipped()`)."""
        func = call.func
        if type(func) is not ast.Attribute or act is None or act.func is None \
                or func.attr not in self.index.member_names:
            return []
        methods = []
        for cls in self.receiver_classes(func.value, act):
            method = self.index.method(cls, func.attr)
            if method is not None and is_interface(cls.node) and left_to_subclasses(method.node):
                # `scope.write(c)` on an interface (`scope: BaseTransport`): what each subclass
                # here or linked does (the TCP transport's sendall)
                methods += [(found, sub) for sub in self.index.subclasses(cls)
                            if (found := self.index.method(sub, func.attr)) is not None and not left_to_subclasses(found.node)]
            else:
                methods.append((method, cls))
        return [(m, cls) for m, cls in methods if m is not None]

    def receiver_classes(self, receiver, act: Activation) -> list[ClassInfo]:
        """The classes of ours the object a method is called on is an instance of ([] when one
        of them is not a class of ours: what runs is not known)."""
        key = dotted(receiver)
        if type(receiver) is ast.Call:  # `Handler(sock, addr).handle()`: built and used at once
            values = [(receiver, act.func)]
        elif key is None or key == "self" or "." in key.partition("self.")[2]:
            return []
        elif key.startswith("self."):
            cls = act.self_cls
            values = [(b.value, b.func) for b in self.index.self_bindings(cls, key)] if cls is not None else []
        elif isinstance(act.params.get(key), Instance):  # a wire API's connection parameter
            return list(act.params[key].classes)
        else:
            values, scope = [], act.func
            while scope is not None and not values:
                values = [(b.value, scope) for b in scope.bindings.get(key, ()) if b.index is None]
                for b in scope.bindings.get(key, ()):
                    if b.index == EACH:  # `for item in list(self.conns):` an element kept there
                        held = dotted(_iterated(b.value))
                        values += [(e.value, e.func) for e in self.index.containers(act.self_cls, held)] \
                            if held is not None and held.startswith("self.") else [(ast.Constant(value=0), None)]
                scope = scope.parent
            if not values and act.func is not None and key in act.func.params and key not in act.params:
                # a parameter annotated with a class of ours (`inst: Instrument`); one that callers
                # here hand a wrapper is followed from their walks
                annotated = self._annotated_class(receiver, act)
                return [annotated] if annotated is not None else []
        return self._instance_classes(values, 0)

    def forwarded(self, call: ast.Call, act: Activation | None):
        """`self._sock.send(b)` where self._sock is a wrapper object whose class has no send()
        but hands every attribute it lacks to the socket it keeps (`def __getattr__(self, name):
        return getattr(self._sck, name)`): that socket's stream, else None."""
        func = call.func
        if type(func) is not ast.Attribute or act is None or act.func is None \
                or "__getattr__" not in self.index.member_names:
            return None
        found = []
        for cls in self.receiver_classes(func.value, act):
            hook = self.index.method(cls, "__getattr__")
            kept = _forwarded_to(hook) if hook is not None and self.index.method(cls, func.attr) is None else None
            if kept is None:
                return None
            found.append(self.lookup(f"self.{kept}", Activation(hook, cls=cls)))
        stream = merge(found) if found else None
        return stream if isinstance(stream, Stream) else None

    def _instance_values(self, expr, act: Activation) -> list:
        """(value, function) for what a name or `self.x` the caller passes is assigned."""
        key = dotted(expr)
        if key is None or key == "self" or "." in key.partition("self.")[2]:
            return []
        if key.startswith("self."):
            cls = act.self_cls
            return [(b.value, b.func) for b in self.index.self_bindings(cls, key)] if cls is not None else []
        values, scope = [], act.func
        while scope is not None and not values:
            values = [(b.value, scope) for b in scope.bindings.get(key, ()) if b.index is None]
            scope = scope.parent
        return values

    # -- wire APIs: `Message.send(self, connection)` beside `Message.recv(cls, connection)` -----
    def api_params(self, func: FunctionInfo) -> dict:
        """A wire API function's connection parameters (project/api.py), typed from the calls the
        project makes: name -> Instance. A writer nobody calls (a public `send()` kept beside the
        one-buffer path) takes the type its class's reader is given, by use."""
        if self.index.is_foreign(func) or func.parent is not None or _private_name(func.name) \
                or func.name.startswith("__") or not self._wire_api_here():
            return {}
        return self._memo(self.class_memo, ("api-params", id(func)), lambda: self._api_params(func))

    def holder_builders(self) -> None:
        """The linked functions that build a class of this file around a stream they hand it
        (project/api.py: holder_classes) join api_callers: walked as roots, they make the
        connection and decide its TCP_NODELAY (`conn.setsockopt(...)` before `Redirector(conn)`)."""
        from nagle_lint.project.api import holds_given_stream

        for cls in {id(c): c for c in self.index.classes.values()}.values():
            if self.index.is_foreign(cls):
                continue
            builders = [caller for _, caller in self._calls_named(cls.name)
                        if caller is not None and self.index.is_foreign(caller)]
            if builders and holds_given_stream(cls.node):
                for caller in builders:
                    while caller.parent is not None:
                        caller = caller.parent
                    self.api_callers.add(id(caller))

    def _wire_api_here(self) -> bool:
        """Does a function of this file write a parameter twice (`link.send(a)`, `link.send(b)`)?
        (From the calls the module's index holds: no walk of its own.)"""
        if self._wire_apis is None:
            from nagle_lint.project.api import WRITES

            self._wire_apis = False
            for func in self.index.functions:  # (not calls_by_name: most modules never need it)
                if self.index.is_foreign(func) or len(func.params) < 1 + func.is_method:
                    continue
                counts: dict = {}
                for call in _calls_outside_defs(func.node.body):
                    target = call.func.value if type(call.func) is ast.Attribute else None
                    if type(target) is ast.Name and call.func.attr in WRITES and target.id in func.params:
                        counts[target.id] = counts.get(target.id, 0) + 1
                if any(count >= 2 for count in counts.values()):
                    self._wire_apis = True
                    break
        return self._wire_apis

    def _api_params(self, func: FunctionInfo) -> dict:
        from nagle_lint.project.api import connection_params as params_of

        def connection_params(node):  # (asked again for each sibling of a writer)
            return self._memo(self.class_memo, ("connection params", id(node)), lambda: params_of(node))

        group = func.cls.methods.values() if func.cls is not None else self.index.module_functions.values()
        siblings = [f for f in group if f is not func and not self.index.is_foreign(f) and not f.name.startswith("_")]
        out = {}
        for param, role in connection_params(func.node).items():
            readers = [f for f in siblings if connection_params(f.node).get(param) == "reads"]
            if role == "writes" and not readers:
                continue  # no reply read by this API: not a wire API's connection
            if role == "reads" and not any(connection_params(f.node).get(param) == "writes" for f in siblings):
                continue
            classes, call = self._passed_classes(func, param)
            reader = ""
            if not classes and role == "writes":
                for other in readers:
                    classes, call = self._passed_classes(other, param)
                    if classes:
                        reader = other.name
                        break
            if classes:
                out[param] = Instance(tuple(classes), bool(reader), call, reader)
        return out

    def _passed_classes(self, callee: FunctionInfo, param: str) -> tuple[list, ast.Call | None]:
        """The classes of ours whose instances the project's calls of callee pass for param (calls
        whose argument is not known are left out), and the first such call. Each caller that
        passes one is walked as a root, which makes the connection inside."""
        names = [p for p in callee.params if not ((callee.is_method or class_level(callee)) and p in ("self", "cls"))]
        if param not in names:
            return [], None
        position = param_position(callee, names, param)
        classes, first = [], None
        for call, caller in self._calls_named(callee.name):
            if caller is None:
                continue
            act = Activation(caller)
            runs = self.callee(call, act) is callee or any(m is callee for m, _ in self.instance_callees(call, act))
            value = _arg(call, position, param) if runs else None
            if value is None or not _kept(value, caller):
                continue  # (a connection made for one exchange and dropped cannot stall: ACKed at once)
            found = self._instance_classes(self._instance_values(value, act), 0)
            if found:
                classes += [c for c in found if c not in classes]
                first = first or call
                top = caller
                while top.parent is not None:
                    top = top.parent
                self.api_callers.add(id(top))
        return classes, first

    def _instance_classes(self, values: list, depth: int) -> list[ClassInfo]:
        """The classes of ours the values instantiate (`Stream(sock)`, or a factory of ours whose
        every return does: `self.conn = self._get_connection()`), [] when one is anything else.
        `None` placeholders (`self.conn = None` in __init__) are skipped."""
        classes: list[ClassInfo] = []
        values = [(v, f) for v, f in values if not is_const(v, None)]
        if not values or depth > 2:
            return []
        for value, func in values:
            if type(value) is ast.Name and value.id == "self" and func is not None and func.is_method \
                    and func.cls is not None:
                classes.append(func.cls)  # `Command(self)`: the instance that builds it
                continue
            if type(value) is ast.BoolOp and type(value.op) is ast.Or:
                # `self.adj = adj or default_adj`: what it is given, or else the default (a
                # parameter defaulting to None that no call here passes is never what is kept)
                parts = [(v, func) for v in value.values if not (
                    type(v) is ast.Name and func is not None and v.id in func.params and v.id not in func.bindings
                    and is_const(default_of(func.node, v.id), None) and not self._passed(v, Activation(func)))]
                found = self._instance_classes(parts, depth + 1)
                if not found:
                    return []
                classes += found
                continue
            if type(value) is ast.Name and (func is None or value.id not in func.params and not any(
                    value.id in scope.bindings for scope in _scopes(func))):
                # a module's instance (`default_adj = Adjustments()`)
                bound = [(b.value, None) for b in self.index.module_bindings.get(value.id, ()) if b.index is None]
                found = self._instance_classes(bound, depth + 1) if bound else []
                if not found:
                    return []
                classes += found
                continue
            if type(value) is ast.Name and func is not None and value.id not in func.params:
                # a local rebound to the wrapper before it is kept (`sock = Buffered(sock)`;
                # `self._sock = sock`): the assignment that reaches the use
                reaching = _unpooled(reaching_bindings(func, value.id, value))
                found = self._instance_classes([(b.value, func) for b in reaching], depth + 1) if reaching else []
                if not found:
                    return []
                classes += found
                continue
            if type(value) is ast.Name and func is not None:
                # a parameter (`self.factory = factory` in __init__): what the module's calls pass,
                # or, where none does, the class of ours it is annotated with (`scope: Scope`)
                passed = self._passed(value, Activation(func))
                found = self._instance_classes([(v, a.func) for v, a in passed], depth + 1) if passed else []
                annotated = self._annotated_class(value, Activation(func)) if not passed else None
                if annotated is not None:
                    found = [annotated]
                if not found:
                    return []
                classes += found
                continue
            if type(value) is not ast.Call:
                return []
            called = self._hook_class(value.func, func) or built_name(value.func) or ""
            cls = _classmethod_cls(func) if called == "cls" else \
                self.index.classes.get(self._class_attribute_class(called, func) or called.rpartition(".")[2])
            if cls is not None:
                classes.append(cls)
                continue
            callee = self.callee(value, Activation(func) if func is not None else None)
            callees = [callee] if callee is not None else self._object_methods(value, func)
            if not callees:
                return []
            returned = []
            for callee in callees:
                # (`with self._session() as c:` on a @contextmanager of ours binds what it yields)
                given = [v for v in _yielded(callee.node)] if entered_by_with(callee) \
                    else [ret.value for ret in return_statements(callee.node)]
                for value in given:
                    if type(value) is ast.Name and value.id in callee.bindings:
                        returned += [(b.value, callee) for b in _unpooled(callee.bindings[value.id]) if b.index is None]
                    else:
                        returned.append((value if value is not None else ast.Constant(None), callee))
            found = self._instance_classes(returned, depth + 1)
            if not found:
                return []
            classes += found
        return list(dict.fromkeys(classes))

    def _object_methods(self, call: ast.Call, func: FunctionInfo | None) -> list[FunctionInfo]:
        """The methods a call on an object of ours runs (`pool.get_connection()`), for the
        classes of what they return. (A call met again while its own receiver is being typed,
        `conn = self.pool.get_connection()` in a pool whose idle list holds such conns, is not.)"""
        if func is None or id(call) in self._typing:
            return []
        self._typing.add(id(call))
        try:
            return [method for method, _ in self.instance_callees(call, Activation(func))]
        finally:
            self._typing.discard(id(call))

    def _returned_from_args(self, callee: FunctionInfo, call: ast.Call, act: Activation | None, depth: int):
        """What the callee returns with its parameters bound to this call's streams."""
        names = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))]
        args = positional(call)
        if unbound_on_self(call, callee):
            args = args[1:]  # `Base.recv(self, sock)`
        given = dict(zip(positional_params(callee, names), args))
        given.update((a.keyword, a.value) for a in args_of(call) if a.keyword in names)
        params = {}
        for name, value in given.items():
            found = self.resolve(value, act, None, depth + 1)
            if isinstance(found, Stream):
                params[name] = found
        if not params:
            return None
        inner = Activation(callee, params, cls=act.self_cls if act is not None and callee.is_method else None)
        values = [node.value for node in return_statements(callee.node) if node.value is not None]
        return merge([self.resolve(v, inner, None, depth + 1) for v in values]) if values else None

    def _returned(self, callee: FunctionInfo, depth: int):
        if entered_by_with(callee):  # `with self._sock_ctx() as sock:` binds what it yields
            return self._yields(callee, depth)

        def compute():
            # (`return None` where the accept or connect failed: no connection, for the caller's
            # `if sock:` to skip)
            values = [node.value for node in return_statements(callee.node)
                      if node.value is not None and not is_const(node.value, None)]
            results = [self.resolve(v, Activation(callee), None, depth + 1) for v in values]
            found = merge(results) if values else None
            if isinstance(found, Stream) and any(isinstance(r, Stream) and r.conn.facts.transport == C.UNIX
                                                 for r in results):
                # a helper that returns a TCP or an AF_UNIX socket: what its caller binds may be
                # either, so TCP_NODELAY set there could fail (reported, never fixed)
                found.conn.maybe_unix = True
            return found
        return self._memo(self.class_memo, ("returns", id(callee)), compute)

    def _returned_for(self, callee: FunctionInfo, call: ast.Call, act: Activation, depth: int):
        """What a helper returns for one call, when the family or type of the socket it makes
        is a parameter its callers give different values (TCP here, UDP there); else None."""
        def compute():
            names = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))]
            given = {}
            for name in self._socket_params(callee):
                position = param_position(callee, names, name)
                value = _arg(call, position, name)
                if value is None:
                    return None
                given[name] = (value, act)
            values = [node.value for node in return_statements(callee.node)
                      if node.value is not None and not is_const(node.value, None)]
            inner = Activation(callee, args=given)
            found = merge([self.resolve(v, inner, None, depth + 1) for v in values]) if values else None
            return found if isinstance(found, Stream) else None
        return self._memo(self.class_memo, ("returns-for", id(callee), id(call)), compute)

    def _socket_params(self, callee: FunctionInfo) -> set:
        """The parameters a helper hands `socket.socket()` as its family or type."""
        def compute():
            names = set(callee.params) - {"self", "cls"}
            found = set()
            for node in _calls_outside_defs(callee.node.body):
                if self.imports.qualify(node.func) == "socket.socket":
                    found |= {a.id for a in (_arg(node, 0, "family"), _arg(node, 1, "type"))
                              if type(a) is ast.Name and a.id in names and a.id not in callee.bindings}
            return found
        return self._memo(self.class_memo, ("socket-params", id(callee)), compute)

    def _yields(self, callee: FunctionInfo, depth: int):
        """What iterating a generator of ours gives (or a `with` on a @contextmanager): what it
        yields."""
        def compute():
            values = [value for value in _yielded(callee.node) if value is not None]
            return merge([self.resolve(v, Activation(callee), None, depth + 1) for v in values]) if values else None
        return self._memo(self.class_memo, ("yields", id(callee)), compute)

    def telnet_stream(self, cls: ClassInfo) -> Stream | None:
        """A telnetlib.Telnet subclass is the Telnet object itself, connected by the base's
        constructor when the class's own __init__ hands it a host (`Telnet.__init__(self, host,
        port)`, `super().__init__(host)`)."""
        return self._memo(self.class_memo, ("telnet", id(cls)), lambda: self._telnet_stream(cls))

    def _telnet_stream(self, cls: ClassInfo):
        chain = self.index.class_chain(cls)
        if not any(self.imports.qualify(base) in C.TELNET_CLIENTS for klass in chain for base in klass.bases):
            return None
        init = next((k.methods["__init__"] for k in chain if "__init__" in k.methods), None)
        for call in _calls(init.node) if init is not None else ():
            called = call.func
            if type(called) is ast.Attribute and called.attr == "__init__":
                # (`Telnet.__init__(self, *host_port_timeout)`: a starred tuple holds the host)
                args = [a.value for a in args_of(call) if a.keyword is None and a.star != "**"]
                if type(called.value) is not ast.Call and args and dotted(args[0]) == "self":
                    args = args[1:]  # the unbound form names self first
                if args or any(a.keyword == "host" for a in args_of(call)):
                    conn = self.conn(call, C.TCP_CLIENT, "self", origin_func=init, socket_attr="sock")
                    return self.stream(conn, C.TELNET, site=call)
        return None

    def dispatcher_stream(self, cls: ClassInfo) -> Stream | None:
        """The socket of an asyncore / asynchat dispatcher class: made by `self.create_socket()`
        in one of its methods, or the socket its constructor is given (where the module builds
        it: `Handler(sock)`, or `dispatcher.__init__(self, sock)` in its own __init__)."""
        return self._memo(self.class_memo, ("dispatcher", id(cls)), lambda: self._dispatcher_stream(cls))

    def _dispatcher_stream(self, cls: ClassInfo):
        chain = self.index.class_chain(cls)
        if not any(self.imports.qualify(base) in C.DISPATCHER_BASES for klass in chain for base in klass.bases):
            return None
        for klass in chain:
            for method in klass.methods.values():
                for call in _calls(method.node):
                    if type(call.func) is ast.Attribute and call.func.attr == "create_socket" \
                            and dotted(call.func.value) == "self":
                        found = self._socket_facts(call, Activation(method, cls=cls))
                        if found is None:
                            return None
                        facts, maybe_unix, at_run_time, maybe_udp = found
                        conn = self.conn(call, facts, "self", maybe_unix=maybe_unix,
                                         family_at_run_time=at_run_time, origin_func=method)
                        if maybe_udp:  # (never cleared: a merge with a UDP socket may have set it)
                            conn.maybe_udp = conn.udp_type = True
                        return self.stream(conn, C.SOCKET, site=call)
        init = next((k.methods["__init__"] for k in chain if "__init__" in k.methods), None)
        if init is not None:
            # `asyncore.dispatcher.__init__(self, sock, map)` / `super().__init__(sock)`
            for call in _calls(init.node):
                called, args = call.func, [a.value for a in args_of(call) if a.keyword is None and not a.star]
                if self.imports.qualify(called) == "functools.partial" and args:
                    # `partial(asyncore.dispatcher.__init__, self, self._socket, map)`, run later
                    # (by a timer on the loop's thread): the same constructor call
                    called, args = args[0], args[1:]
                if type(called) is ast.Attribute and called.attr == "__init__":
                    if type(called.value) is not ast.Call and args and dotted(args[0]) == "self":
                        args = args[1:]  # the unbound form names self first
                    given = args[0] if args else next((a.value for a in args_of(call) if a.keyword == "sock"), None)
                    if given is not None:
                        found = self.resolve(given, Activation(init, cls=cls))
                        return found if isinstance(found, Stream) else None
            return None
        built = [self.resolve(positional(call)[0], Activation(func, cls=func.cls) if func else None)
                 for call, func in self.calls_by_name().get(cls.name, ()) if positional(call)]
        found = merge(built) if built else None
        return found if isinstance(found, Stream) else None

    def handler_conn(self, cls: ClassInfo) -> Conn | None:
        """The connection of a socketserver / http.server request handler class, or None."""
        key = id(cls)
        if key in self.handler_conns:
            return self.handler_conns[key]
        self.handler_conns[key] = None
        facts, base_name = None, None
        for klass in self.index.class_chain(cls):
            for base in klass.bases:
                name = self.imports.qualify(base)
                if name in C.HANDLER_BASES:
                    facts, base_name = C.HANDLER_BASES[name], name
                    break
            if facts is not None:
                break
        if facts is None or self._built_on_other_requests(cls) or self._init_serves_nothing(cls):
            return None
        if base_name in C.BARE_HANDLER_BASES and not any(
                name in klass.methods for klass in self.index.class_chain(cls) + self.index.subclasses(cls)
                for name in _HANDLER_STEPS):
            return None  # the base's handle() does nothing, nor does a subclass's here: it serves none
        if self._served_by_unix_server(cls):
            facts = C.UNIX_SOCKET.with_(side=C.SERVER, role=facts.role)
        nodelay = constant(self.index.class_attr(cls, "disable_nagle_algorithm"), self.imports, {})
        # only the stock StreamRequestHandler.setup() reads the flag: an own setup() that does not
        # call it leaves Nagle on
        if nodelay and base_name != "socketserver.BaseRequestHandler" and self.stock_setup_runs(cls):
            facts = facts.with_(nagle=C.OFF)
        if self._listener_nodelay(cls):  # Linux: accepted connections inherit the listener's TCP_NODELAY
            facts = facts.with_(nagle=C.OFF)
        version = self.index.class_attr(cls, "protocol_version")
        if version is None:  # set on the class by the server that serves it (werkzeug's threaded mode)
            versions = [v for v in self.index.set_from_outside(cls, "protocol_version") if is_str(v)]
            version = versions[0] if versions else None
        if version is None:  # `self.protocol_version = "HTTP/1.1"` in the handler's __init__ or setup()
            versions = [b.value for klass in self.index.class_chain(cls)
                        for b in klass.self_bindings.get("self.protocol_version", ())
                        if b.func is not None and b.func.name in ("__init__", "setup") and b.index is None]
            if versions and all(is_str(v) for v in versions) and len({v.value for v in versions}) == 1:
                version = versions[0]
        spoken = version.value if is_str(version) else None
        # an http.server handler keeps the connection only on HTTP/1.1; a handler class of its
        # own that declares HTTP/1.0 (http.server's base class itself) closes after one request
        # (a plain handler's own `protocol_version` means what its protocol says: HTTP/1.0 closes
        # after one response, ICAP/1.0 keeps the connection as HTTP/1.1 does)
        keep_alive = ("1.1" in spoken) if facts.role == C.HTTP_HANDLER and spoken is not None else (
            facts.role != C.HTTP_HANDLER and (spoken is None or not spoken.upper().startswith("HTTP/1.0")))
        if keep_alive and facts.role == C.HTTP_HANDLER and _always_closes(cls):
            keep_alive = False  # every header block it sends says `Connection: close`
        conn = Conn(origin=cls.node, facts=facts, label="self.request", keep_alive=keep_alive, handler=cls)
        self.handler_conns[key] = conn
        self.conns[id(cls.node)] = conn
        return conn

    def _listener_nodelay(self, cls: ClassInfo) -> bool:
        """Does the server built around the handler class set TCP_NODELAY on its listening socket
        (`self._service = ThreadingTCPServer(addr, Handler, bind_and_activate=False)`, then
        `self._service.socket.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)`; or a server class of ours
        whose own method sets it on `self.socket`)?"""
        servers, nodelay_on = self._memo(self.class_memo, ("listener-nodelay",), self._server_sockets)
        for kept, call in servers.get(cls.name, ()):
            if kept is not None and f"{kept}.socket" in nodelay_on:
                return True
            own = self.index.classes.get((dotted(call.func) or "").rpartition(".")[2])
            if own is not None and "self.socket" in nodelay_on and any(
                    self._sets_nodelay(found) and dotted(found.func.value) == "self.socket"
                    for klass in self.index.class_chain(own) for m in klass.methods.values() for found in _calls(m.node)):
                return True
        return False

    def _server_sockets(self) -> tuple:
        """The calls handed a class as their second argument (`ThreadingTCPServer(addr,
        Handler)`), by that class's name, each with the name its value is kept as (None when it
        is not); and the receivers of every `setsockopt(IPPROTO_TCP, TCP_NODELAY, <true>)`."""
        kept_as = {}
        for node in ast.walk(self.index.module):
            if type(node) is ast.Assign and len(node.targets) == 1 and type(node.value) is ast.Call:
                kept_as[id(node.value)] = dotted(node.targets[0])
            elif type(node) in (ast.With, ast.AsyncWith):
                kept_as.update((id(item.context_expr), dotted(item.optional_vars)) for item in node.items
                               if type(item.context_expr) is ast.Call and item.optional_vars is not None)
        servers: dict = {}
        nodelay_on = set()
        for call in _calls(self.index.module):
            if self._sets_nodelay(call):
                nodelay_on.add(dotted(call.func.value))
                continue
            args = positional(call)
            handler = args[1] if len(args) >= 2 else _arg(call, None, "RequestHandlerClass")
            picks = [handler.body, handler.orelse] if type(handler) is ast.IfExp else [handler] if handler else []
            for name in {(dotted(pick) or "").rpartition(".")[2] for pick in picks} - {""}:
                servers.setdefault(name, []).append((kept_as.get(id(call)), call))
        return servers, nodelay_on

    def _sets_nodelay(self, call: ast.Call) -> bool:
        """`x.setsockopt(IPPROTO_TCP, TCP_NODELAY, <true>)` (a level not known here counts too)."""
        consts = self.index.consts
        return type(call.func) is ast.Attribute and call.func.attr == "setsockopt" and len(call.args) >= 3 \
            and constant(call.args[0], self.imports, consts) in (C.IPPROTO_TCP, None) \
            and constant(call.args[1], self.imports, consts) == C.OPTION_NUMBERS["TCP_NODELAY"] \
            and constant(call.args[2], self.imports, consts) not in (0, None)

    def _init_serves_nothing(self, cls: ClassInfo) -> bool:
        """Does the handler's own constructor leave the base's out (no `super().__init__(...)`,
        `Base.__init__(self, ...)` or `self.handle()`)? The base constructor is what serves the
        request; a handler without it is built by tests around a buffer (`Handler()`), never
        handed a connection."""
        init = self.index.method(cls, "__init__")
        if init is None:
            return False
        for call in (n for n in branches(init.node) if type(n) is ast.Call):
            func = call.func
            if type(func) is ast.Attribute and func.attr in ("__init__", "handle", "setup"):
                return False
        return True

    def _built_on_other_requests(self, cls: ClassInfo) -> bool:
        """Does the module build the handler (or a subclass) itself around a request that is not
        a TCP socket (`Handler(serial_port, addr, self)`)? Then what it reads and writes is that."""
        for klass in [cls, *self.index.subclasses(cls)]:
            for call, caller in self._calls_named(klass.name):
                if dotted(call.func) not in (klass.name, f"self.{klass.name}") or not args_of(call):
                    continue
                given = self.resolve(args_of(call)[0].value, Activation(caller) if caller is not None else None)
                if not (isinstance(given, Stream) and given.conn.is_tcp):
                    return True
        return False

    def stock_setup_runs(self, cls: ClassInfo) -> bool:
        own = self.index.method(cls, "setup")
        if own is None:
            return True
        return any(type(c.func) is ast.Attribute and c.func.attr == "setup"
                   for c in _calls_outside_defs(own.node.body))

    def _wbufsize(self, cls: ClassInfo) -> int | None:
        return constant(self.index.class_attr(cls, "wbufsize"), self.imports, self.index.consts) or 0

    def _served_by_unix_server(self, cls: ClassInfo) -> bool:
        servers = self._unix_servers_of
        return cls.name in servers

    @property
    def _unix_servers_of(self) -> set[str]:
        if not hasattr(self, "_unix_handlers"):
            found = set()
            local = self._local_unix_servers() if self._imports_from("socketserver") else {}

            def handed(arg) -> None:
                # (`VerboseHandler if verbose else Handler`: either)
                picks = [arg.value.body, arg.value.orelse] if type(arg.value) is ast.IfExp else [arg.value]
                found.update(handler for pick in picks if (handler := dotted(pick)))

            for call in (_calls(self.index.module) if self._imports_from("socketserver") else ()):
                name = self.imports.qualify(call.func)
                if name in C.UNIX_SERVERS or (name is None and dotted(call.func) in local):
                    for arg in args_of(call)[1:2]:
                        handed(arg)
            # a server class's own constructor handing its handler on: `super().__init__(path,
            # Handler)`, `Base.__init__(self, path, Handler)`
            for cls in local.values():
                init = cls.methods.get("__init__")
                for call in (_calls(init.node) if init is not None else ()):
                    func = call.func
                    if type(func) is not ast.Attribute or func.attr != "__init__":
                        continue
                    if type(func.value) is ast.Call and type(func.value.func) is ast.Name \
                            and func.value.func.id == "super":
                        first = 1
                    elif any(dotted(func.value) == dotted(base) for base in cls.bases):
                        first = 2
                    else:
                        continue
                    for arg in args_of(call)[first:first + 1]:
                        handed(arg)
            self._unix_handlers = found
        return self._unix_handlers

    def _local_unix_servers(self) -> dict[str, ClassInfo]:
        return {cls.name: cls for cls in self.index.classes.values()
                if any(self.imports.qualify(b) in C.UNIX_SERVERS for b in cls.bases)}

    def _imports_from(self, module: str) -> bool:
        return any(full == module or full.startswith(module + ".") for full in self.imports.names.values())

    def _find_server_callbacks(self) -> None:
        """`class S(StreamServer): def handle(self, sock, address)` and
        `StreamServer(listener, handle)`: the handler's first parameter is an accepted TCP
        connection, a new one on each call."""
        servers = {name for name in C.SERVER_CALLBACKS if self._imports_from(name.rpartition(".")[0])}
        if not servers:
            return
        for cls in {id(c): c for c in self.index.classes.values()}.values():
            bases = {self.imports.qualify(b) for klass in self.index.class_chain(cls) for b in klass.bases}
            for name in bases & servers:
                method = cls.methods.get(C.SERVER_CALLBACKS[name][0]) if C.SERVER_CALLBACKS[name][0] else None
                if method is not None:
                    self._accepted_by(method, skip=1, role=C.IOSTREAM if name.startswith("tornado.") else C.SOCKET)
        for call in _calls(self.index.module):
            name = self.imports.qualify(call.func)
            if name not in servers or not C.SERVER_CALLBACKS[name][1]:
                continue
            _, param, position = C.SERVER_CALLBACKS[name]
            target = _arg(call, position, param)
            for func in self.index.functions:
                if target is not None and dotted(target) in (func.name, f"self.{func.name}"):
                    self._accepted_by(func, skip=1 if func.is_method else 0)

    def _accepted_by(self, func: FunctionInfo, skip: int, role: str = C.SOCKET) -> None:
        params = func.params[skip:]
        if params and id(func) not in self.callback_params:
            # (a file that names a Unix socket may serve one too: reported, never fixed)
            conn = self.conn(func.node, C.TCP_SERVER.with_(role=role), params[0], origin_func=func,
                             maybe_unix=role != C.SOCKET and self.names_unix)
            self.callback_params[id(func)] = {params[0]: self.stream(conn, role, params[0])}

    def _find_async_callbacks(self) -> None:
        """asyncio.start_server(cb, ...): cb's (reader, writer) are accepted asyncio streams.
        With `sock=` a listener made by `socket.socket()` (proto 0), asyncio leaves Nagle on
        (it sets TCP_NODELAY only when sock.proto == IPPROTO_TCP; accept() copies the proto):
        judged once every callback is known, since the listener is resolved like any name."""
        if not self._imports_from("asyncio"):
            return
        calls = {id(call): (call, caller) for found in self.calls_by_name().values() for call, caller in found}
        for call, caller in calls.values():
            names = self._server_factories(call, caller)
            if not names or not args_of(call) or args_of(call)[0].keyword is not None:
                continue
            for func in self._callback_funcs(args_of(call)[0].value, caller):
                params = [p for p in func.params if p != "self"]
                if len(params) < 2:
                    continue
                if _arg(call, 99, "sock") is not None and any(C.ASYNC_SERVER_FACTORIES[n].transport == C.TCP for n in names):
                    self._sock_servers.append((call, caller, func, params))
                elif len({C.ASYNC_SERVER_FACTORIES[n] for n in names}) == 1:
                    self._hand_streams(func, params, self.conn(func.node, C.ASYNC_SERVER_FACTORIES[names[0]], params[1]))

    def _hand_streams(self, func: FunctionInfo, params: list, conn: Conn) -> None:
        self.callback_params[id(func)] = {
            params[0]: self.stream(conn, C.ASYNC_READER, params[0]),
            params[1]: self.stream(conn, C.ASYNC_WRITER, params[1]),
        }

    def _find_sock_servers(self) -> None:
        """`start_server(cb, sock=listener)`: cb's streams are accepted from that listener."""
        for call, caller, func, params in self._sock_servers:
            sock = _arg(call, 99, "sock")
            given = self.resolve(sock, Activation(caller) if caller is not None else None)
            passed = self._passed(sock, Activation(caller)) if not isinstance(given, Stream) and caller else None
            if passed:  # `async def serve(self, sock): await start_server(cb, sock=sock)`: what its callers pass
                given = merge([self.resolve(value, where) for value, where in passed])
            if isinstance(given, Stream) and given.conn.is_tcp and given.conn.proto_zero:
                conn = self.conn(call, C.TCP_SERVER.with_(role=C.ASYNC_WRITER), params[1], listener=given.conn,
                                 maybe_unix=given.conn.maybe_unix, origin_func=caller)
            else:
                conn = self.conn(func.node, C.ASYNC_SERVER_FACTORIES["asyncio.start_server"], params[1])
            self._hand_streams(func, params, conn)
        self.class_memo.clear()  # (names resolved before the callbacks' streams were known)

    def _find_protocol_servers(self) -> None:
        """`loop.create_server(Proto, sock=listener)` on a listener made by `socket.socket()`
        (proto 0): asyncio leaves Nagle on, as for start_server(sock=). Each connection is a
        protocol instance's `transport`, handed to connection_made(); the loop reads the next
        request and hands it to data_received()."""
        if not self._imports_from("asyncio"):
            return
        for call, caller in self._calls_named("create_server"):
            act = Activation(caller) if caller is not None else None
            sock, args = _arg(call, 99, "sock"), args_of(call)
            # (any receiver: a loop handed in as `loop`; the protocol's connection_made() and
            # data_received() say asyncio)
            if sock is None or not args or args[0].keyword is not None or type(call.func) is not ast.Attribute:
                continue
            given = self.resolve(sock, act)
            passed = self._passed(sock, act) if not isinstance(given, Stream) and caller is not None else None
            if passed:  # `async def serve(sockets): ... create_server(P, sock=sock)`: what its callers pass
                given = merge([self.resolve(value, where) for value, where in passed])
            if not (isinstance(given, Stream) and given.conn.is_tcp and given.conn.proto_zero):
                continue
            for cls in self._protocol_classes(args[0].value, caller):
                made = self.index.method(cls, "connection_made")
                params = [p for p in made.params if p != "self"] if made is not None else []
                if not params or not self._answers_requests(cls):
                    continue
                conn = self.conn(call, C.TCP_SERVER.with_(role=C.ASYNC_WRITER), "self.transport",
                                 listener=given.conn, maybe_unix=given.conn.maybe_unix, origin_func=caller)
                self.callback_params[id(made)] = {params[0]: self.stream(conn, C.ASYNC_WRITER, params[0])}
                self.protocol_servers.append((conn, cls))
        self.class_memo.clear()  # (names resolved before the transports were known)

    def _find_selector_callbacks(self) -> None:
        """`sel.register(sock, selectors.EVENT_READ, handler)` (or `sel.modify(...)`), the loop of
        the selectors documentation: it calls `key.data(key.fileobj, mask)` each time the socket
        is ready, so the handler's first parameter is that socket, the same connection on every
        call. Found from the listener's registration outwards: its handler accepts a connection
        and registers it with the next one (or with itself: then the handler is typed by what it
        accepted). A data value that is none of our functions (a state object, None) names no
        handler; a handler registered for two connections that are not a listener and what it
        accepted is left untyped."""
        if not self._imports_from("selectors"):
            return
        registered: dict[int, tuple] = {}  # id(handler) -> (handler, {connections registered with it})
        for _ in range(4):  # (each round reaches one registration further: the listener's, the accepted's)
            grew = False
            # (`sel.modify(conn, EVENT_WRITE, data=self._on_write)` hands the same connection on)
            for call, caller in self._calls_named("register") + self._calls_named("modify"):
                args, data = args_of(call), _arg(call, 2, "data")
                if data is None or len(args) < 2 or args[0].keyword is not None \
                        or not any((dotted(node) or "").rpartition(".")[2].startswith("EVENT_")
                                   for node in ast.walk(args[1].value)):
                    continue
                given = self.resolve(args[0].value, Activation(caller) if caller is not None else None)
                if not isinstance(given, Stream):
                    continue  # (perhaps known next round, once its own handler's parameter is)
                for func in self._handlers(data, caller):
                    conns = registered.setdefault(id(func), (func, {}))[1]
                    if given.conn not in conns:
                        conns[given.conn] = given
                        grew = True
            if not grew:
                break
            for func, conns in registered.values():
                if id(func) in self.callback_params and id(func) not in self.event_callbacks:
                    continue  # (a server's callback, typed by what that server hands it)
                params = func.params[1:] if func.is_method else func.params
                # (the listener's own event only accepts: what the handler accepted is its connection)
                served = [s for conn, s in conns.items() if not any(other.listener is conn for other in conns)]
                if params and len(served) == 1:
                    self.callback_params[id(func)] = {params[0]: self.stream(served[0].conn, served[0].role, params[0])}
                    self.event_callbacks.add(id(func))
                elif id(func) in self.event_callbacks:
                    self.event_callbacks.discard(id(func))
                    del self.callback_params[id(func)]
            self.class_memo.clear()  # (names resolved before the handlers' sockets were known)

    def _handlers(self, data, caller: FunctionInfo | None) -> list[FunctionInfo]:
        """The functions a selector key's data names: `self.on_read` is the method of the
        registering class (or a base's), `read` a function of ours that is no method."""
        target = dotted(data)
        if target is None:
            return []
        if target.startswith("self.") and target.count(".") == 1:
            found = self.index.method(caller.cls, target[5:]) if caller is not None and caller.cls is not None else None
            return [found] if found is not None else []
        return [func for func in self.index.functions if func.name == target and func.cls is None]

    def _answers_requests(self, protocol: ClassInfo) -> bool:
        """Does an asyncio protocol class write `self.transport`, and keep the connection after
        a data_received() (one that closes it in its own statements serves one request)?"""
        received = self.index.method(protocol, "data_received")
        if received is None or any(type(stmt) is ast.Expr and type(stmt.value) is ast.Call
                                   and dotted(stmt.value.func) in ("self.transport.close", "self.transport.abort")
                                   for stmt in received.node.body):
            return False
        methods = [method for klass in self.index.class_chain(protocol) for method in klass.methods.values()]
        for method in methods:
            for call in _calls_outside_defs(method.node.body):
                if type(call.func) is ast.Attribute and call.func.attr in ("write", "writelines") \
                        and dotted(call.func.value) == "self.transport":
                    return True
                # `self.conn.read(data, self.transport)`: a function of ours that writes what it is handed
                handed = [i for i, arg in enumerate(call.args) if dotted(arg) == "self.transport"]
                if handed and self._writes_handed(call, handed, Activation(method, cls=protocol)):
                    return True
        return False

    def _writes_handed(self, call: ast.Call, positions: list, act: Activation) -> bool:
        """Does a function of ours the call runs write (`x.write(b)`) a parameter at one of the
        positions?"""
        for target in [self.callee(call, act), *(m for m, _ in self.instance_callees(call, act))]:
            if target is None:
                continue
            names = [p for p in target.params if not (target.is_method and p in ("self", "cls"))]
            written = {dotted(c.func.value) for c in _calls_outside_defs(target.node.body)
                       if type(c.func) is ast.Attribute and c.func.attr in ("write", "writelines")}
            if any(position < len(names) and names[position] in written for position in positions):
                return True
        return False

    def _protocol_classes(self, factory, caller: FunctionInfo | None) -> list[ClassInfo]:
        """The classes of ours a protocol factory builds: the class itself (`Proto`), `lambda:
        Proto(app)`, `functools.partial(Proto, app)`."""
        if type(factory) is ast.Lambda:
            return self._instance_classes([(factory.body, caller)], 0)
        if type(factory) is ast.Name and caller is not None and factory.id not in self.index.classes:
            # `factory = Proto` before the call, or `def serve(sock, protocol=Proto)`
            bindings = caller.bindings.get(factory.id, ())
            values = [b.value for b in bindings if b.index is None] if bindings else (
                [default_of(caller.node, factory.id)] if factory.id in caller.params else [])
            if values and len(values) == len(bindings or values) and None not in values:
                found = [cls for value in values for cls in self._protocol_classes(value, None)]
                return list({id(c): c for c in found}.values())
            return []
        if type(factory) is ast.Call and (dotted(factory.func) or "").rpartition(".")[2] == "partial" \
                and factory.args:
            factory = factory.args[0]
        named = dotted(factory)
        found = self.index.classes.get(named.rpartition(".")[2]) if named is not None else None
        return [found] if found is not None else []

    def _server_factories(self, call: ast.Call, caller: FunctionInfo | None) -> list[str]:
        """The asyncio server factories a call runs: `asyncio.start_server(...)`, or
        `self.factory(...)` where the class assigns the attribute only such functions."""
        name = self.imports.qualify(call.func)
        if name in C.ASYNC_SERVER_FACTORIES:
            return [name]
        key = dotted(call.func)
        if caller is None or caller.cls is None or key is None or not key.startswith("self.") or key.count(".") != 1:
            return []
        values = [b.value for b in self.index.self_bindings(caller.cls, key)]
        while any(type(v) is ast.IfExp for v in values):  # `start_unix_server if path else start_server`
            values = [part for v in values for part in ((v.body, v.orelse) if type(v) is ast.IfExp else (v,))]
        names = [self.imports.qualify(v) for v in values]
        return names if names and all(n in C.ASYNC_SERVER_FACTORIES for n in names) else []

    def _callback_funcs(self, expr, caller: FunctionInfo | None) -> list[FunctionInfo]:
        """The functions a server callback argument names: `handle`, `self.handle`, or the
        closure a method of ours returns (`self._make_callback(cb)` returning `async def cb`)."""
        if type(expr) is ast.Call:
            maker = self.callee(expr, Activation(caller) if caller is not None else None)
            if maker is None:
                return []
            returned = [r.value for r in return_statements(maker.node)]
            if not returned or any(type(v) is not ast.Name or v.id not in maker.nested for v in returned):
                return []
            return [maker.nested[v.id] for v in returned]
        target = dotted(expr)
        return [func for func in self.index.functions
                if target is not None and (func.name == target or target.endswith("." + func.name))]


def _kept(value, func: FunctionInfo) -> bool:
    """Is the argument a connection the caller keeps for more exchanges: an attribute
    (`self._conn`), or a local the function also stores in one (`self._conn = conn`)?"""
    key = dotted(value)
    if key is None:
        return False
    if "." in key:
        return key.startswith("self.")
    return any(type(node) is ast.Assign and type(node.value) is ast.Name and node.value.id == key
               and any(type(t) is ast.Attribute for t in node.targets) for node in ast.walk(func.node))


def _private_name(name: str) -> bool:
    """`_accept`, not `__init__`: called only from the module's own code."""
    return name.startswith("_") and not name.endswith("__")


def _tells_apart(values: list, index: int) -> bool:
    """Do the returned tuples carry, beside element `index`, a literal that differs between
    them (a flag saying which kind of socket came back)?"""
    for position in range(min(len(v.elts) for v in values)):
        if position == index:
            continue
        items = [v.elts[position] for v in values]
        if all(type(e) is ast.Constant for e in items) and len({repr(e.value) for e in items}) > 1:
            return True
    return False


def built_name(func) -> str | None:
    """The dotted name a call calls: `Packetizer` for `Packetizer(sock)`, and for
    `(packetizer_class or Packetizer)(sock)`, a hook that falls back to the class when not given."""
    if type(func) is ast.BoolOp and type(func.op) is ast.Or:
        return dotted(func.values[-1])
    return dotted(func)


def class_level(func: FunctionInfo) -> bool:
    """A @staticmethod or @classmethod: callable on the class itself."""
    return any(type(d) is ast.Name and d.id in ("staticmethod", "classmethod")
               for d in getattr(func.node, "decorator_list", ()))


def _classmethod_cls(func: FunctionInfo | None) -> ClassInfo | None:
    """The class `cls` names in a classmethod, or in a closure inside one (`cls(...)` builds it,
    or a subclass the method is called on)."""
    for scope in _scopes(func):
        if "cls" in scope.bindings:
            return None
        if "cls" in scope.params:
            return scope.cls if scope.is_method and class_level(scope) else None
    return None


def _scopes(func: FunctionInfo):
    while func is not None:
        yield func
        func = func.parent


def _address_literal(value) -> bool:
    """A tuple, string or number written out: a name that holds it on one path (`sock =
    (host, 22)`) holds no stream there, so it says nothing of what the name's stream is."""
    kind = type(value)
    if kind is ast.Tuple:
        return all(type(e) is not ast.Starred for e in value.elts)
    return kind is ast.JoinedStr or kind is ast.Constant and type(value.value) in (str, bytes, int, float)


def _empty_literal(value) -> bool:
    """`[]`, `()`, `{}`, `set()`, `list()`, `dict()`: an empty container."""
    if type(value) in (ast.List, ast.Tuple, ast.Set):
        return not value.elts
    if type(value) is ast.Dict:
        return not value.keys
    return type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in ("list", "dict", "set", "tuple") \
        and not value.args and not value.keywords


def _placeholder(value) -> bool:
    """`None` or `False` where no object is held yet (`self._con = False` until a client connects)."""
    return type(value) is ast.Constant and (value.value is None or value.value is False)


def _none_placeholder(value) -> bool:
    """`info = (None, None, None, None, None)` (or `[None] * 5`) before a loop that finds the real
    row, or `addrinfo = None` before the branches that look it up (indexing it would raise)."""
    if type(value) is ast.BinOp and type(value.op) is ast.Mult and type(value.right) is ast.Constant:
        value = value.left  # `[None] * 5`
    return is_const(value, None) or (type(value) in (ast.Tuple, ast.List) and bool(value.elts)
                                     and all(is_const(e, None) for e in value.elts))


def _without_listeners(values: list) -> list:
    """A select server's registry holds its listener beside what it accepted (`conns[lsock] =
    ...`, `conns[client] = addr`): the listener is tested apart (`if sock == lsock:`), the
    elements served are the accepted ones."""
    listeners = {id(v.conn.listener) for v in values if isinstance(v, Stream) and v.conn.listener is not None}
    return [v for v in values if not (isinstance(v, Stream) and id(v.conn) in listeners)] if listeners else values


def _scopes(func: FunctionInfo):
    """The function and the functions it is nested in, innermost first."""
    while func is not None:
        yield func
        func = func.parent


def _calls_what_it_wraps(deco: FunctionInfo) -> bool:
    """`def once(func): def wrapper(*args, **kwargs): ... return func(*args, **kwargs); return
    wrapper`: a function that returns a function of its own which calls its first parameter with
    the arguments it was given."""
    if not deco.params or deco.is_method:
        return False
    wrapped = deco.params[0]
    returned = {dotted(r.value) for r in return_statements(deco.node) if r.value is not None}
    inner = [deco.nested[name] for name in returned if name in deco.nested]
    return len(inner) == 1 and len(returned) == 1 and any(
        type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == wrapped
        and [type(a) for a in node.args] == [ast.Starred] * len(node.args) and len(node.args) <= 1
        for node in ast.walk(inner[0].node))


def container_of(value):
    """The container a loop or select() list is a view or copy of: `self.conns` for
    `self.conns.keys()`, `list(self.links.values())` and `self.links.items()`; anything else as
    it is."""
    value = _iterated(value)
    if type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr in ("keys", "values", "items") \
            and not value.args:
        return value.func.value
    return value


def _iterated(value):
    """What a `for` loop walks the elements of: `self.conns`, also as `list(self.conns)` (a copy)."""
    if type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in ("list", "tuple", "sorted") \
            and len(value.args) == 1 and not value.keywords:
        return value.args[0]
    return value


def _drop_placeholders(bindings: list[Binding], key: str, imports: ImportMap) -> list[Binding]:
    """`self.sock = socket.socket()` in __init__ as a closed-state placeholder, replaced by the
    socket that connect() makes: the connection is the one that gets connected."""
    binders = {id(b.func) for b in bindings}

    def placeholder(binding: Binding) -> bool:
        value = binding.value
        return (type(value) is ast.Call and imports.qualify(value.func) in C.SOCKET_CLASSES
                and binding.func is not None and not _connects(binding.func, key)
                and not connected_as_made(binding.func.cls))

    # (`def connect(self): self.sock.connect(addr)`, public and binding nothing: it connects
    # whatever the attribute holds, the socket __init__ made too)
    def connected_as_made(cls) -> bool:
        return cls is not None and any((id(m) not in binders or _binds_only_when_cleared(m, key))
                                       and not m.name.startswith("_") and _connects(m, key, 2)
                                       for m in cls.methods.values())
    def rewrapped(binding: Binding) -> bool:  # `self.sock = wrap_socket(self.sock)`: the same socket
        return any(dotted(node) == key for node in ast.walk(binding.value) if type(node) is ast.Attribute)
    def replaced_elsewhere(binding: Binding) -> bool:  # (not the other arm of `if sock: self.sock = sock`)
        return any(other.func is not binding.func and not is_const(other.value, None) and not rewrapped(other)
                   for other in bindings)
    kept = [b for b in bindings if not (placeholder(b) and replaced_elsewhere(b))]
    # (only `self.handle = None` left: no socket replaces it; a listener made in listen() and
    # never connected is the attribute's socket, not a placeholder, nor is one only wrapped later)
    replaced = any(not is_const(b.value, None) and not rewrapped(b) for b in kept)
    return kept if replaced and len(kept) < len(bindings) else bindings


def _binds_only_when_cleared(func: FunctionInfo, key: str) -> bool:
    """Does the function assign `key` only under `if key is None:` (or `if not key:`), making a
    socket once the old one was dropped, and otherwise use what the attribute holds?"""
    guarded, assigns = set(), []
    for node in ast.walk(func.node):
        if type(node) is ast.If:
            test = node.test
            cleared = (type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) is ast.Is
                       and dotted(test.left) == key and is_const(test.comparators[0], None)) \
                or (type(test) is ast.UnaryOp and type(test.op) is ast.Not and dotted(test.operand) == key)
            if cleared:
                guarded |= {id(n) for stmt in node.body for n in ast.walk(stmt) if type(n) is ast.Assign}
        elif type(node) is ast.Assign and any(dotted(t) == key for t in node.targets):
            assigns.append(node)
    return bool(assigns) and all(id(n) in guarded for n in assigns)


def _connects(func: FunctionInfo, key: str, depth: int = 0) -> bool:
    """Does the function connect `key`, itself or through a method of its class that it calls
    (`self._initiate_connection(addr)` doing `self._socket.connect(addr)`)?"""
    for call in _calls(func.node):
        if type(call.func) is not ast.Attribute:
            continue
        if call.func.attr in ("connect", "connect_ex") and dotted(call.func.value) == key:
            return True
        helper = func.cls.methods.get(call.func.attr) if func.cls is not None and depth < 2 else None
        if helper is not None and helper is not func and dotted(call.func.value) == "self" \
                and key.startswith("self.") and _connects(helper, key, depth + 1):
            return True
    return False


def merge(results: list):
    """Combine what the branches of a value resolve to. Any branch without evidence (None) means
    no evidence; SOFT branches (parameters, empty pools) defer to the others; disagreement on
    transport, Nagle or role means no evidence."""
    if any(r is None for r in results):
        return None
    known = [r for r in results if isinstance(r, Stream)]
    if not known:
        return SOFT if results else None
    tcp = [r for r in known if r.conn.is_tcp]
    if tcp and len(tcp) < len(known) and all(r.conn.is_tcp or r.conn.facts.transport in (C.UNIX, C.UDP, C.OTHER)
                                             for r in known):
        # `self.sock = unix_socket() if path else create_connection(addr)`: what the code does
        # on the TCP path is judged on its TCP connection; an AF_UNIX, UDP or Bluetooth one cannot
        # stall (a wrapper class built around either: scapy's StreamSocket)
        if any(r.conn.facts.transport == C.UDP for r in known):
            for r in tcp:
                r.conn.maybe_udp = True
        known = tcp
    first = known[0]
    for other in known[1:]:
        a, b = other.conn, first.conn
        if a is not b and (a.facts.transport, a.facts.nagle, other.role) != (b.facts.transport, b.facts.nagle, first.role):
            return None
    for other in known[1:]:
        if other.conn is not first.conn and other.conn not in first.conn.alternatives:
            first.conn.alternatives.append(other.conn)
    return first


def _makefile_role(call: ast.Call, imports: ImportMap, consts: dict, first: int = 0) -> str:
    """first: the position of the mode argument (1 when the socket comes first)."""
    mode_arg = _arg(call, first, "mode")
    mode = mode_arg.value if is_str(mode_arg) else "r"
    buffering = _arg(call, first + 1, "bufsize" if first else "buffering")
    unbuffered = buffering is not None and constant(buffering, imports, consts) == 0
    if "w" in mode and "r" in mode:
        return "raw-rw" if unbuffered else "buffered-rw"  # (unbuffered: each write() is a send())
    if "w" in mode:
        return C.RAW_WRITER if unbuffered else C.BUFFERED_WRITER
    return C.READER


_arg = argument


def _fileno_of(expr):
    """`sock` of `sock.fileno()`, else None."""
    if type(expr) is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr == "fileno" and not args_of(expr):
        return expr.func.value
    return None
# the buffered file objects built on a socket's raw one (`socket.SocketIO`), as makefile() does
_BUFFERED_IO = {"io.BufferedReader": C.READER, "io.BufferedWriter": C.BUFFERED_WRITER}


def _unpacked_arg(call: ast.Call, position: int):
    """The item of a call's one unpacked argument that lands at a parameter's position
    (`make(*row[0:3])`: `row[0:3][1]` for the second), when the plain ones before it do not."""
    args = args_of(call)
    starred = [i for i, a in enumerate(args) if a.star == "*"]
    if len(starred) != 1 or any(a.keyword is None and not a.star for a in args[starred[0] + 1:]):
        return None
    before = starred[0]
    if position < before:
        return None
    item = ast.Subscript(value=args[before].value, slice=ast.Constant(position - before), ctx=ast.Load())
    return ast.copy_location(item, args[before].value)


def _self_first(call: ast.Call) -> bool:
    """Is `self` the call's first argument (`Base.send(self, sock)`)?"""
    args = positional(call)
    return bool(args) and type(args[0]) is ast.Name and args[0].id == "self"


def unbound_on_self(call: ast.Call, callee: FunctionInfo) -> bool:
    """`Base.send(self, sock, msg)`: a method of a class called through the class on `self`."""
    return callee.is_method and not class_level(callee) and type(call.func) is ast.Attribute \
        and dotted(call.func.value) != "self" and _self_first(call)


def _from_init_param(binding: Binding) -> bool:
    """Is the binding made in __init__ from one of its parameters (`conn_state[1]`, `request`)?"""
    func = binding.func
    if func is None or func.name != "__init__" or binding.index is not None:
        return False
    value = binding.value
    while type(value) in (ast.Subscript, ast.Attribute):
        value = value.value
    return type(value) is ast.Name and value.id in func.params and value.id != "self"


def _always_closes(cls: ClassInfo) -> bool:
    """Does every `self.end_headers()` of the class follow, in the same block,
    `self.send_header("Connection", "close")`? (Then the server closes after each response.)"""
    blocks, stack = [], [cls.node]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.stmt) or type(node) is ast.ExceptHandler:
            for name in ("body", "orelse", "finalbody"):
                block = getattr(node, name, None)
                if type(block) is list and block and isinstance(block[0], ast.stmt):
                    blocks.append(block)
        stack.extend(fast_children(node))
    seen = False
    for body in blocks:
        closed = False
        for stmt in body:
            call = _expr_call(stmt)
            if call is None:
                continue
            name = dotted(call.func)
            args = [a.value for a in args_of(call)[:2]]
            if name == "self.send_header" and len(args) == 2 and all(is_str(a) for a in args):
                closed = closed or [a.value.lower() for a in args] == ["connection", "close"]
            elif name == "self.end_headers":
                seen = True
                if not closed:
                    return False
    return seen


def _expr_call(stmt) -> ast.Call | None:
    if type(stmt) is ast.Expr and type(stmt.value) is ast.Call:
        return stmt.value
    return None


def _other_family(qualified: str | None) -> bool:
    """A family constant of the socket module other than the three the catalog knows."""
    if not qualified or not qualified.startswith(("socket.AF_", "socket.PF_")):
        return False
    return qualified[9:] not in ("INET", "INET6", "UNIX", "UNSPEC")


def _made_in(conn: Conn, callee: FunctionInfo) -> list:
    """Of a connection and its alternatives, those callee makes itself."""
    return [c for c in (conn, *conn.alternatives) if c.origin_func is callee]


def _first_made(conn: Conn, callee: FunctionInfo) -> Conn:
    """Of a connection and its alternatives, the one callee makes first in its text."""
    made = _made_in(conn, callee) or [conn]
    return min(made, key=lambda c: (getattr(c.origin, "lineno", 0), getattr(c.origin, "col_offset", 0)))


def returns_new(callee: FunctionInfo, *origins) -> bool:
    """Does every return of callee hand back a connection it makes at one of origins (a
    factory), not a kept one (`if self.sock: return self.sock`, a pool's acquire)?"""
    returns = returns_but_none(callee)
    if not returns:
        return False
    for ret in returns:
        if type(ret) is ast.Name and ret.id in callee.params:
            return False  # (a parameter handed back, wrapped or not, is the caller's connection)
        # (`sock = None` before the `try:` that makes it: no connection, not a kept one)
        made = [b.value for b in callee.bindings.get(ret.id, ()) if not is_const(b.value, None)] \
            if type(ret) is ast.Name else [ret]
        if not made or not all(any(contains(v, origin) for origin in origins) or _rewraps(v, ret) for v in made):
            return False
    return True


def _unpooled(bindings: list) -> list:
    """A pool's `conn = self._idle.pop()`, else `conn = self._make()`: what it takes back out of
    a container it keeps is what it made before, so the other bindings tell the class."""
    if not bindings:
        return bindings
    made = [b for b in bindings if not (
        type(b.value) is ast.Call and type(b.value.func) is ast.Attribute and b.value.func.attr in CONTAINER_GETS
        and (dotted(b.value.func.value) or "").startswith("self."))]
    return made or bindings


def returns_but_none(callee: FunctionInfo) -> list:
    """The values callee's return statements give, but for `return None` (a factory whose
    accept or connect failed: no connection at all); empty when nothing else is returned, or
    when a bare `return` gives None without saying so."""
    values = [r.value for r in return_statements(callee.node)]
    if any(value is None for value in values):
        return []
    return [value for value in values if not is_const(value, None)]


def _rewraps(value, name) -> bool:
    """`sock = context.wrap_socket(sock, ...)`: the same connection again, under the same name."""
    return type(value) is ast.Call and type(name) is ast.Name and any(
        type(a.value) is ast.Name and a.value.id == name.id for a in args_of(value))


def return_statements(func):
    """The return statements of a def, not those of the definitions inside it."""
    if type(func) is ast.Module:
        return
    stack: list = list(func.body)
    while stack:
        node = stack.pop()
        if type(node) is ast.Return:
            yield node
        elif isinstance(node, (*DEFINITIONS, ast.Lambda, ast.expr)):
            continue
        else:
            stack.extend(fast_children(node))


def _decorated(func: FunctionInfo, names: tuple) -> bool:
    """Is the function decorated with one of names (`@property`, `@contextlib.contextmanager`)?"""
    return any((dotted(d) or "").rpartition(".")[2] in names for d in getattr(func.node, "decorator_list", ()))


def _is_property(func: FunctionInfo) -> bool:
    return _decorated(func, ("property", "cached_property"))


def _property_of(index: ModuleIndex, cls: ClassInfo, attr: str) -> bool:
    """`c.conn` where the class reads `conn` through a property (`return self.__conn`)."""
    getter = index.method(cls, attr)
    return getter is not None and _is_property(getter)


def entered_by_with(func: FunctionInfo) -> bool:
    """A `@contextmanager` (or `@asynccontextmanager`) generator: a `with` binds what it yields."""
    return _decorated(func, ("contextmanager", "asynccontextmanager"))


def yields_once(func: FunctionInfo) -> bool:
    """A generator whose one `yield` runs at most once per call: no loop around it, no `yield
    from` (`def socket(self): with self._lock: yield self._socket` lends a kept connection)."""
    found = 0
    stack: list = [(stmt, False) for stmt in func.node.body]
    while stack:
        node, looped = stack.pop()
        kind = type(node)
        if kind is ast.YieldFrom or (kind is ast.Yield and looped):
            return False
        if kind is ast.Yield:
            found += 1
        elif isinstance(node, (*DEFINITIONS, ast.Lambda)):
            continue
        else:
            inner = looped or kind in (ast.For, ast.AsyncFor, ast.While)
            stack.extend((child, inner) for child in fast_children(node))
    return found == 1


def _yielded(func):
    """The values a generator yields in `yield x` statements of its own body."""
    stack: list = list(func.body)
    while stack:
        node = stack.pop()
        if type(node) is ast.Expr and type(node.value) is ast.Yield:
            yield node.value.value
        elif isinstance(node, (*DEFINITIONS, ast.Lambda, ast.expr)):
            continue
        else:
            stack.extend(fast_children(node))


# what socketserver's BaseRequestHandler runs for each request
_HANDLER_STEPS = ("handle", "setup", "finish", "__init__")


def _passes_to_base(init: FunctionInfo, names: list) -> bool:
    """Does the constructor pass its parameters on, first and in order, to its base's
    (`super().__init__(family, kind)`, `socket.socket.__init__(self, family, kind)`)?"""
    for node in ast.walk(init.node):
        if type(node) is not ast.Call or type(node.func) is not ast.Attribute or node.func.attr != "__init__":
            continue
        given = [dotted(a) for a in node.args]
        if type(node.func.value) is not ast.Call:  # `Base.__init__(self, ...)`
            given = given[1:] if given[:1] == ["self"] else []
        if len(names) == 2 and given[:2] == names:
            return True
    return False


def _fixes_tcp(init: FunctionInfo) -> bool:
    """Does a constructor that takes no family make a TCP socket, giving its base fixed
    arguments (`super().__init__(socket.AF_INET, socket.SOCK_STREAM)`)? Then it is made as
    `socket.socket()` is, whose defaults are those."""
    if init.params[1:] and init.params[1] in ("family", "type"):
        return False
    for node in ast.walk(init.node):
        if type(node) is not ast.Call or type(node.func) is not ast.Attribute or node.func.attr != "__init__":
            continue
        given = node.args if type(node.func.value) is ast.Call else node.args[1:]  # (`Base.__init__(self, ...)`)
        names = [(dotted(a) or "").rpartition(".")[2] for a in given[:2]]
        return all(n in ("AF_INET", "AF_INET6", "SOCK_STREAM") for n in names) and not node.keywords
    return False


def _calls_on(func: FunctionInfo, name: str) -> bool:
    """Does the function call a method of the name (`client.recv(n)`)?"""
    return any(type(node) is ast.Call and type(node.func) is ast.Attribute and type(node.func.value) is ast.Name
               and node.func.value.id == name for node in ast.walk(func.node))


def _rebinds(value, name: ast.Name) -> bool:
    """Is the name read inside the value assigned to it (`sock = Buffered(sock)`)?"""
    first = getattr(value, "lineno", None)
    return first is not None and first <= name.lineno <= value.end_lineno and contains(value, name)


def _bound_before(func: FunctionInfo, bindings: list, name: ast.Name) -> list:
    """The bindings of a name that may hold when it is read: those assigned before the read,
    not in the other arm of an `if` the read is in (`if mode == "tcp": sock = ...` then `elif
    mode == "udp": sock = ...; sock = Framed(sock)`)."""
    others: list = []  # the arms the read is not in
    body = func.node.body
    while True:
        stmt = next((s for s in body if contains(s, name)), None)
        blocks = [b for b in child_blocks(stmt) if any(contains(s, name) for s in b)] if stmt is not None else []
        if not blocks:
            break
        if type(stmt) is ast.If:
            others.append(stmt.orelse if blocks[0] is stmt.body else stmt.body)
        body = blocks[0]
    return [b for b in bindings
            if getattr(b.value, "end_lineno", None) is not None
            and (b.value.end_lineno, b.value.end_col_offset) <= (name.lineno, name.col_offset)
            and not any(contains(s, b.value) for arm in others for s in arm)]


def _forwarded_to(hook: FunctionInfo) -> str | None:
    """`_sck` for a `__getattr__(self, name)` that returns `getattr(self._sck, name)`."""
    args = hook.node.args.args
    if len(args) != 2:
        return None
    name = args[1].arg
    for node in iter_statements(hook.node.body):
        value = node.value if type(node) is ast.Return else None
        if type(value) is ast.Call and dotted(value.func) == "getattr" and len(value.args) in (2, 3) \
                and type(value.args[1]) is ast.Name and value.args[1].id == name \
                and type(value.args[0]) is ast.Attribute and dotted(value.args[0].value) == "self":
            return value.args[0].attr
    return None


def _calls_outside_defs(node):
    """The calls of one body, not those of the functions and classes defined in it."""
    return (n for n in branches(node, skip=DEFINITIONS) if type(n) is ast.Call)


def _calls(module: ast.Module):
    """Every call in the module, including those in nested code."""
    stack: list = [module]
    while stack:
        node = stack.pop()
        if type(node) is ast.Call:
            yield node
        stack.extend(fast_children(node))
