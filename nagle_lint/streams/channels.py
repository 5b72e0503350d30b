"""Channels: an object that a method of a wrapper object hands back (`chan = transport.accept()`,
`chan = t.open_session()`), of a class of the project with a socket's interface (`send()` and
`recv()`), whose send() reaches one connection's socket through the wrapper objects the class
keeps (Channel -> its Transport -> that one's Packetizer -> `sock.send`). Each send() of such a
channel is one write on that connection, and its recv() (or a read of its makefile()) waits for
the peer on it, whatever buffer another thread fills in between: the channel is a stream of the
connection, as a socket's makefile() is.

Only the object a method hands back is read this way: an instance the code builds itself
(`w = Wrapper(sock)`) has its methods walked line by line instead, which sees a send() that
writes in two pieces. A send() counts only when every call of it writes: the calls on its way to
the socket are outside `if` and `for` (a buffer flushed when full writes on some calls only), and
the socket write is unbuffered.
"""
from __future__ import annotations

import ast

from nagle_lint.flow.summaries import CONTAINER_GETS, ClassInfo, FunctionInfo
from nagle_lint.streams import catalog as C
from nagle_lint.streams.names import dotted
from nagle_lint.syntax import DEFINITIONS, TRIES, WITHS, argument, is_const

MAX_DEPTH = 12  # steps from a call to the class it builds, and calls from send() to the socket write
_WRITES = ("send", "sendall")
# expressions whose parts may not run: a call inside them is not made on every path
_CONDITIONAL = (ast.IfExp, ast.BoolOp, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def possible(resolver) -> bool:
    """Does any class here offer a socket's send() and recv()? Most modules have none, and then
    nothing they do is asked about channels."""
    def compute():
        index = resolver.index
        classes = {id(c): c for c in index.classes.values()}
        classes.update((id(f.cls), f.cls) for f in index.functions if f.cls is not None)
        return any(socket_like(index, cls) for cls in classes.values())
    return resolver._memo(resolver.class_memo, ("channels possible",), compute)


def channel_stream(resolver, call: ast.Call, act):
    """The channel that `wrapper.method(...)` hands back, as a stream of its connection, or None."""
    func = call.func
    if type(func) is not ast.Attribute or dotted(func.value) == "self" or not possible(resolver):
        return None
    where = act.func if act is not None else None
    cls = act.self_cls if act is not None else None
    key = ("channel", id(call), id(where), id(cls))
    return resolver._memo(resolver.class_memo, key, lambda: _channel_stream(resolver, call, where, cls))


def _channel_stream(resolver, call: ast.Call, where: FunctionInfo | None, cls: ClassInfo | None):
    from nagle_lint.streams.infer import Stream, merge

    try:
        owners = instances(resolver, call.func.value, where, cls)
        classes = instances(resolver, call, where, cls) if owners else None  # (a method of a wrapper of ours)
    except _TooDeep:
        return None
    if not classes:
        return None
    found = [writes_through(resolver, klass) for klass in classes]
    if not all(isinstance(f, Stream) for f in found):
        return None
    stream = merge(found)
    return resolver.stream(stream.conn, C.CHANNEL, site=call) if isinstance(stream, Stream) else None


def socket_like(index, cls: ClassInfo) -> bool:
    """Does the class offer a socket's send() and recv()?"""
    return any(index.method(cls, name) is not None for name in _WRITES) and index.method(cls, "recv") is not None


def writes_through(resolver, cls: ClassInfo):
    """The stream every send() / sendall() of the class writes one piece on, or None."""
    return resolver._memo(resolver.class_memo, ("writes-through", id(cls)), lambda: _writes_through(resolver, cls))


def _writes_through(resolver, cls: ClassInfo):
    from nagle_lint.streams.infer import Stream, merge

    index = resolver.index
    if not socket_like(index, cls):
        return None
    found = []
    for name in _WRITES:
        method = index.method(cls, name)
        if method is not None:
            reached = _reach(resolver, method, cls, 0, set())
            if not reached:
                return None
            found += reached
    stream = merge(found)
    return stream if isinstance(stream, Stream) else None


def _reach(resolver, func: FunctionInfo, cls: ClassInfo, depth: int, seen: set) -> list:
    """The unbuffered socket streams the method writes on, through every call of it: calls of
    its own class's methods and of the objects its attributes hold, made on every path."""
    from nagle_lint.streams.infer import Activation, Stream

    if depth > MAX_DEPTH or (id(func), id(cls)) in seen:
        return []
    seen.add((id(func), id(cls)))
    index = resolver.index
    found = []
    for call in _unconditional_calls(func.node.body):
        target = call.func
        if type(target) is not ast.Attribute:
            continue
        receiver, name = target.value, target.attr
        is_self = type(receiver) is ast.Name and receiver.id == "self"
        if not is_self and name in C.SOCKET_WRITES | C.FILE_WRITES:
            stream = resolver.resolve(receiver, Activation(func, cls=cls))
            if isinstance(stream, Stream) and (stream.role, name in C.SOCKET_WRITES) in ((C.SOCKET, True),
                                                                                          (C.RAW_WRITER, False)):
                found.append(stream)
                continue
        if is_self:
            method = index.method(cls, name)
            if method is not None:
                found += _reach(resolver, method, cls, depth + 1, seen)
            continue
        key = dotted(receiver)
        if key is not None and key.startswith("self.") and key.count(".") == 1:
            try:
                holders = instances(resolver, receiver, func, cls) or ()
            except _TooDeep:
                continue
            for holder in holders:
                method = index.method(holder, name)
                if method is not None:
                    found += _reach(resolver, method, holder, depth + 1, seen)
    return found


def _unconditional_calls(body: list) -> list:
    """The calls of a body that run whenever the code after them does: not under an `if`, a
    `for`, an `except` or a conditional expression (a `while` body is a retry loop's: its turns
    send the rest of the same bytes; a `try` or `with` body runs)."""
    out = []
    stack = list(reversed(body))
    while stack:
        stmt = stack.pop()
        kind = type(stmt)
        if kind in DEFINITIONS or kind in (ast.If, ast.For, ast.AsyncFor) or kind.__name__ == "Match":
            continue
        if kind in TRIES:
            stack.extend(reversed(stmt.body + stmt.finalbody))
            continue
        if kind in WITHS:
            out += _calls_of([item.context_expr for item in stmt.items])
            stack.extend(reversed(stmt.body))
            continue
        if kind is ast.While:
            out += _calls_of([stmt.test])
            stack.extend(reversed(stmt.body))
            continue
        out += _calls_of([stmt])
    return out


def _calls_of(nodes: list) -> list:
    out = []
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, _CONDITIONAL):
            continue
        if type(node) is ast.Call:
            out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out


