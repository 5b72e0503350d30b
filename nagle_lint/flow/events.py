"""The calls an expression or statement makes, in the order Python evaluates them, and the
guards that tell a piece is large."""
from __future__ import annotations

import ast

from nagle_lint.streams.names import dotted
from nagle_lint.syntax import call_fields, children, is_int

# Code under these runs later or elsewhere: not part of this statement's events. (A list, set or
# dict comprehension runs here and now, so its calls are events: `[c.recv(64) for c in conns]`.)
_OPAQUE = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.GeneratorExp)
# Below this size a piece is small enough for Nagle to hold; a guard proving a piece is larger
# than this (the multiprocessing.connection shape, `len(payload) > 16384`) rules the split out.
LARGE_PIECE = 8192

# Per node type, the fields that may hold calls (contexts, operators and names hold none).
_FIELDS: dict[type, tuple[str, ...]] = {}
_STOP = (ast.Name, ast.Constant, *_OPAQUE)


def _fields(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = () if issubclass(kind, _STOP) else call_fields(kind)
        _FIELDS[kind] = names
    return names


def calls_in(node) -> list[ast.Call]:
    """Calls under node in evaluation order: arguments before the call that receives them."""
    out: list[ast.Call] = []
    for item in node if type(node) is list else (node,):  # a statement, an expression or a block
        if not isinstance(item, _OPAQUE):
            _collect(item, out)
    return out


def _collect(node, out: list) -> None:
    # Post-order over children; for a call, the callee expression's own calls come first
    # (`a().b(c())` runs a(), then c(), then .b), which field order already gives.
    fields = _FIELDS
    AST = ast.AST
    for name in fields.get(type(node)) or _fields(type(node)):
        value = getattr(node, name)
        if type(value) is list:
            for item in value:
                if isinstance(item, AST) and (fields.get(type(item)) or _fields(type(item))):
                    _collect(item, out)
        elif isinstance(value, AST) and (fields.get(type(value)) or _fields(type(value))):
            _collect(value, out)
    if type(node) is ast.Call:
        out.append(node)


fast_children = children


def large_guard(test, taken: bool = True) -> str | None:
    """`len(x) > N` (or N < len(x), >=) with N >= LARGE_PIECE: the name x, else None. With
    taken False, for the else of the test: `len(x) < N` (or <=, N > len(x))."""
    if type(test) is not ast.Compare or len(test.ops) != 1:
        return None
    left, right, op = test.left, test.comparators[0], type(test.ops[0])
    greater, less = (ast.Gt, ast.GtE), (ast.Lt, ast.LtE)
    if not taken:
        greater, less = less, greater
    if op in less:
        left, right = right, left
    elif op not in greater:
        return None
    if not (type(left) is ast.Call and dotted(left.func) == "len" and len(left.args) == 1 and not left.keywords):
        return None
    if not is_int(right):
        return None
    return dotted(left.args[0]) if right.value >= LARGE_PIECE else None
