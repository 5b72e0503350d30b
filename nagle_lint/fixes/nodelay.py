"""The TCP_NODELAY fix: set it where the socket is made, or on the handler class.

- `s = socket.create_connection(...)`, `conn, addr = srv.accept()`: a new line
  `s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)` right after the statement.
- `s = socket.socket(...)` followed in the same block by `s.connect(...)`: after the connect
  (Linux keeps the option set before connect, but reading order is clearer this way).
- `with socket.create_connection(...) as s:`: the first statement of the with body.
- socketserver.StreamRequestHandler and http.server handlers: `disable_nagle_algorithm = True`
  in the class body (StreamRequestHandler.setup() then sets TCP_NODELAY on every connection);
  a plain BaseRequestHandler ignores that attribute, so there the call goes first in handle(),
  and a class whose own setup() skips the stock one gets it first in that setup(), for
  AF_INET/AF_INET6 connections only.
- A factory that returns the socket unnamed (a pool's create): named there, once per socket.

The name comes from the creating statement's target; no simple target, no fix. Always safe:
it changes when small segments leave, never what is sent.
"""
from __future__ import annotations

import ast

import libcst as cst
import libcst.matchers as m

from nagle_lint.fixes import layout
from nagle_lint.fixes.guard import guarded
from nagle_lint.fixes.imports import socket_spelling
from nagle_lint.fixes.source import (
    first_line_of_block_statement,
    indent_of,
    insert_after_line,
    line_start,
    newline_of,
    offsets,
    statement_map,
)
from nagle_lint.fixes.style import line_length
from nagle_lint.model import Applicability, Edit, Fix
from nagle_lint.streams import catalog as C
from nagle_lint.fixes.tree import dotted, fix_context
from nagle_lint.syntax import FUNCTIONS

@guarded
def nodelay_fixes(ctx, conn) -> tuple:
    if not conn.nagle_on():  # NAG401: TCP_NODELAY is already set
        return ()
    # (TCP_NODELAY on an AF_UNIX or UDP socket raises OSError; a caller's own socket class may
    # have no setsockopt())
    if conn.maybe_unix or conn.udp_type or conn.hook_param:
        return ()
    if _turned_off(ctx, conn):  # the code clears TCP_NODELAY on purpose somewhere: not ours to undo
        return ()
    # off by default, by the caller, or by a construction's options list: the API's call
    if conn.optional_nodelay or conn.gated_off or conn.replaced_options:
        return ()
    if conn.twisted is not None:  # a Twisted transport: setTcpNoDelay() in the protocol, not a setsockopt here
        return ()
    if conn.handed_back or conn.nodelay_setter or conn.socket_attr or conn.facts.role in (C.IOSTREAM, C.MP_CONNECTION):
        return ()  # a library's stream or object (no setsockopt of its own), or the API's own setter
    if _made_in_class_body(ctx, conn):
        return ()  # (a class attribute shared by every instance: no statement of the walk sets it)
    ctx = fix_context(ctx)
    if conn.handler is not None:
        return _handler_fix(ctx, conn)
    if type(conn.origin) is ast.Call:
        # (made in a linked module's factory: the fix goes where this file names its result)
        origin = ctx.node(conn.origin) if ctx.file.is_local(conn.origin) else None
        return _socket_fix(ctx, conn, origin)
    return ()


def _made_in_class_body(ctx, conn) -> bool:
    """`sock = socket.socket(...)` in a class body."""
    return conn.origin_func is None and any(
        type(stmt) in (ast.Assign, ast.AnnAssign) and stmt.value is conn.origin
        for cls in ctx.facts.index.classes.values() for stmt in cls.node.body)


def _turned_off(ctx, conn) -> bool:
    for record in ctx.facts.flow.setopts.values():
        if (record.conn is conn and record.level == C.IPPROTO_TCP
                and record.option == C.OPTION_NUMBERS["TCP_NODELAY"] and record.value == 0):
            return True
    return False


def _setsockopt(ctx, var: str, where):
    """The setsockopt line for var at the statement `where` (in that scope's dialect), and the
    import edits it needs; None when no spelling is safe there."""
    spelling = socket_spelling(ctx, where)
    if spelling is None:
        return None
    level, option, edits = spelling
    return f"{var}.setsockopt({level}, {option}, 1)", edits


def _fit(ctx, text: str, indent: str, near) -> str:
    """The setsockopt call, wrapped when the line would pass the project's line length."""
    func, _, args = text.partition("(")
    newline = newline_of(ctx, ctx.span(near).line)
    return layout.call(func, args[:-1].split(", "), indent, indent, "", line_length(ctx.path), newline)


