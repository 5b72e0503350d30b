"""Finding builders shared by the split rules (NAG101-NAG103, NAG401) and the nodelay rules."""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from nagle_lint.flow.paths import HTTP_CLIENT_READ, SMTPD_SESSION_READ, FrameworkRead
from nagle_lint.model import Confidence
from nagle_lint.rules.base import Rule
from nagle_lint.streams import catalog as C
from nagle_lint.streams.names import dotted
from nagle_lint.syntax import args_of

if TYPE_CHECKING:
    from nagle_lint.context import FileContext
# The rule registry is imported by the CLI and the config before any file is parsed; context and
# fixes (libcst) are imported when a rule first runs, so a run served from the cache loads neither.

_TEMPLATES = {
    "NAG101": ("request written in {n} pieces on `{s}` (1st at line {first}, reply read {read}): "
               "Nagle holds this piece until the peer's delayed ACK, ~40 ms per request; "
               "send one buffer or set TCP_NODELAY"),
    "NAG102": ("response written in {n} pieces on `{s}` (1st at line {first}, next request read {read}): "
               "Nagle holds this piece until the client's delayed ACK, ~40 ms per response; "
               "{fix}"),
    "NAG103": ("write in a loop on `{s}` before the read {read}: each piece after the first waits "
               "for the peer's delayed ACK, ~40 ms; send b\"\".join(pieces) once or set TCP_NODELAY"),
    "NAG401": ("message written in {n} pieces on `{s}`, which has TCP_NODELAY (1st at line {first}): "
               "no stall, but one more syscall and segment per message; use writelines() or one buffer"),
}


def _pieces(split, flow) -> str:
    """How many pieces the message is in, as the message says it: a first piece written by a
    loop that the held one is not in (set-up commands one by one, then a query) is one of as
    many as the loop runs; not by a loop that sends the rest of one buffer, nor by the same
    helper's loop that writes the held piece too."""
    if split.count > 2:
        return "3+"
    theirs = {id(flow.loop_nodes.get(key)) for key in split.second.loops}
    for key in split.first.loops:
        loop = flow.loop_nodes.get(key)
        if loop is not None and id(loop) not in theirs and (id(loop), id(split.first.node)) not in flow.retry_loops \
                and not _breaks_after(loop.body, split.first.node):
            return "2+"
    return "2"


def _made_at(ctx: FileContext, conn) -> tuple:
    """A sort key for a connection: where this file makes it, then the name it is made as."""
    made = ctx.creation_site(conn)
    where = (ctx.order(made), made.col_offset) if made is not None else ((2, 0), 0)
    return where, ctx.facts.flow.made_as.get(conn) or ""


def _breaks_after(body: list, node) -> bool:
    """Is the statement that holds node in this loop body followed by `break` in its block (a
    send retried until it goes through: `try: sock.sendall(b); break`)?"""
    from nagle_lint.flow.summaries import child_blocks, contains

    for at, stmt in enumerate(body):
        if not contains(stmt, node):
            continue
        if at + 1 < len(body) and type(body[at + 1]) is ast.Break:
            return True
        return any(_breaks_after(block, node) for block in child_blocks(stmt)
                   if type(stmt) is not ast.While and type(stmt) not in (ast.For, ast.AsyncFor))
    return False