# -- which classes of ours a value is an instance of ----------------------------------------------
def instances(resolver, expr, func: FunctionInfo | None, cls: ClassInfo | None, depth: int = 0) -> list | None:
    """The classes of the project whose instances expr may hold, [] when nothing tells (a
    parameter nobody here passes, a None placeholder), None when it may hold anything else."""
    if depth > MAX_DEPTH:
        raise _TooDeep  # (unwinds to the question asked: nothing met on the way is kept)
    key = ("instances", id(expr), id(func), id(cls))
    found = resolver._memo(resolver.class_memo, key, lambda: _instances(resolver, expr, func, cls, depth))
    return found if type(found) is list or found is None else []  # (met again while tracing it)


class _TooDeep(Exception):
    pass


def _join(parts: list) -> list | None:
    if any(p is None for p in parts):
        return None
    return list(dict.fromkeys(klass for part in parts for klass in part))


def _instances(resolver, expr, func: FunctionInfo | None, cls: ClassInfo | None, depth: int):
    index = resolver.index
    kind = type(expr)
    if is_const(expr, None):
        return []
    if kind is ast.Name:
        return _name_instances(resolver, expr.id, func, cls, depth)
    key = dotted(expr)
    if kind is ast.Attribute and key is not None and key.startswith("self.") and key.count(".") == 1 and cls is not None:
        bindings = index.self_bindings(cls, key)
        if not bindings:
            return None
        return _join([instances(resolver, b.value, b.func, cls, depth + 1) if b.index is None else None
                      for b in bindings])
    if kind is ast.Subscript:
        return _elements(resolver, expr.value, cls, depth)
    if kind is not ast.Call:
        return None
    target = expr.func
    if type(target) is ast.Attribute and target.attr in CONTAINER_GETS:
        found = _elements(resolver, target.value, cls, depth)
        if found:
            return found
    built = resolver._instance_classes([(expr, func)], 0)
    if built:
        return built
    if type(target) is not ast.Attribute:
        return None
    receiver = target.value
    if type(receiver) is ast.Name and receiver.id == "self":
        owners = [cls] if cls is not None else None
    else:
        owners = instances(resolver, receiver, func, cls, depth + 1)
    if not owners:
        return None
    parts = []
    for owner in owners:
        method = index.method(owner, target.attr)
        if method is None:
            return None
        parts.append(_returned(resolver, method, owner, depth + 1))
    return _join(parts)


