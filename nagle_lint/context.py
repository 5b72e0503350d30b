"""What a rule sees for one file: the shared analysis, positions on demand, and a finding builder."""
from __future__ import annotations

import ast
import re
from functools import cached_property
from typing import TYPE_CHECKING, Iterable

from nagle_lint.flow.analyse import ModuleFacts
from nagle_lint.flow.paths import Split
from nagle_lint.lines import LineIndex, code_point_column, split_lines
from nagle_lint.model import Finding, Fix, Related, Span
from nagle_lint.streams import catalog as C
from nagle_lint.streams.names import dotted, picked_method, shown
from nagle_lint.syntax import args_of, statements

if TYPE_CHECKING:
    from nagle_lint.rules.base import Rule


_NAMED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class ForeignNode(Exception):
    """A node of another project module read with this one: it has no place in this file."""


class NoFix(Exception):
    """The lossless tree cannot take a fix here (libcst cannot parse the file, or has no node
    for the code a finding names): the finding stands, without a fix."""


class FileContext:
    def __init__(self, path: str, source: str, facts: ModuleFacts, settings, in_tests: bool = False,
                 moved=None) -> None:
        self.path = path
        # facts made from an earlier text of the file whose code only moved by whole lines
        # (edits.Buffer): old line -> the line it is on in source. Only the spans shown move; the
        # questions rules ask of positions compare the facts' own nodes with each other.
        self._moved = moved
        # a test file (engine.is_test_path): no TCP_NODELAY fixes there, and a stall that comes
        # once per connection (one request after a handshake) is not worth a finding
        self.in_tests = in_tests
        self.source = source
        self.facts = facts
        self.settings = settings

    # -- positions ----------------------------------------------------------------------------
    # `ast` gives each node its lines and its columns in UTF-8 bytes; spans are in code points.
    @cached_property
    def _lines(self) -> list[str]:
        return split_lines(self.source)

    def _column(self, line: int, offset: int) -> int:
        return code_point_column(self._lines[line - 1] if 0 < line <= len(self._lines) else "", offset)

    def span(self, node) -> Span:
        """Where a node is, as a finding shows it (a def or class: its name)."""
        if not self.is_local(node):
            raise ForeignNode()
        if type(node) in _NAMED:
            return self._name_span(node)
        line = self._line_of(node.lineno)
        end_line = self._line_of(node.end_lineno) if node.end_lineno else line
        end_col = node.end_col_offset if node.end_col_offset is not None else node.col_offset
        return Span(line, self._column(line, node.col_offset) + 1, end_line, self._column(end_line, end_col) + 1)

    def _line_of(self, line: int) -> int:
        return line if self._moved is None else self._moved(line)

    def _name_span(self, node) -> Span:
        """The name of a def or class (`ast` keeps no node for it): after `def`/`class` on its
        first line, else the keyword itself."""
        number = self._line_of(node.lineno)
        line = self._lines[number - 1] if number <= len(self._lines) else ""
        start = self._column(number, node.col_offset)
        found = re.compile(rf"(?:async\s+)?(?:def|class)\s+({re.escape(node.name)})\b").match(line, start)
        if found is None:
            return Span(number, start + 1, number, start + 1)
        return Span(number, found.start(1) + 1, number, found.end(1) + 1)

    @cached_property
    def line_starts(self) -> list[int]:
        return LineIndex(self.source).starts

    def offsets(self, node) -> tuple[int, int]:
        """Code-point offsets of a node in the source text, for edits."""
        span = self.span(node)
        return (self.line_starts[span.line - 1] + span.col - 1,
                self.line_starts[span.end_line - 1] + span.end_col - 1)

    def code(self, node) -> str:
        start, end = self.offsets(node)
        return self.source[start:end]

    # -- building findings --------------------------------------------------------------------
    def finding(self, rule: Rule, node, message: str, related: Iterable[tuple[str, object]] = (),
                fixes: Iterable[Fix] = (), pieces: tuple[int, ...] = (), side: str = "") -> Finding | None:
        """The finding, or None when node is in another module (that file reports its own)."""
        if not self.is_local(node):
            return None
        return Finding(
            code=rule.code, name=rule.name, message=message, path=self.path, span=self.span(node),
            severity=rule.severity, confidence=rule.confidence,
            related=tuple(Related(label, self.span(n)) for label, n in related if self.is_local(n)),
            fixes=tuple(fixes), pieces=pieces, side=side,
        )

    @cached_property
    def _bindings(self) -> dict[int, str]:
        """id of a value -> the name this file binds it to (`sock = create_connection(...)`,
        `with create_connection(...) as s`)."""
        names = {}
        for node in statements(self.facts.module):
            if type(node) in (ast.Assign, ast.AnnAssign) and node.value is not None:
                targets = node.targets if type(node) is ast.Assign else [node.target]
                name = shown(targets[0]) if len(targets) == 1 else None  # (`self.links[peer]` too)
                if name:
                    names[id(node.value)] = name
            elif type(node) in (ast.With, ast.AsyncWith):
                for item in node.items:
                    if item.optional_vars is not None and dotted(item.optional_vars):
                        names[id(item.context_expr)] = dotted(item.optional_vars)
        return names

    @cached_property
    def functions_by_line(self) -> dict[int, list]:
        """line -> this file's functions whose lines (decorators included) hold it: a finding asks
        for its enclosing function without going through every function of the file."""
        index = self.facts.index
        found: dict[int, list] = {}
        for func in index.functions:
            if index.is_foreign(func):
                continue
            node = func.node
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
            for line in range(first, (node.end_lineno or node.lineno) + 1):
                found.setdefault(line, []).append(func)
        return found

    def bound_name(self, node) -> str | None:
        """The name the flagged line gives a value, when it binds one."""
        return self._bindings.get(id(node))

    def line(self, node) -> int:
        return self.span(node).line

    def order(self, node) -> tuple:
        """A sort key: this file's nodes by line, then those of linked modules."""
        try:
            return (0, self.line(node))
        except ForeignNode:
            return (1, 0)

    def is_local(self, node) -> bool:
        """A node of this file's tree: one with a position that no linked module holds."""
        return self.facts.index.file_of(node) == 0

    def where(self, node) -> str:
        """`12` for a line of this file, `40 in pkg/base.py` for one of a linked module."""
        if self.is_local(node):
            return str(self.line(node))
        file = self.facts.index.file_of(node)
        if file < 1:
            return "?"
        return f"{node.lineno} in {self.relative(self.facts.linked[file - 1][0])}"

    def relative(self, other: str) -> str:
        """Another project file's path as a message shows it: relative to this file's folder."""
        return _relative(other, self.path)

    def local_fixes(self, compute) -> tuple:
        """The fixes compute() builds, or none when one would edit another file (or cannot be
        built on the lossless tree, or the caller wants none)."""
        if not self.settings.fixes:
            return ()
        try:
            return tuple(compute())
        except (ForeignNode, NoFix):
            return ()

    # -- shared queries -----------------------------------------------------------------------
    def splits(self, code: str) -> list[Split]:
        """The splits a given split rule owns (NAG101, NAG102, NAG103 or NAG401)."""
        flow = self.facts.flow
        return [s for s in flow.splits.values() if split_code(s, flow.loop_nodes, self.in_tests, flow.retry_loops) == code]

    def creation_site(self, conn):
        """Where the connection is made, when that is a call in this file (not a handler class)."""
        return conn.origin if conn.handler is None and type(conn.origin).__name__ == "Call" else None