def split_findings(ctx: FileContext, rule: Rule):
    from nagle_lint.context import call_text, receiver_name

    # one message, one finding, at its earliest held piece: the same response written on another
    # path (chunked or not) holds a different piece of it, in the same function, before the same read
    reported = set()
    # (of the first pieces that come before one held piece on different paths, the nearest is
    # named: a rarer path's earlier write, `100 Continue` before the headers, is not the message's)
    # (two connections a helper picks between, `self.qs.send(m)` or `self.ts.send(m)` by a field
    # of m, hold the same pieces: the one made first is named, in every run)
    splits = sorted(ctx.splits(rule.code), key=lambda s: (ctx.order(s.first.located(s.second)), _made_at(ctx, s.conn)),
                    reverse=True)
    splits.sort(key=lambda s: (ctx.order(s.second.located(s.first)), _made_at(ctx, s.conn)))
    for split in splits:
        by_job = any(id(site) in ctx.facts.flow.job_calls for site in split.second.sites)
        if rule.code == "NAG401" and by_job:
            continue  # (a worker job's answer after its caller's receipt: two messages, not one to join)
        first, second = split.first.located(split.second), split.second.located(split.first)
        if rule.code == "NAG103":
            second = _in_the_loop(ctx, split.second, second)
        if not ctx.is_local(second):
            # held in a linked module: reported when that file is checked, or here, at the call
            # that leads there, when only this file can see the connection
            second = _call_into_linked(ctx, split) if rule.code != "NAG103" else None
            if second is None:
                continue
        # (a write loop is one per loop: two loops in one function are two findings, and two
        # writes of one loop on different paths, chunked or not, one)
        where = _loop_of(ctx, split.second, second) if rule.code == "NAG103" else _enclosing_function(ctx, second)
        message = (id(split.conn), id(split.read), id(where))
        if message in reported:
            continue
        reported.add(message)
        stream = receiver_name(split.second.node) if call_text(split.second.node) != "self.end_headers()" else "self.wfile"
        if stream == "self" and split.read is HTTP_CLIENT_READ:
            stream = "self.sock"  # http.client's send() and endheaders() on a connection class of ours
        elif stream == "self" and ctx.facts.flow.names.get(split.conn, ("self",))[0] != "self":
            stream = ctx.facts.flow.names[split.conn][0]  # `self._send(b)`, a bound `self._sock.sendall`
        elif stream == "self" and split.conn in ctx.facts.flow.made_as:
            stream = ctx.facts.flow.made_as[split.conn]  # a wrapper's `self.send = stream.send`: as it was made
        elif stream == "stream" and ctx.facts.flow.names.get(split.conn, ("stream",))[0] != "stream":
            stream = ctx.facts.flow.names[split.conn][0]  # `send(b)`, a local bound `self.sock.sendall`
        if second is not split.second.node:  # as the flagged line names it, not the helper
            # (else the object of ours it hands on that keeps the connection,
            # `read_system_errors(scope)`, before a name only the helper's module uses)
            stream = _carrier(ctx, second, split.conn) or _handed_as(ctx, split.second, second) or (
                receiver_name(second) if receiver_name(second) not in ("self", "stream")
                else _keeper(ctx, second, split.conn) or stream)
        handler = split.conn.handler is not None and split.conn.facts.role == C.HTTP_HANDLER
        fix_hint = ("send the body with the headers in one write, or " + _handler_nodelay(ctx, split.conn.handler)
                    if handler else "write one buffer or set TCP_NODELAY")
        if by_job:  # (the job's answer does not exist yet when its caller writes the first piece)
            fix_hint = "set TCP_NODELAY: a worker job writes this piece after the first"
        message = _TEMPLATES[rule.code].format(
            n=_pieces(split, ctx.facts.flow), s=stream, first=ctx.where(first), read=read_where(ctx, split.read),
            fix=fix_hint) + _optional(split.conn, ctx, _by_use(ctx, split.by_use))
        related = [("first piece", first), ("next request" if split.read_label != "read" else "read", split.read)]
        if split.second.same_write(split.first):
            related = related[1:]
        made = ctx.creation_site(split.conn)
        if made is not None:
            related.insert(0, ("connection made here", made))
        # (in a test file the socket's options are the test's business: join the pieces only)
        fixes = ctx.local_fixes(lambda: split_fixes(ctx, split) + (() if ctx.in_tests else nodelay_fixes(ctx, split.conn)))
        found = ctx.finding(rule, second, message, related=related, fixes=fixes,
                            pieces=(split.first.size, split.second.size),
                            side="server" if split.conn.side == C.SERVER else "client")
        # (a connection known only by use, from what the API's reader is given, or whose family
        # is known only at run time: less sure)
        yield replace(found, confidence=Confidence.MEDIUM) if found is not None and (
            split.by_use is not None or split.conn.family_at_run_time) else found