def _returned(resolver, method: FunctionInfo, cls: ClassInfo, depth: int):
    from nagle_lint.streams.infer import return_statements

    values = [node.value for node in return_statements(method.node)]
    if not values:
        return None
    return _join([instances(resolver, v if v is not None else ast.Constant(None), method, cls, depth + 1)
                  for v in values])


def _elements(resolver, owner, cls: ClassInfo | None, depth: int):
    """The instances a container kept in a `self` attribute holds: what its methods put there."""
    key = dotted(owner)
    if key is None or not key.startswith("self.") or key.count(".") != 1 or cls is None:
        return None
    elements = resolver.index.containers(cls, key)
    if not elements:
        return None
    return _join([instances(resolver, b.value, b.func, cls, depth + 1) for b in elements])


def _name_instances(resolver, name: str, func: FunctionInfo | None, cls: ClassInfo | None, depth: int):
    from nagle_lint.streams.infer import _scopes

    index = resolver.index
    if name == "self":
        return [cls] if cls is not None else None
    for scope in _scopes(func):
        if name in scope.bindings:
            bindings = scope.bindings[name]
            return _join([instances(resolver, b.value, scope, cls, depth + 1) if b.index is None else None
                          for b in bindings])
        if name in scope.params:
            return _param_instances(resolver, scope, name, cls, depth)
    bindings = index.module_bindings.get(name)
    if not bindings:
        return None
    return _join([instances(resolver, b.value, None, None, depth + 1) if b.index is None else None for b in bindings])


def _param_instances(resolver, func: FunctionInfo, name: str, cls: ClassInfo | None, depth: int):
    """What the module's calls of func pass for a parameter: `self._queue(chan)` in its class,
    `chan._set_transport(self)` on an instance built there, `Channel(self)` for __init__.
    [] when nothing here calls it (no evidence either way)."""
    names = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
    if name not in names:
        return None
    position = names.index(name)
    owner = func.cls if func.is_method else None
    if func.is_method and func.name == "__init__":
        calls = [found for klass in [owner] + resolver.index.subclasses(owner)
                 for found in resolver._calls_named(klass.name)]
    else:
        calls = []
        for call, outer in resolver._calls_named(func.name):
            receiver = call.func.value if type(call.func) is ast.Attribute else None
            if resolver._calls_own(call, outer, func) or (
                    owner is not None and outer is not None and type(receiver) is ast.Name
                    and receiver.id != "self" and resolver._holds_instance(outer, receiver.id, owner)):
                calls.append((call, outer))
    parts = []
    for call, outer in calls:
        value = argument(call, position, name)
        if value is None:
            continue  # (left at its default)
        parts.append(instances(resolver, value, outer, _self_class(outer), depth + 1))
    return _join(parts)


def _self_class(func: FunctionInfo | None) -> ClassInfo | None:
    """The class of `self` in a function: its method's, for a closure inside one."""
    while func is not None and func.cls is None and func.parent is not None and "self" not in func.params:
        func = func.parent
    return func.cls if func is not None else None
