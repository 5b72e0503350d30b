"""The calls an expression or statement makes, in the order Python evaluates them, and the
guards that tell a piece is large."""
from __future__ import annotations

import dataclasses
from operator import attrgetter

import libcst as cst

from nagle_lint.streams.names import dotted

# Code under these runs later or elsewhere (or per element): not part of this statement's events.
_OPAQUE = (cst.Lambda, cst.FunctionDef, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp,
           cst.GeneratorExp)
# Below this size a piece is small enough for Nagle to hold; a guard proving a piece is larger
# than this (the multiprocessing.connection shape, `len(payload) > 16384`) rules the split out.
LARGE_PIECE = 8192


def calls_in(node: cst.CSTNode) -> list[cst.Call]:
    """Calls under node in evaluation order: arguments before the call that receives them."""
    out: list[cst.Call] = []
    kind = _KINDS.get(type(node)) or _kind_of(type(node))
    if kind != _STOP:
        _collect(node, out)
    return out


def _collect(node: cst.CSTNode, out: list) -> None:
    # Post-order over children; for a call, the callee expression's own calls come first
    # (`a().b(c())` runs a(), then c(), then .b), which field order already gives.
    # (fast_children inlined: this is the hottest recursion of the flow walk; _STOP children,
    # opaque code and leaves, are skipped before the call.)
    kinds = _KINDS
    kind_of = _kind_of
    for value in (_GETTERS.get(type(node)) or _getter(type(node)))(node):
        kind = kinds.get(type(value)) or kind_of(type(value))
        if kind == _NODE:
            _collect(value, out)
        elif kind == _SEQ:
            for item in value:
                if (kinds.get(type(item)) or kind_of(type(item))) == _NODE:
                    _collect(item, out)
    if type(node) is cst.Call:
        out.append(node)


_LEAVES = frozenset({cst.Name, cst.SimpleString, cst.Integer, cst.Float, cst.Imaginary, cst.Newline,
                     cst.Comment, cst.SimpleWhitespace, cst.ParenthesizedWhitespace, cst.EmptyLine,
                     cst.TrailingWhitespace})
_FIELDS: dict[type, tuple[str, ...]] = {}
_SKIPPED_FIELDS = ("whitespace", "lpar", "rpar", "comma", "semicolon", "leading_lines", "trailing_whitespace",
                   "header", "footer", "lines_after")

# What a field value is, by its exact type (isinstance against libcst's ABCs is slow; a type's
# answer never changes): not a node, a node _collect descends into, a node it stops at (opaque
# code, leaves), a list or tuple of values.
_OTHER, _NODE, _STOP, _SEQ = 1, 2, 3, 4
_KINDS: dict[type, int] = {}
_GETTERS: dict[type, object] = {}  # node type -> function returning its child fields' values, a tuple


def _kind_of(kind: type) -> int:
    if issubclass(kind, cst.CSTNode):
        found = _STOP if issubclass(kind, _OPAQUE) or kind in _LEAVES else _NODE
    elif issubclass(kind, (list, tuple)):
        found = _SEQ
    else:
        found = _OTHER
    _KINDS[kind] = found
    return found


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)
                                      if not f.name.startswith(_SKIPPED_FIELDS))
    return names


def _getter(kind: type):
    names = _field_names(kind)
    if not names:
        getter = _no_fields
    elif len(names) == 1:
        one = attrgetter(names[0])
        getter = lambda node: (one(node),)  # noqa: E731
    else:
        getter = attrgetter(*names)
    _GETTERS[kind] = getter
    return getter


def _no_fields(node) -> tuple:
    return ()


def fast_children(node: cst.CSTNode) -> list:
    """The child nodes in field order. libcst's `children` runs a visitor (and is ~10x slower);
    whitespace and punctuation fields are skipped, they hold no calls."""
    out = []
    kinds = _KINDS
    for value in (_GETTERS.get(type(node)) or _getter(type(node)))(node):
        kind = kinds.get(type(value)) or _kind_of(type(value))
        if kind == _NODE or kind == _STOP:
            out.append(value)
        elif kind == _SEQ:
            for item in value:
                kind = kinds.get(type(item)) or _kind_of(type(item))
                if kind == _NODE or kind == _STOP:
                    out.append(item)
    return out


def large_guard(test: cst.BaseExpression) -> str | None:
    """`len(x) > N` (or N < len(x), >=) with N >= LARGE_PIECE: the name x, else None."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    left, right, op = test.left, target.comparator, target.operator
    if isinstance(op, (cst.LessThan, cst.LessThanEqual)):
        left, right = right, left
    elif not isinstance(op, (cst.GreaterThan, cst.GreaterThanEqual)):
        return None
    if not (isinstance(left, cst.Call) and dotted(left.func) == "len" and len(left.args) == 1):
        return None
    if not isinstance(right, cst.Integer):
        return None
    try:
        bound = int(right.value.replace("_", ""), 0)
    except ValueError:
        return None
    return dotted(left.args[0].value) if bound >= LARGE_PIECE else None