def _call_into_linked(ctx: FileContext, split):
    """The call of this file through which the walk reached a held piece that a linked module
    writes (`send_frame(self.sock, data)`, its pieces in framing.py), when the call hands that
    module the connection itself, made (or served, by a handler class) in this file: the
    module's own check never sees it. (A wrapper object of ours handed instead may be typed
    there, by a wire API's callers.) Also for a connection made elsewhere (taken from a pool)
    when this file puts the message together: its first piece written here, or through another
    call of this file (`th.send_header(conn)`, then `tcp_send_data(conn, body)`)."""
    conn = split.conn
    made = conn.handler.node if conn.handler is not None else ctx.creation_site(conn)  # (a handler's: its class)
    site = next((s for s in reversed(split.second.sites) if ctx.is_local(s)), None)
    if made is None or site is None:
        return None
    if ctx.is_local(made):
        return site if _carrier(ctx, site, conn) is not None else None
    if _carrier(ctx, site, conn, objects=True) is None:
        return None
    first = next((s for s in reversed(split.first.sites) if ctx.is_local(s)), None)
    return site if ctx.is_local(split.first.node) or first is not None and first is not site else None


def _by_use(ctx: FileContext, typed) -> list:
    """The note for a wire API's connection parameter typed by use."""
    if typed is None:
        return []
    classes = " or ".join(f"`{cls.name}`" for cls in typed.classes)
    reader = dotted(typed.call.func) or typed.reader
    reader = ".".join(reader.split(".")[-2:])  # `message.Message.recv` -> `Message.recv`
    return [f"identified by use: the `{reader}()` beside it is given a {classes} at line {ctx.where(typed.call)}"]


# The fix builders need libcst, imported only when a fix is built (flake8, the language server's
# diagnostics and the concise output build none).
def split_fixes(ctx: FileContext, split):
    from nagle_lint.fixes.split import split_fixes as build
    from nagle_lint.model import Applicability

    fixes = build(ctx, split)
    if split.by_use is None:
        return fixes
    # (the writes' connection is known by use only: another caller may pass a message channel,
    # where two sends are two messages)
    note = " (unsafe: the connection is known by use only)"
    return tuple(replace(f, applicability=Applicability.UNSAFE, title=f.title + note)
                 if f.applicability == Applicability.SAFE else f for f in fixes)


def nodelay_fixes(ctx: FileContext, conn):
    from nagle_lint.fixes.nodelay import nodelay_fixes as build

    # (a factory that makes its socket on two paths, one per family: the line goes to each)
    return _joint([build(ctx, c) for c in (conn, *conn.made_too)])


def read_where(ctx: FileContext, read) -> str:
    """Where the read is, for a message: `at line 43`; for a handler whose server reads the
    next request once it returns (its def line would come before the writes it follows), `after
    `do_GET()` returns`; for a library's own read, what the library calls it."""
    if isinstance(read, FrameworkRead):
        return read.where
    if type(read) in (ast.FunctionDef, ast.AsyncFunctionDef):
        return f"after `{read.name}()` returns"
    return f"at line {ctx.where(read)}"


def _write_loop(ctx: FileContext, write):
    """The innermost loop around a write that repeats it as pieces: not a partial-send loop in
    its helper (`while buf: n = sock.send(buf); buf = buf[n:]`), which sends one buffer."""
    flow = ctx.facts.flow
    for key in reversed(write.loops):
        loop = flow.loop_nodes.get(key)
        if loop is not None and (id(loop), id(write.node)) not in flow.retry_loops:
            return loop
    return None


def _in_the_loop(ctx: FileContext, write, located):
    """Where a write loop is shown: the write, or, when the write is in a helper that the loop
    calls (`for key in keys: self._command(key)`), that call in the loop."""
    from nagle_lint.flow.summaries import contains

    loop = _write_loop(ctx, write)
    if loop is None or contains(loop, located):
        return located
    return next((site for site in reversed(write.sites) if contains(loop, site)), located)


def _loop_of(ctx: FileContext, write, located):
    """The loop statement around a held piece where it is shown (else the piece itself)."""
    from nagle_lint.flow.summaries import contains

    loop = _write_loop(ctx, write)
    return loop if loop is not None and contains(loop, located) else located


