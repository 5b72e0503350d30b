"""join and sendmsg: adjacent writes on one stream become one call.

A run is a sequence of adjacent small statements, each only a call `R.m(piece)` with the same
receiver and method (a write, or a call to a helper that only writes its argument), starting at
the first piece of a split. Nothing runs between the writes, and their return values are unused,
so one call with the joined buffer sends the same bytes. Still unsafe: `send()` (it may write
only part of the bigger buffer), a later piece whose evaluation could have side effects (it now
runs before the earlier pieces are sent), or a comment inside a call that the edit would drop.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from nagle_lint.fixes import layout
from nagle_lint.fixes import pieces as P
from nagle_lint.fixes.source import (
    Place,
    comments_in,
    indent_of,
    line_start,
    line_text,
    newline_of,
    offsets,
    statement_map,
    trailing_comment,
)
from nagle_lint.fixes.style import line_length
from nagle_lint.model import Applicability, Edit, Fix

SAFE_METHODS = frozenset({"sendall", "write"})
UNSAFE_METHODS = frozenset({"send"})


@dataclass
class Element:
    call: cst.Call
    place: Place
    arg: cst.BaseExpression


@dataclass
class Run:
    elements: list[Element]
    func_text: str  # `sock.sendall`, `self._send`


def _func_key(ctx, call: cst.Call) -> str:
    return "".join(ctx.code(call.func).split())


def _single_arg(call: cst.Call) -> cst.BaseExpression | None:
    if len(call.args) != 1:
        return None
    arg = call.args[0]
    if arg.keyword is not None or arg.star:
        return None
    return arg.value


def _element(smap, call) -> Element | None:
    place = smap.expr_calls.get(id(call))
    if place is None or not isinstance(call.func, cst.Attribute | cst.Name):
        return None
    arg = _single_arg(call)
    if arg is None:
        return None
    return Element(call, place, arg)


def _following(smap, place: Place) -> Place | None:
    """The next small statement after this one, in the same block."""
    line = place.line
    if place.index + 1 < len(line.body):
        return smap.places.get(id(line.body[place.index + 1]))
    if not isinstance(line, cst.SimpleStatementLine):
        return None
    nxt = smap.next_statement(line)
    if not isinstance(nxt, cst.SimpleStatementLine) or len(nxt.body) != 1:
        return None  # a compound statement, or a line holding more than the write
    return smap.places.get(id(nxt.body[0]))


def find_run(ctx, first_call, must_hold) -> Run | None:
    """The run of adjacent calls like first_call (same function text, one argument), holding
    must_hold; None when must_hold is not adjacent to first_call."""
    smap = statement_map(ctx)
    first = _element(smap, first_call)
    if first is None:
        return None
    key = _func_key(ctx, first_call)
    elements = [first]
    place = first.place
    while True:
        nxt = _following(smap, place)
        if nxt is None or not isinstance(nxt.small, cst.Expr) or not isinstance(nxt.small.value, cst.Call):
            break
        call = nxt.small.value
        element = _element(smap, call)
        if element is None or _func_key(ctx, call) != key:
            break
        elements.append(element)
        place = nxt
    if len(elements) < 2 or not any(e.call is must_hold for e in elements):
        return None
    return Run(elements, ctx.code(first_call.func))


def _statement_edits(ctx, run: Run, make_call) -> tuple[list[Edit], bool]:
    """Edits that put the new call in place of the first call and remove the others; comments on
    removed lines are kept. make_call(prefix, suffix) gives the call's text for a line that holds
    prefix before it and suffix after it (so it can wrap within the line length). Returns the
    edits and whether a comment had to be dropped."""
    elements = run.elements
    first_line = elements[0].place.line
    same_line = [e for e in elements if e.place.line is first_line]
    later = [e for e in elements if e.place.line is not first_line]
    start, _ = offsets(ctx, same_line[0].call)
    _, end = offsets(ctx, same_line[-1].call)
    dropped = any(comments_in(e.call) - comments_in(e.arg) for e in elements)
    first_comment = trailing_comment(first_line)
    moved: list[str] = [c.value for c in (trailing_comment(e.place.line) for e in later) if c is not None]
    appended = ""
    if moved and first_comment is None and len(moved) == 1 and not _has_text_after(ctx, first_line, end):
        appended = "  " + moved.pop()
    begin_line = ctx.span(same_line[0].call).line
    end_line = ctx.span(same_line[-1].call).end_line
    prefix = ctx.source[line_start(ctx, begin_line):start]
    rest = ctx.source[end:line_start(ctx, end_line) + len(line_text(ctx, end_line))].rstrip("\r\n")
    text = make_call(prefix, appended + rest) + appended
    edits = [Edit(start, end, text)]
    for element in later:
        line = element.place.line
        span = ctx.span(line)
        begin = line_start(ctx, span.line)
        stop = line_start(ctx, span.end_line) + len(line_text(ctx, span.end_line))
        comment = trailing_comment(line)
        if comment is not None and comment.value in moved:
            moved.remove(comment.value)
            indent = indent_of(ctx, line) or ""
            edits.append(Edit(begin, stop, indent + comment.value + newline_of(ctx, span.end_line)))
        else:
            edits.append(Edit(begin, stop, ""))
    return edits, dropped


def _has_text_after(ctx, line, end: int) -> bool:
    """Is there more code after offset end on the line's last physical line (`; x = 1`)?"""
    span = ctx.span(line)
    stop = line_start(ctx, span.end_line) + len(line_text(ctx, span.end_line))
    rest = ctx.source[end:stop]
    return rest.strip(" \t\r\n") != ""