def _relative(other: str, path: str) -> str:
    """A linked module's path as the user would read it: relative to the checked file's folder."""
    import os

    try:
        return os.path.relpath(other, os.path.dirname(os.path.abspath(path)))
    except ValueError:
        return other


def split_code(split: Split, loop_nodes: dict, in_tests: bool = False, retry_loops=frozenset()) -> str | None:
    conn = split.conn
    if not conn.is_tcp:
        return None
    if not conn.nagle_on():
        return "NAG401"  # one more segment and syscall, stall or not
    if not split.repeats:
        return None  # a one-shot connection: its first data is ACKed at once
    if in_tests and not split.recurs:
        return None  # one stall per test connection, not per request of a program
    if conn.handler is not None and not conn.keep_alive:
        return None  # closed after this response (HTTP/1.0, Connection: close): the FIN sends the rest
    if loop_makes_pieces(split, loop_nodes, retry_loops):
        return "NAG103"
    return "NAG102" if conn.side == C.SERVER else "NAG101"


def loop_makes_pieces(split: Split, loop_nodes: dict, retry_loops=frozenset()) -> bool:
    """The held piece comes from a loop: the same write repeated, or a write in a loop that
    holds neither the first piece nor the read. (Loops compared as statements: a helper's packet
    loop that both pieces pass through, one call each, is not what makes the pieces; nor does a
    partial-send loop, whose turns send one buffer: the length, then the payload, each sent so)"""
    first, second = split.first, split.second
    if second.same_write(first) or split.across:
        return True
    loops = [key for key in second.loops if (id(loop_nodes.get(key)), id(second.node)) not in retry_loops]
    if not loops:
        return False
    inner = loop_nodes.get(loops[-1])
    return all(loop_nodes.get(key) is not inner for key in split.read_loops + first.loops)


def receiver_name(call) -> str:
    """`sock` for sock.sendall(...), `self.wfile` for self.wfile.write(...), `sock` for
    loop.sock_sendall(sock, ...), `sock` for (sock.sendall if last else sock.send)(...)."""
    if type(call) is ast.Call and type(call.func) is ast.IfExp and (picked := picked_method(call.func)) is not None:
        return shown(picked.value) or "stream"
    if type(call) is ast.Call and type(call.func) is ast.Attribute:
        if call.func.attr.startswith("sock_") and args_of(call):
            name = dotted(args_of(call)[0].value)
            if name:
                return name
        name = shown(call.func.value)
        if name:
            return name
        if type(call.func.value) is ast.Call:
            if dotted(call.func.value.func) == "super":
                return "self"  # `super().sendall(b)` in a socket subclass: the socket itself
            return dotted(call.func.value.func) or "stream"
    return "stream"


def call_text(call) -> str:
    """`sock.sendall()`: the call without its arguments, for messages."""
    if type(call) is ast.Call:
        name = dotted(call.func)
        if name:
            return f"{name}()"
    if type(call) is ast.Name:
        return f"{call.id}()"
    return "the call"
