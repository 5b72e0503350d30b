"""A connection handed on after its first exchange: `connect()` makes a socket, does a
handshake on it (the protocol's hello, a login), and returns it (or an object that keeps it) to
a caller that sends every later request on it. The handshake is the connection's first exchange,
whose data a fresh connection ACKs at once; the requests after it are not.

Handed on means the function's own returns (or yields) give the name back, whole or inside a
tuple or a container, or store it in an attribute or an item, or pass it to a class of the
module (an object that keeps it) or to a function of the module that hands its parameter on.
`return sock.recv(4)` gives back data, not the socket.
"""
from __future__ import annotations

import ast

from nagle_lint.flow.summaries import CONTAINER_PUTS, FunctionInfo, iter_statements
from nagle_lint.streams.infer import Activation, Resolver
from nagle_lint.syntax import DEFINITIONS, args_of, argument

MAX_DEPTH = 3  # functions followed from the one that holds the name
STORES = CONTAINER_PUTS | {"setdefault", "extend", "register"}  # a container (or selector) keeps what it is given


def hands_on(resolver: Resolver, func: FunctionInfo, name: str, depth: int = 0) -> bool:
    """Does the function give the connection its local `name` holds to someone who outlives
    the call?"""
    act = Activation(func, cls=func.cls)
    for stmt in iter_statements(func.node.body):
        if isinstance(stmt, DEFINITIONS):
            continue
        for node in _own_nodes(stmt):
            kind = type(node)
            if kind in (ast.Return, ast.Yield, ast.YieldFrom) and node.value is not None:
                given = node.value
            elif kind in (ast.Assign, ast.AnnAssign) and node.value is not None and any(
                    type(t) in (ast.Attribute, ast.Subscript) for t in (node.targets if kind is ast.Assign else [node.target])):
                given = node.value
            elif kind is ast.Call and type(node.func) is ast.Attribute and node.func.attr in STORES:
                given = ast.Tuple(elts=[a.value for a in args_of(node)], ctx=ast.Load())
            else:
                continue
            if _holds(resolver, given, name, act, depth):
                return True
    return False


def _own_nodes(stmt):
    """The nodes of one statement, without those of its nested blocks (iter_statements yields
    them) or of a lambda."""
    stack = [stmt]
    while stack:
        node = stack.pop()
        yield node
        for field, value in ast.iter_fields(node):
            if field in ("body", "orelse", "finalbody", "handlers", "cases") and node is stmt:
                continue
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST) and not isinstance(child, (ast.Lambda, *DEFINITIONS)):
                    stack.append(child)


def _holds(resolver: Resolver, expr, name: str, act: Activation, depth: int) -> bool:
    kind = type(expr)
    if kind is ast.Name:
        return expr.id == name
    if kind in (ast.Tuple, ast.List, ast.Set):
        return any(_holds(resolver, e, name, act, depth) for e in expr.elts)
    if kind is ast.Dict:
        return any(_holds(resolver, v, name, act, depth) for v in expr.values)
    if kind in (ast.Starred, ast.Await, ast.NamedExpr):
        return _holds(resolver, expr.value, name, act, depth)
    if kind is ast.IfExp:
        return _holds(resolver, expr.body, name, act, depth) or _holds(resolver, expr.orelse, name, act, depth)
    if kind is not ast.Call or depth >= MAX_DEPTH:
        return False
    if not any(type(a) is ast.Name and a.id == name for a in [*expr.args, *(k.value for k in expr.keywords)]):
        return False
    if resolver.class_named(expr.func, act) is not None:
        return True  # `cls(sock)`, `Connection(sock)`: an object that keeps it
    callee = resolver.callee(expr, act)
    if callee is None or callee is act.func:
        return False
    spec = callee.node.args
    plain = [a.arg for a in [*spec.posonlyargs, *spec.args]]
    if callee.is_method and plain and plain[0] in ("self", "cls"):
        plain = plain[1:]
    unpacked = any(a.star for a in args_of(expr))  # (positions after `*x` are not known)
    for position, param in [*((i, p) for i, p in enumerate(plain) if not unpacked),
                            *((len(expr.args) + 99, a.arg) for a in spec.kwonlyargs)]:
        given = argument(expr, position, param)
        if type(given) is ast.Name and given.id == name and hands_on(resolver, callee, param, depth + 1):
            return True
    return False
