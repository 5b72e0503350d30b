"""What a rule sees for one file: the shared analysis, positions on demand, and a finding builder."""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Iterable

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from nagle_lint.flow.analyse import ModuleFacts
from nagle_lint.flow.events import fast_children
from nagle_lint.lines import LineIndex
from nagle_lint.flow.paths import Split
from nagle_lint.model import Finding, Fix, Related, Span
from nagle_lint.streams import catalog as C
from nagle_lint.streams.names import dotted

if TYPE_CHECKING:
    from nagle_lint.rules.base import Rule


class ForeignNode(Exception):
    """A node of another project module read with this one: it has no place in this file."""


class FileContext:
    def __init__(self, path: str, source: str, facts: ModuleFacts, settings,
                 top_lines: list[int] | None = None, in_tests: bool = False) -> None:
        self.path = path
        self.in_tests = in_tests  # a test file (engine.is_test_path): no TCP_NODELAY fixes there
        self.source = source
        self.facts = facts
        self.settings = settings
        self.top_lines = top_lines  # first line of each top-level statement (engine.top_lines)
        self._owner: dict[int, int] = {}  # id(node) -> index of its top-level statement
        self._scanned = 0
        self._statement_positions: dict[int, tuple] = {}

    # -- positions (computed only when a rule reports something) -----------------------------
    # libcst computes positions by generating the code of the whole module, which costs more
    # than parsing it. Here only the top-level statements that hold a reported node are
    # generated, each on its own, and shifted to its first line (known from the ast).
    @cached_property
    def _positions(self):
        return _positions_of(self.facts.module)

    def _code_range(self, node: cst.CSTNode):
        index = self._top_index(node) if self.top_lines is not None else None
        if index is None:
            if self._in_linked(node):
                raise ForeignNode()
            try:
                return self._positions[node]
            except KeyError:
                raise ForeignNode() from None
        found = self._statement_positions.get(index)
        if found is None:
            statement = self.facts.module.body[index]
            alone = self.facts.module.with_changes(body=[statement], header=[], footer=[])
            positions = _positions_of(alone)
            shift = self.top_lines[index] - positions[statement].start.line
            found = self._statement_positions[index] = (positions, shift)
        positions, shift = found
        code_range = positions[node]
        return CodeRange(CodePosition(code_range.start.line + shift, code_range.start.column),
                         CodePosition(code_range.end.line + shift, code_range.end.column))

    def _top_index(self, node: cst.CSTNode) -> int | None:
        key = id(node)
        body = self.facts.module.body
        while key not in self._owner and self._scanned < len(body):
            index = self._scanned
            stack = [body[index]]
            while stack:
                current = stack.pop()
                self._owner[id(current)] = index
                stack.extend(fast_children(current))
            self._scanned += 1
        return self._owner.get(key)

    def _in_linked(self, node: cst.CSTNode) -> bool:
        owned = self.__dict__.get("_linked_nodes")
        if owned is None:
            owned = self.__dict__["_linked_nodes"] = set()
            stack = [stmt for _, other in self.facts.linked for stmt in other.body]
            while stack:
                current = stack.pop()
                owned.add(id(current))
                stack.extend(fast_children(current))
        return id(node) in owned

    @cached_property
    def line_starts(self) -> list[int]:
        return LineIndex(self.source).starts

    def span(self, node: cst.CSTNode) -> Span:
        code_range = self._code_range(node)
        return Span(code_range.start.line, code_range.start.column + 1,
                    code_range.end.line, code_range.end.column + 1)

    def offsets(self, node: cst.CSTNode) -> tuple[int, int]:
        """Code-point offsets of a node in the source text, for edits."""
        span = self.span(node)
        return (self.line_starts[span.line - 1] + span.col - 1,
                self.line_starts[span.end_line - 1] + span.end_col - 1)

    def code(self, node: cst.CSTNode) -> str:
        return self.facts.module.code_for_node(node)

    # -- building findings --------------------------------------------------------------------
    def finding(self, rule: Rule, node: cst.CSTNode, message: str, related: Iterable[tuple[str, cst.CSTNode]] = (),
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

    def line(self, node: cst.CSTNode) -> int:
        return self.span(node).line

    def order(self, node: cst.CSTNode) -> tuple:
        """A sort key: this file's nodes by line, then those of linked modules."""
        try:
            return (0, self.line(node))
        except ForeignNode:
            return (1, 0)

    def is_local(self, node: cst.CSTNode) -> bool:
        try:
            self._code_range(node)
        except ForeignNode:
            return False
        return True

    def where(self, node: cst.CSTNode) -> str:
        """`12` for a line of this file, `40 in pkg/base.py` for one of a linked module."""
        try:
            return str(self.line(node))
        except ForeignNode:
            pass
        for other_path, other in self.facts.linked:
            positions = self._foreign_positions(other_path, other)
            if node in positions:
                return f"{positions[node].start.line} in {_relative(other_path, self.path)}"
        return "?"

    def _foreign_positions(self, other_path: str, other: cst.Module):
        cache = self.__dict__.setdefault("_foreign", {})
        if other_path not in cache:
            cache[other_path] = _positions_of(other)
        return cache[other_path]

    def local_fixes(self, compute) -> tuple:
        """The fixes compute() builds, or none when one would edit another file."""
        try:
            return tuple(compute())
        except ForeignNode:
            return ()

    # -- shared queries -----------------------------------------------------------------------
    def splits(self, code: str) -> list[Split]:
        """The splits a given split rule owns (NAG101, NAG102, NAG103 or NAG401)."""
        return [s for s in self.facts.flow.splits.values() if split_code(s) == code]

    def creation_site(self, conn):
        """Where the connection is made, when that is a call in this file (not a handler class)."""
        return conn.origin if conn.handler is None and type(conn.origin).__name__ == "Call" else None


def _positions_of(module: cst.Module):
    """node -> CodeRange for every node of the module: what
    `MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)` returns, without
    the wrapper's visit of the whole tree for batched providers (there are none here; that
    empty visit costs as much as the code generation that finds the positions)."""
    provider = PositionProvider()
    try:
        gen = provider._gen_impl
        provider._computed = {}
    except AttributeError:  # another libcst: its public way
        return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    gen(module)
    return provider._computed


def _relative(other: str, path: str) -> str:
    """A linked module's path as the user would read it: relative to the checked file's folder."""
    import os

    try:
        return os.path.relpath(other, os.path.dirname(os.path.abspath(path)))
    except ValueError:
        return other


def split_code(split: Split) -> str | None:
    conn = split.conn
    if not conn.is_tcp:
        return None
    if not conn.nagle_on():
        return "NAG401"  # one more segment and syscall, stall or not
    if not split.repeats:
        return None  # a one-shot connection: its first data is ACKed at once
    if conn.handler is not None and not conn.keep_alive:
        return None  # closed after this response (HTTP/1.0, Connection: close): the FIN sends the rest
    if loop_makes_pieces(split):
        return "NAG103"
    return "NAG102" if conn.side == C.SERVER else "NAG101"


def loop_makes_pieces(split: Split) -> bool:
    """The held piece comes from a loop: the same write repeated, or a write in a loop that
    holds neither the first piece nor the read."""
    first, second = split.first, split.second
    if second.same_write(first):
        return True
    if not second.loops:
        return False
    inner = second.loops[-1]
    return inner not in split.read_loops and inner not in first.loops


def receiver_name(call: cst.CSTNode) -> str:
    """`sock` for sock.sendall(...), `self.wfile` for self.wfile.write(...), `sock` for
    loop.sock_sendall(sock, ...)."""
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
            call.func.attr.value.startswith("sock_") and call.args:
        name = dotted(call.args[0].value)
        if name:
            return name
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute):
        name = dotted(call.func.value)
        if name:
            return name
        if isinstance(call.func.value, cst.Call):
            return dotted(call.func.value.func) or "stream"
    return "stream"


def call_text(call: cst.CSTNode) -> str:
    """`sock.sendall()`: the call without its arguments, for messages."""
    if isinstance(call, cst.Call):
        name = dotted(call.func)
        if name:
            return f"{name}()"
    if isinstance(call, cst.Name):
        return f"{call.value}()"
    return "the call"