def _is_plain_socket(ctx, call: ast.Call) -> bool:
    name = ctx.facts.imports.qualify(call.func) or ""
    return name.endswith(".socket") or name.endswith(".SocketType") or name in ("socket", "SocketType")


def _connect_after(smap, stmt, var: str, body=None, start: int = 0):
    """The `var.connect(...)` statement that follows stmt in its block (or in body from start)."""
    if body is None:
        slot = smap.slots.get(id(stmt))
        if slot is None:
            return None
        body, start = slot.body, slot.index + 1
    for nxt in body[start:]:
        if not isinstance(nxt, cst.SimpleStatementLine):
            continue
        for small in nxt.body:
            if (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)
                    and isinstance(small.value.func, cst.Attribute)
                    and small.value.func.attr.value in ("connect", "connect_ex")
                    and dotted(small.value.func.value) == var):
                return nxt
    return None


def _socket_fix(ctx, conn, origin: cst.Call | None) -> tuple:
    """origin: the creating call in this file's libcst tree, None when it is in another file."""
    smap = statement_map(ctx)
    accept = conn.listener is not None
    plain = not accept and _is_plain_socket(ctx, conn.origin)
    if origin is not None and id(origin) in smap.with_items:
        with_stmt, item = smap.with_items[id(origin)]
        if accept or item.asname is None or item.item is not origin and not isinstance(item.item, cst.Await):
            return ()
        var = dotted(item.asname.name)
        body = with_stmt.body
        if var is None or not isinstance(body, cst.IndentedBlock) or not body.body:
            return ()
        anchor = _connect_after(smap, None, var, body.body, 0) if plain else None
        made = _setsockopt(ctx, var, anchor if anchor is not None else body.body[0])
        if made is None:
            return ()
        text, import_edits = made
        if anchor is not None:
            indent = indent_of(ctx, anchor) or ""
            edit = insert_after_line(ctx, anchor, _fit(ctx, text, indent, anchor), indent)
            where = "connects"
        else:
            first = body.body[0]
            indent = indent_of(ctx, first)
            if indent is None:
                return ()
            line = first_line_of_block_statement(ctx, first)
            position = line_start(ctx, line)
            edit = Edit(position, position, indent + _fit(ctx, text, indent, first) + newline_of(ctx, line))
            where = "is made"
        return (_fix(f"Set TCP_NODELAY on `{var}` right after it {where}", (edit,) + import_edits),)
    place = smap.assigned.get(id(origin)) if origin is not None else None
    if place is None and not accept:
        if _overridden(ctx, conn.origin_func):
            # a subclass makes its own socket in the same method (maybe AF_UNIX): the line goes
            # in this method, where the TCP socket is made, not after the call that all share
            return _named_return(ctx, smap, conn, origin)
        made_in, place = origin, None
        origin, place = _caller_assignment(ctx, smap, conn, origin)
        if place is None:
            return _named_return(ctx, smap, conn, made_in)
    if place is None or not isinstance(place.line, cst.SimpleStatementLine):
        return ()
    var = _target(place.small, origin, accept)
    if var is None:
        return ()
    anchor = _connect_after(smap, place.line, var) if plain else None
    where = "connects" if anchor is not None else ("is accepted" if accept else "is made")
    anchor = _past_guarding_try(smap, anchor if anchor is not None else place.line)
    made = _setsockopt(ctx, var, anchor)
    if made is None:
        return ()
    text, import_edits = made
    indent = indent_of(ctx, anchor)
    if indent is None:
        return ()
    edit = insert_after_line(ctx, anchor, _fit(ctx, text, indent, anchor), indent)
    return (_fix(f"Set TCP_NODELAY on `{var}` right after it {where}", (edit,) + import_edits),)


def _past_guarding_try(smap, anchor):
    """The statement after which the line goes: past a `try:` that only guards the creation
    (`try: s = socket.socket(...)` / `except OSError: raise Error("can't connect")`), whose
    handler would misreport a setsockopt failure and leak the socket. Only when every handler
    leaves (raise, return, continue, break), so the name is bound after the try."""
    owner = smap.owner_of(anchor)
    slot = smap.slots.get(id(anchor))
    if not isinstance(owner, cst.Try) or slot is None or slot.suite is not owner.body or not owner.handlers:
        return anchor
    if owner.orelse is not None or owner.finalbody is not None:
        return anchor
    if _leaves_after(owner.body, anchor):
        return anchor  # (the body returns the socket: past the try, only a failed connect goes)
    for handler in owner.handlers:
        last = handler.body.body[-1] if isinstance(handler.body, cst.IndentedBlock) and handler.body.body else None
        small = last.body[-1] if isinstance(last, cst.SimpleStatementLine) and last.body else None
        if not isinstance(small, (cst.Raise, cst.Return, cst.Continue, cst.Break)):
            return anchor
    return owner