def _handler_named(ctx: FileContext, conn) -> str | None:
    """A request handler's connection, when no write of the handler's own names it (it hands
    `self.wfile` to a wrapper that writes): as the handler's base gives it."""
    if conn.handler is None or conn in ctx.facts.flow.names:
        return None
    # (the name the handler's own code uses: `Transport(self.request)` in a StreamRequestHandler)
    used = {dotted(n) for n in ast.walk(conn.handler.node) if type(n) is ast.Attribute} \
        & {"self.request", "self.connection", "self.wfile"}
    if len(used) == 1:
        return used.pop()
    bases = {ctx.facts.imports.qualify(b) for klass in ctx.facts.index.class_chain(conn.handler) for b in klass.bases}
    return "self.wfile" if bases & C.STREAM_HANDLER_BASES else "self.request"


def _carrier(ctx: FileContext, call, conn, objects: bool = False) -> str | None:
    """The name at a helper's call site that holds the connection: its receiver
    (`self._socket.send(b"")`) or an argument (`Record(kind).write(sock)`); with objects, also
    an object of ours that keeps it (`tcp_send_data(conn, body)`, `conn._sock` written there)."""
    from nagle_lint.streams.infer import Activation, is_connection

    if type(call) is not ast.Call:
        return None
    func = _enclosing_function(ctx, call)
    act = Activation(func, cls=func.cls) if func is not None else None
    receiver = [call.func.value] if type(call.func) is ast.Attribute else []
    exprs = receiver + [a.value for a in args_of(call) if not a.star]
    for expr in exprs:
        name = dotted(expr)
        if name and name != "self" and is_connection(ctx.facts.resolver.resolve(expr, act), conn):
            return name
    if objects and act is not None:
        for expr in exprs[len(receiver):]:
            name = dotted(expr)
            if name and name != "self" and ctx.facts.resolver.receiver_classes(expr, act):
                return name
    return None


def _keeper(ctx: FileContext, call, conn) -> str | None:
    """The argument of a helper's call that is an object of ours keeping the connection in an
    attribute (`read_errors(scope)`, whose TCP transport keeps it as `self.sock`), by name."""
    from nagle_lint.streams.infer import Activation, is_connection

    func = _enclosing_function(ctx, call) if type(call) is ast.Call else None
    if func is None:
        return None
    act = Activation(func, cls=func.cls)
    index, resolver = ctx.facts.index, ctx.facts.resolver
    for arg in args_of(call):
        name = dotted(arg.value)
        if arg.star or not name or name == "self":
            continue
        classes = resolver.receiver_classes(arg.value, act)
        for cls in [*classes, *(sub for c in classes for sub in index.subclasses(c))]:
            for klass in index.class_chain(cls):
                for key, bindings in klass.self_bindings.items():
                    if any(is_connection(resolver.lookup(key, Activation(b.func, cls=cls)), conn)
                           for b in bindings if b.func is not None):
                        return name
    return None


def _handed_as(ctx: FileContext, write, site) -> str | None:
    """The name the flagged call site hands the written stream by, followed out through the
    helpers' parameters: `write_frame(conn, chunk)` for `sock.sendall(...)` in
    `def write_frame(sock, payload)`."""
    from nagle_lint.streams.infer import Activation
    from nagle_lint.syntax import positional

    sites = list(write.sites)
    if site not in sites:
        return None
    name = dotted(write.node.func.value) if type(write.node) is ast.Call and type(write.node.func) is ast.Attribute \
        else None
    chain = sites[sites.index(site):]
    for outer in reversed(chain):  # innermost call first
        func = _enclosing_function(ctx, outer) if ctx.is_local(outer) else None
        act = Activation(func, cls=func.cls) if func is not None else None
        callee = ctx.facts.resolver.callee(outer, act) if type(outer) is ast.Call else None
        params = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))] if callee else []
        if name is None or name not in params or params.index(name) >= len(positional(outer)):
            return None
        name = dotted(positional(outer)[params.index(name)])
    return name if name != "self" else None