def _pieces(ctx, run: Run) -> list[P.Piece]:
    out = []
    for element in run.elements:
        for node in P.flatten(element.arg):
            out.append(P.Piece(node, ctx.code(node)))
    return out


def _reasons(ctx, run: Run, method: str, dropped: bool) -> list[str]:
    reasons = []
    if method in UNSAFE_METHODS:
        reasons.append(f"{method}() may write only part of the joined buffer")
    for element in run.elements[1:]:
        impure = P.impure_part(element.arg, ctx.code)
        if impure is not None:
            short = impure if len(impure) <= 40 else impure[:37] + "..."
            reasons.append(f"`{short}` would run before the earlier piece is sent")
            break
    if dropped:
        reasons.append("a comment inside a call would be lost")
    return reasons


def join_fixes(ctx, run: Run, method: str, socket_like: bool) -> tuple[Fix, ...]:
    """The join fix, and the sendmsg fix when the stream is a plain socket."""
    if method not in SAFE_METHODS | UNSAFE_METHODS:
        return ()
    pieces = _pieces(ctx, run)
    folded = P.fold(pieces)
    quote = P.quote_style([e.arg for e in run.elements], ctx.cst)
    buffer, parts, operator = P.buffer_form(folded, quote, plus=not _may_be_view(ctx, folded[0]))
    limit = line_length(ctx.path)
    newline = newline_of(ctx, ctx.span(run.elements[0].call).line)

    def joined(prefix: str, suffix: str) -> str:
        indent = prefix[:len(prefix) - len(prefix.lstrip(" \t"))]
        return layout.call(run.func_text, [buffer], indent, prefix, suffix, limit, newline,
                           pieces=parts or None, operator=operator)

    edits, dropped = _statement_edits(ctx, run, joined)
    reasons = _reasons(ctx, run, method, dropped)
    n = len(run.elements)
    title = f"Join the {n} writes into one `{run.func_text}()` call"
    fixes = [Fix(title + (f" (unsafe: {'; '.join(reasons)})" if reasons else ""), "join",
                 Applicability.UNSAFE if reasons else Applicability.SAFE, tuple(edits))]
    if socket_like and method in ("sendall", "send") and len(folded) >= 2 and not _maybe_ssl(ctx):
        receiver = run.func_text.rsplit(".", 1)[0]
        listed = P.list_text(folded)

        def sendmsg(prefix: str, suffix: str) -> str:
            indent = prefix[:len(prefix) - len(prefix.lstrip(" \t"))]
            return layout.call(f"{receiver}.sendmsg", [listed], indent, prefix, suffix, limit, newline)

        sm_edits, _ = _statement_edits(ctx, run, sendmsg)
        fixes.append(Fix(f"Send the {n} pieces with one `{receiver}.sendmsg()` call, without a copy (unsafe: "
                         f"sendmsg() may send only part of the data on a socket with a timeout or in "
                         f"non-blocking mode, and is missing on Windows and SSL sockets)",
                         "sendmsg", Applicability.UNSAFE, tuple(sm_edits)))
    return tuple(fixes)


def _may_be_view(ctx, piece: P.Piece) -> bool:
    """Could the first piece be a memoryview (which has no `+`)? A slice, anything that mentions
    memoryview, or a name the file assigns from an expression that does."""
    node = piece.node
    if node is None or piece.value is not None:
        return False  # a bytes literal
    if "memoryview" in piece.text or isinstance(node, cst.Subscript):
        return True
    name = piece.text.strip()
    if not re.fullmatch(r"[\w.]+", name):
        return False
    return re.search(rf"(?<![\w.]){re.escape(name)}\s*(?::[^=\n]*)?=[^=\n]*memoryview", ctx.source) is not None


def _maybe_ssl(ctx) -> bool:
    """SSL sockets have no sendmsg(): never offer it in a module that uses ssl."""
    names = ctx.facts.imports.resolved()
    return any(full == "ssl" or full.startswith("ssl.") for full in names.values()) or "wrap_socket" in ctx.source
