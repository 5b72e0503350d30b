"""The calls an expression or statement makes, in the order Python evaluates them, and the
guards that tell a piece is large."""
from __future__ import annotations

import dataclasses

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
    _collect(node, out)
    return out


def _collect(node: cst.CSTNode, out: list) -> None:
    # Post-order over children; for a call, the callee expression's own calls come first
    # (`a().b(c())` runs a(), then c(), then .b), which field order already gives.
    if isinstance(node, _OPAQUE) or type(node) in _LEAVES:
        return
    for child in fast_children(node):
        _collect(child, out)
    if type(node) is cst.Call:
        out.append(node)


_LEAVES = frozenset({cst.Name, cst.SimpleString, cst.Integer, cst.Float, cst.Imaginary, cst.Newline,
                     cst.Comment, cst.SimpleWhitespace, cst.ParenthesizedWhitespace, cst.EmptyLine,
                     cst.TrailingWhitespace})
_FIELDS: dict[type, tuple[str, ...]] = {}


def fast_children(node: cst.CSTNode):
    """The child nodes in field order. libcst's `children` runs a visitor (and is ~10x slower);
    whitespace and punctuation fields are skipped, they hold no calls."""
    kind = type(node)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(
            f.name for f in dataclasses.fields(node)
            if not f.name.startswith(("whitespace", "lpar", "rpar", "comma", "semicolon", "leading_lines",
                                      "trailing_whitespace", "header", "footer", "lines_after")))
    for name in names:
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            yield value
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, cst.CSTNode):
                    yield item


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