def _enclosing_function(ctx: FileContext, node):
    """The innermost function of this file whose body holds node (None at module level)."""
    from nagle_lint.flow.summaries import contains

    line = getattr(node, "lineno", None)
    candidates = ctx.functions_by_line.get(line, ()) if line is not None else \
        [f for f in ctx.facts.index.functions if not ctx.facts.index.is_foreign(f)]
    holders = [f for f in candidates if contains(f.node, node)]
    return min(holders, key=lambda f: (f.node.end_lineno or f.node.lineno) - f.node.lineno, default=None)


def _optional(conn, ctx: FileContext, notes: list = ()) -> str:
    flag = conn.optional_nodelay
    notes = list(notes) + ([f"TCP_NODELAY is set only when `{flag}` is true, and it is off by default"] if flag else [])
    if conn.nodelay_setter:
        notes.append(f"TCP_NODELAY is set only if the application calls `{conn.nodelay_setter}(True)`")
    if conn.replaced_options:
        cls, param, value = conn.replaced_options
        # (a node of this analysis, or (path, line) in a module no link brought in)
        where = ctx.where(value) if not isinstance(value, tuple) else f"{value[1]} in {ctx.relative(value[0])}"
        notes.append(f"TCP_NODELAY comes only from the default `{param}` of `{cls}`: Nagle is on when it is "
                     f"built with `{param}` without it, as at line {where}")
    if not flag and conn.gated_off:
        gates = ", ".join(f"`{g}`" for g in sorted(conn.skipped_gates))
        notes.append(f"this call passes {gates} false, which skips the factory's TCP_NODELAY")
    if conn.family_at_run_time:
        notes.append("its family is known only at run time: when it is TCP, not AF_UNIX")
    elif conn.maybe_unix:  # reported for the TCP path; the fix is left to the user (AF_UNIX rejects it)
        notes.append("when its family is TCP, not AF_UNIX")
    if conn.udp_type:  # (and UDP rejects TCP_NODELAY too)
        notes.append("when its type is SOCK_STREAM, not SOCK_DGRAM")
    if conn.hook_param:  # (the fix is left to the user: a caller may hand a class of its own)
        notes.append(f"made by the default of `{conn.hook_param}`, unless a caller passes another class")
    return f" ({'; '.join(notes)})" if notes else ""


_NODELAY_TEMPLATES = {
    C.CLIENT: ("TCP client {s} does request/response with Nagle on (reply read {read}): any request "
               "written in 2+ pieces waits ~40 ms for the server's delayed ACK; {fix}"),
    C.SERVER: ("server connection {s} answers requests with Nagle on (next request read {read}): any "
               "response written in 2+ pieces waits ~40 ms for the client's delayed ACK; {fix}"),
}
# Twisted sends what one reactor turn wrote as one buffer: the stall is a piece written in a later
# turn (the rest of a response, a pipelined or no-reply request) while the one before is unACKed
_TWISTED_TEMPLATES = {
    C.CLIENT: ("Twisted TCP client {s} does request/response with Nagle on (replies read {read}): a "
               "request written while the one before is unacknowledged (a later reactor turn, a pipelined "
               "or no-reply request) waits ~40 ms for the server's delayed ACK; {fix}"),
    C.SERVER: ("Twisted TCP server connection {s} answers requests with Nagle on (requests read {read}): "
               "a response piece written in a later reactor turn waits ~40 ms for the client's delayed ACK; {fix}"),
}
# a relay's pieces are the peer's: nothing to join, so TCP_NODELAY is the one fix
_RELAY_TEMPLATES = {
    C.CLIENT: ("TCP client {s} relays what `{src}` sends with Nagle on (sent at line {sent}, read {read}): "
               "a piece passed on before the server ACKs the one before waits ~40 ms for its delayed ACK; "
               "set TCP_NODELAY after connecting"),
    C.SERVER: ("server connection {s} relays what `{src}` sends with Nagle on (sent at line {sent}, read {read}): "
               "a piece passed on before the client ACKs the one before waits ~40 ms for its delayed ACK; {fix}"),
}


