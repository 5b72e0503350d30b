"""write-loop: `for p in parts: s.sendall(p)` becomes `s.sendall(b"".join(parts))`.

Offered when the loop body is only that write, the loop has no else, and the loop variable is a
plain name used nowhere else in the enclosing function (so nothing can read it after the loop).
A write of an expression of the variable, `s.sendall(line.encode())`, becomes
`s.sendall(b"".join(line.encode() for line in lines))`. Safe for `sendall()` and `write()` over a
name, attribute or literal; unsafe for `send()` (partial writes), for a call as the iterable (a
generator or a file would now be read whole into memory before anything is sent), and for an
expression that calls unknown code.
"""
from __future__ import annotations

import re

import libcst as cst

from nagle_lint.fixes import layout
from nagle_lint.fixes import pieces as P
from nagle_lint.fixes.join import SAFE_METHODS, UNSAFE_METHODS
from nagle_lint.fixes.source import comments_in, line_start, newline_of, offsets, statement_map
from nagle_lint.fixes.style import line_length
from nagle_lint.model import Applicability, Edit, Fix


def _loop_of(smap, call) -> cst.For | None:
    """The for loop whose whole body is the statement `call`."""
    place = smap.expr_calls.get(id(call))
    if place is None or len(place.line.body) != 1:
        return None
    line = place.line
    if isinstance(line, cst.SimpleStatementSuite):  # `for p in parts: s.sendall(p)`
        owner = smap.suite_owner.get(id(line))
        return owner if isinstance(owner, cst.For) and owner.body is line else None
    slot = smap.slots.get(id(line))
    if slot is None or len(slot.body) != 1 or not isinstance(slot.owner, cst.For):
        return None
    return slot.owner if slot.owner.body is slot.suite else None


def loop_fix(ctx, write_call: cst.Call, method: str, loop_ids: tuple) -> tuple[Fix, ...]:
    smap = statement_map(ctx)
    loop = _loop_of(smap, write_call)
    if loop is None or loop.orelse is not None or loop.asynchronous is not None:
        return ()
    if loop_ids and ctx.node(ctx.facts.flow.loop_nodes[loop_ids[-1]]) is not loop:
        return ()
    if not isinstance(loop.target, cst.Name) or not isinstance(write_call.func, cst.Attribute):
        return ()
    if len(write_call.args) != 1 or write_call.args[0].keyword is not None or write_call.args[0].star:
        return ()
    if method not in SAFE_METHODS | UNSAFE_METHODS:
        return ()
    name = loop.target.value
    arg = write_call.args[0].value
    if not _only_here(ctx, smap, loop, name):
        return ()
    iterable = ctx.code(loop.iter)
    if isinstance(loop.iter, cst.Tuple) and not loop.iter.lpar:
        iterable = f"({iterable})"
    quote = P.quote_style([arg], ctx.cst)
    if isinstance(arg, cst.Name) and arg.value == name:
        buffer = f"b{quote}{quote}.join({iterable})"
    else:
        buffer = f"b{quote}{quote}.join({ctx.code(arg)} for {name} in {iterable})"
    line_no = ctx.span(loop).line
    start, _ = offsets(ctx, loop)
    prefix = ctx.source[line_start(ctx, line_no):start]
    indent = prefix[:len(prefix) - len(prefix.lstrip(" \t"))]
    text = layout.call(ctx.code(write_call.func), [buffer], indent, prefix, "", line_length(ctx.path),
                       newline_of(ctx, line_no))
    reasons = []
    if method in UNSAFE_METHODS:
        reasons.append(f"{method}() may write only part of the joined buffer")
    if isinstance(loop.iter, (cst.Call, cst.GeneratorExp, cst.Await)):
        reasons.append("the iterable is read whole into memory before anything is sent")
    impure = P.impure_part(arg, ctx.code)
    if impure is not None:
        reasons.append(f"`{impure[:40]}` would run for every piece before the first is sent")
    # The edit replaces the loop from `for` to the end of the write. Comments there (in the
    # header, on the `for` line, above the write) would be lost: unsafe. The write line's own
    # trailing comment is after the edit and stays.
    body = loop.body
    line = body.body[0] if isinstance(body, cst.IndentedBlock) else body
    lost = comments_in(loop) - comments_in(line)
    if isinstance(line, cst.SimpleStatementLine):
        lost += sum(1 for l in line.leading_lines if l.comment is not None)
    lost += comments_in(write_call) - comments_in(arg)
    if lost:
        reasons.append("a comment in the loop would be lost")
    start, _ = offsets(ctx, loop)
    _, end = offsets(ctx, write_call)
    title = "Replace the loop with one write of `b\"\".join(...)`"
    if reasons:
        title += f" (unsafe: {'; '.join(reasons)})"
    return (Fix(title, "loop", Applicability.UNSAFE if reasons else Applicability.SAFE, (Edit(start, end, text),)),)


def _only_here(ctx, smap, loop, name: str) -> bool:
    """Is the loop variable used nowhere outside the loop in its function (or, for a loop
    outside any function, nowhere else in the file's text)?"""
    scope = smap.function_of(loop)
    if scope is None:
        start, end = offsets(ctx, loop)
        text = ctx.source[:start] + ctx.source[end:]
        return re.search(rf"(?<![\w.]){re.escape(name)}\b", text) is None
    return _names(scope, name) == _names(loop, name)


def _names(node, name: str) -> int:
    count, stack = 0, [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name) and current.value == name:
            count += 1
        stack.extend(current.children)
    return count