def _leaves_after(suite, anchor) -> bool:
    """Does a statement after the anchor in the suite, or nested in one, leave it (return, raise,
    continue, break)?"""
    body = list(suite.body) if isinstance(suite, cst.IndentedBlock) else []
    later = body[body.index(anchor) + 1:] if anchor in body else body
    leaving = m.Return() | m.Raise() | m.Continue() | m.Break()
    return any(m.findall(stmt, leaving) for stmt in later)


def _named_return(ctx, smap, conn, origin: cst.Call) -> tuple:
    """`return socket.create_connection(...)` in a factory (a pool's create) whose result no one
    statement names: name it there, `sock = ...; sock.setsockopt(...); return sock`, so every
    socket the factory makes gets TCP_NODELAY once, where it is made."""
    from nagle_lint.fixes.imports import _bound_in

    factory = conn.origin_func
    if origin is None or factory is None or not isinstance(factory.node, FUNCTIONS):
        return ()
    factory_node = ctx.node(factory.node)
    for place in smap.places.values():
        small = place.small
        if isinstance(small, cst.Return) and small.value is origin:
            break
    else:
        return ()
    line = place.line
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1 or smap.function_of(line) is not factory_node:
        return ()
    var = next((n for n in ("sock", "conn", "connection") if n not in _bound_in(factory_node)), None)
    indent = indent_of(ctx, line)
    if var is None or indent is None:
        return ()
    made = _setsockopt(ctx, var, line)
    if made is None:
        return ()
    text, import_edits = made
    start, end = offsets(ctx, small)
    newline = newline_of(ctx, ctx.span(line).line)
    call_start, call_end = offsets(ctx, origin)
    original = ctx.source[call_start:call_end]  # as written: continuation lines keep their columns
    new = f"{var} = {original}{newline}{indent}{_fit(ctx, text, indent, line)}{newline}{indent}return {var}"
    title = f"Set TCP_NODELAY in `{factory.name}()` on each socket it makes"
    return (_fix(title, (Edit(start, end, new),) + import_edits),)


def _overridden(ctx, factory) -> bool:
    """Is the factory a method that a subclass defines again?"""
    if factory is None or not factory.is_method:
        return False
    index = ctx.facts.index
    return any(factory.name in sub.methods for sub in index.subclasses(factory.cls))


def _caller_assignment(ctx, smap, conn, origin: cst.Call):
    """`return socket.create_connection(...)` in a factory method: the one statement that assigns
    the factory's result (`self.sock = self._get_socket(...)`) is where the socket gets a name.
    (call, Place) for that statement, or (origin, None) when there is not exactly one."""
    from nagle_lint.streams.infer import return_statements

    factory = conn.origin_func
    if factory is None or not isinstance(factory.node, FUNCTIONS) or not any(
            r.value is conn.origin for r in return_statements(factory.node)):
        return origin, None
    found = []
    for place in smap.assigned.values():
        value = place.small.value if isinstance(place.small, (cst.Assign, cst.AnnAssign)) else None
        if isinstance(value, cst.Call):
            name = dotted(value.func)
            if name in (factory.name, f"self.{factory.name}"):
                found.append((value, place))
    unique = {id(call): (call, place) for call, place in found}
    return next(iter(unique.values())) if len(unique) == 1 else (origin, None)


def _target(small, origin: cst.Call, accept: bool) -> str | None:
    """The name the creating statement binds the socket to, or None."""
    value = small.value.expression if isinstance(small.value, cst.Await) else small.value
    if isinstance(small, cst.AnnAssign):
        targets = [small.target]
    else:
        targets = [t.target for t in small.targets]
    if value is origin:
        if accept:  # conn, addr = srv.accept()
            for target in targets:
                if isinstance(target, (cst.Tuple, cst.List)) and target.elements:
                    first = target.elements[0]
                    if isinstance(first, cst.Element):
                        name = dotted(first.value)
                        if name is not None:
                            return name
            return None
        for target in targets:
            name = dotted(target)
            if name is not None:
                return name
        return None
    if accept and isinstance(value, cst.Subscript) and value.value is origin and len(value.slice) == 1:
        index = value.slice[0].slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.Integer) and index.value.value == "0":
            for target in targets:
                name = dotted(target)
                if name is not None:
                    return name
    return None