def nodelay_findings(ctx: FileContext, rule: Rule, side: str):
    """A request/response TCP connection that never gets TCP_NODELAY. Reported whether or not
    the connection also has a split: rules are independent, so selecting or ignoring one never
    changes what another reports."""
    from nagle_lint.context import receiver_name

    exchanges = ctx.facts.flow.exchanges
    grouped = set()  # connections reported with the one whose name they share
    for conn, read in exchanges.items():
        if conn.side != side or not conn.nagle_on() or not conn.keep_alive or id(conn) in grouped:
            continue  # (an HTTP/1.0 handler closes after one response: no next request)
        # `self.sock = a() if tls else b()`: one finding for the name (at its first creation
        # site), whose fix sets TCP_NODELAY at every site
        group = [(c, _site(ctx, c)) for c in [conn, *conn.alternatives]
                 if c in exchanges and c.side == side and c.nagle_on() and id(c) not in grouped]
        group = sorted(((c, site) for c, site in group if site is not None), key=lambda item: ctx.order(item[1]))
        if not group:
            continue  # made in a linked module: reported when that file is checked
        grouped.update(id(c) for c, _ in group)
        (_, node), others = group[0], group[1:]
        if conn.handler is not None:
            fix = _handler_nodelay(ctx, conn.handler)
            if fix.startswith("set disable_nagle_algorithm"):
                fix += " on the handler class"
        elif conn.handed_back:  # the library switched NODELAY off again before handing it back
            fix = "call set_nodelay(True) on the stream once it is handed back"
        elif conn.facts.role == C.IOSTREAM and conn.label:  # tornado's TCPServer.handle_stream(stream, ...)
            fix = f"call {conn.label}.set_nodelay(True) where it is handed the stream"
        elif conn.facts.role == C.IOSTREAM:  # tornado's TCPClient().connect(host, port)
            fix = "call set_nodelay(True) on the stream TCPClient.connect() hands back"
        elif read is SMTPD_SESSION_READ:
            fix = "set TCP_NODELAY on `conn` in a handle_accepted(conn, addr) of the class, then call the base's"
        elif conn.socket_attr:  # telnetlib.Telnet: its socket is an attribute, there once it connects
            fix = f"set TCP_NODELAY on its socket, its `.{conn.socket_attr}`, once it is connected"
        elif side == C.CLIENT:
            fix = "set TCP_NODELAY after connecting"
        else:
            fix = "set TCP_NODELAY after accept() or on the listening socket"
        framework = isinstance(read, FrameworkRead)  # read by a library base class
        # (a server callback's connection is its parameter: `conn` of `def handle(self, conn,
        # address)`, the line flagged, not the attribute a wrapper later keeps it in)
        handed = conn.label if type(conn.origin).__name__ in ("FunctionDef", "AsyncFunctionDef") else None
        name = (handed or ctx.facts.flow.made_as.get(conn) or _handler_named(ctx, conn)
                or ctx.facts.flow.names.get(conn, (None,))[0] or ("self.sock" if framework else receiver_name(read)))
        if conn.facts.role == C.MP_CONNECTION:  # a multiprocessing Connection has no setsockopt() of its own
            fix = (f"set TCP_NODELAY on `socket.fromfd({name}.fileno(), AF_INET, SOCK_STREAM)`, a duplicate of its "
                   f"socket, {'after connecting' if side == C.CLIENT else 'after accept()'}")
        written, role = ctx.facts.flow.names.get(conn, (None, None))
        name = _named(ctx, node, name, written if role == C.SOCKET else None)
        where = read_where(ctx, read)
        relay = None if framework else ctx.facts.flow.relays.get(conn)
        if conn.twisted is not None:
            protocol = conn.twisted.name
            message = _TWISTED_TEMPLATES[side].format(
                s=f"`self.transport` of `{protocol}`", read=where,
                fix=f"call self.transport.setTcpNoDelay(True) in `{protocol}.connectionMade()`")
            if conn.twisted_note:  # a library's protocol: its users listen or connect, TCP as a rule
                message += f" ({conn.twisted_note}: guard the call with ITCPTransport.providedBy(self.transport))"
        elif relay is not None:
            message = _RELAY_TEMPLATES[side].format(s=name, src=relay[1], sent=ctx.where(relay[0]), read=where,
                                                    fix=fix)
        else:
            message = _NODELAY_TEMPLATES[side].format(s=name, read=where, fix=fix)
            if conn.handed_back:
                message = message.replace(" with Nagle on ", f" with Nagle on as `{conn.handed_back}` hands it back ", 1)
        message += _optional(conn, ctx)
        # (two calls of one factory are two connections made at one line: that line once)
        also = [site for site in {id(site): site for _, site in others}.values() if site is not node]
        related = [("also made here", site) for site in also] + ([] if framework else [("read", read)])
        if relay is not None:
            related.insert(len(also), ("relayed", relay[0]))
        fixes = ctx.local_fixes(lambda: _joint([nodelay_fixes(ctx, c) for c, _ in group]))
        found = ctx.finding(rule, node, message, related=related, fixes=fixes,
                            side="server" if side == C.SERVER else "client")
        yield replace(found, confidence=Confidence.MEDIUM) if found is not None and conn.family_at_run_time else found


def _named(ctx: FileContext, node, kept: str, written: str | None = None) -> str:
    """The connection as the flagged line names it: a factory's `sock` that its caller keeps as
    `self.upstream` is named both ways (`pair = self.accept()` then `sock, addr = pair` is `sock`,
    a name the same function uses). A line that names it nothing (`return socket.socket()`)
    gives the attribute the socket is written through, when the name it was made as is another
    function's local."""
    here = ctx.bound_name(node)
    func = _enclosing_function(ctx, node)
    if here is not None and (kept == "self" or func is None and "." not in kept
                             and kept not in ctx.facts.index.module_bindings):
        # (`self` of a socket subclass's own methods, or a helper's parameter, seen from the
        # line that makes it: `self.sock = FrameSocket()`, a class attribute `client = Sock()`)
        return f"`{here}`"
    used_here = func is not None and any(
        type(n) in (ast.Name, ast.Attribute) and dotted(n) == kept for n in ast.walk(func.node))
    if here is None and not used_here and func is not None and "." not in kept and written \
            and written.startswith("self."):
        return f"`{written}`"
    if here is None or here == kept or used_here or func is None:
        return f"`{kept}`"
    if "." not in kept and kept not in ctx.facts.index.module_bindings:
        return f"`{here}`"  # (read through another function's local: `for conn in self.links.values()`)
    return f"`{here}` (kept as `{kept}`)"


def _site(ctx: FileContext, conn):
    """Where a connection is reported: its creation (or handler class) in this file, or the call
    here of a linked module's factory that made it; None when neither is in this file."""
    node = conn.origin  # (a handler class is shown at its name)
    if conn.gated_off and ctx.is_local(conn.site):
        return conn.site  # the call that turns the factory's TCP_NODELAY off
    if ctx.is_local(node):
        return node
    return conn.site if conn.site is not None and ctx.is_local(conn.site) else None


def _joint(per_site: list[tuple]) -> tuple:
    """One fix that sets TCP_NODELAY at every creation site (an edit shared by two sites, after
    the name they share, once), or none unless each site has one."""
    if len(per_site) == 1:
        return per_site[0]
    if not all(per_site):
        return ()
    fixes = [found[0] for found in per_site]
    least = max(fixes, key=lambda f: list(type(f.applicability)).index(f.applicability))
    edits = tuple(dict.fromkeys(e for f in fixes for e in f.edits))
    return (replace(fixes[0], applicability=least.applicability, edits=edits),)


def _handler_nodelay(ctx, handler) -> str:
    """How a handler class turns Nagle off: the flag is read only by StreamRequestHandler's stock
    setup(), which a plain BaseRequestHandler does not have and an own setup() that never calls
    it does not run."""
    index, imports = ctx.facts.index, ctx.facts.imports
    if not {imports.qualify(b) for klass in index.class_chain(handler) for b in klass.bases} & C.STREAM_HANDLER_BASES:
        return "set TCP_NODELAY on self.request at the start of handle()"
    if ctx.facts.resolver.stock_setup_runs(handler):
        return "set disable_nagle_algorithm = True"
    return "set TCP_NODELAY on self.request in its setup()"