def _fix(title: str, edits: tuple) -> Fix:
    return Fix(title, "nodelay", Applicability.SAFE, tuple(edits))


# -- request handler classes ----------------------------------------------------------------------
def _handler_fix(ctx, conn) -> tuple:
    cls = conn.handler
    node: cst.ClassDef = ctx.node(cls.node)
    if not isinstance(node.body, cst.IndentedBlock) or not node.body.body:
        return ()
    imports = ctx.facts.imports
    bases = {imports.qualify(b) for klass in ctx.facts.index.class_chain(cls) for b in klass.bases}
    # a module that makes AF_UNIX sockets may serve this handler on one (werkzeug's unix://
    # servers pick the family at run time): only a family-guarded call is harmless there
    unix_here = "AF_UNIX" in ctx.source
    if bases & C.STREAM_HANDLER_BASES:
        # the flag works only through the stock setup(); an own setup() gets the call instead
        if ctx.facts.resolver.stock_setup_runs(cls) and not unix_here:
            return _attribute_fix(ctx, node)
        own = ctx.facts.index.method(cls, "setup")
        return _handle_fix(ctx, ctx.node(own.node), guarded=True) if own is not None else ()
    if "socketserver.BaseRequestHandler" in bases and "handle" in cls.methods:
        return _handle_fix(ctx, ctx.node(cls.methods["handle"].node), guarded=unix_here)
    return ()


def _attribute_fix(ctx, node: cst.ClassDef) -> tuple:
    body = node.body.body
    name = node.name.value
    title = f"Set `disable_nagle_algorithm = True` on `{name}` (TCP_NODELAY on every connection)"
    for stmt in body:  # an explicit `disable_nagle_algorithm = False`: flip it
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name)
                        and small.targets[0].target.value == "disable_nagle_algorithm"):
                    start, end = offsets(ctx, small.value)
                    return (_fix(title, (Edit(start, end, "True"),)),)
    indent = indent_of(ctx, body[0])
    if indent is None:
        return ()
    text = indent + "disable_nagle_algorithm = True"
    leading = 0  # docstring and class attributes at the top of the body
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine) and all(
                isinstance(s, (cst.Assign, cst.AnnAssign)) or (isinstance(s, cst.Expr) and isinstance(
                    s.value, (cst.SimpleString, cst.ConcatenatedString))) for s in stmt.body):
            leading += 1
        else:
            break
    if leading:
        return (_fix(title, (insert_after_line(ctx, body[leading - 1], text.lstrip(" \t"), indent),)),)
    line = first_line_of_block_statement(ctx, body[0])
    position = line_start(ctx, line)
    newline = newline_of(ctx, line)
    return (_fix(title, (Edit(position, position, text + newline + newline),)),)


def _handle_fix(ctx, func: cst.FunctionDef, guarded: bool = False) -> tuple:
    """`self.request.setsockopt(...)` first in handle() (or, guarded by the socket's family, first
    in an own setup(): the class may also serve a Unix server that this module does not show)."""
    body = func.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return ()
    stmts = body.body
    first = stmts[0]
    made = _setsockopt(ctx, "self.request", first)
    if made is None:
        return ()
    text, import_edits = made
    indent = indent_of(ctx, first)
    if indent is None:
        return ()
    name = func.name.value
    if guarded:
        module = text[text.index("(") + 1:].split("IPPROTO_TCP")[0]  # `socket.`, `so.` or bare
        inner = indent + layout.indent_unit(indent)
        newline = newline_of(ctx, ctx.span(first).line)
        text = (f"if self.request.family in ({module}AF_INET, {module}AF_INET6):{newline}"
                f"{inner}{_fit(ctx, text, inner, first)}")
        if not module:  # bare names: the families must be imported too
            return ()
        title = f"Set TCP_NODELAY on `self.request` at the start of {name}(), for TCP connections only"
    else:
        text = _fit(ctx, text, indent, first)
        title = f"Set TCP_NODELAY on `self.request` at the start of {name}()"
    if (isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and isinstance(first.body[0], cst.Expr)
            and isinstance(first.body[0].value, (cst.SimpleString, cst.ConcatenatedString))):
        return (_fix(title, (insert_after_line(ctx, first, text, indent),) + import_edits),)
    line = first_line_of_block_statement(ctx, first)
    position = line_start(ctx, line)
    return (_fix(title, (Edit(position, position, indent + text + newline_of(ctx, line)),) + import_edits),)
