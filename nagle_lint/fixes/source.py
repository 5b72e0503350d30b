"""Where statements live, and the text around them: what every fix needs to turn a libcst node
into an edit of the original text (indentation, the line's own newline, trailing comments).

The map is built once per file, only when a rule asks for a fix, by a walk over statements
(expressions are not entered).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from nagle_lint.model import Edit

SIMPLE_LINES = (cst.SimpleStatementLine, cst.SimpleStatementSuite)


@dataclass(frozen=True)
class Place:
    """A small statement: its line (SimpleStatementLine or SimpleStatementSuite) and position."""

    small: cst.BaseSmallStatement
    line: cst.CSTNode
    index: int


@dataclass(frozen=True)
class Slot:
    """A statement in a block: the block's statements, its index, the suite and its owner."""

    body: tuple
    index: int
    suite: cst.CSTNode  # IndentedBlock or Module
    owner: cst.CSTNode  # the compound statement (or the Module) the block belongs to


class StatementMap:
    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.expr_calls: dict[int, Place] = {}  # id(call) -> the Expr statement that is only that call
        self.assigned: dict[int, Place] = {}  # id(call) -> the Assign/AnnAssign whose value holds it
        self.with_items: dict[int, tuple[cst.With, cst.WithItem]] = {}
        self.slots: dict[int, Slot] = {}  # id(statement) -> where it is
        self.places: dict[int, Place] = {}  # id(small statement) -> its line
        self.suite_owner: dict[int, cst.CSTNode] = {}  # id(SimpleStatementSuite) -> its statement
        self._walk()

    def _walk(self) -> None:
        # (node, the nearest statement around it: the compound statement or the Module)
        stack: list[tuple[cst.CSTNode, cst.CSTNode]] = [(self.module, self.module)]
        while stack:
            node, owner = stack.pop()
            if isinstance(node, (cst.IndentedBlock, cst.Module)):
                body = tuple(node.body)
                for index, stmt in enumerate(body):
                    self.slots[id(stmt)] = Slot(body, index, node, owner)
                    stack.append((stmt, stmt))
                continue
            if isinstance(node, SIMPLE_LINES):
                if isinstance(node, cst.SimpleStatementSuite):
                    self.suite_owner[id(node)] = owner
                for index, small in enumerate(node.body):
                    self._small(small, node, index)
                continue
            if isinstance(node, cst.BaseExpression):
                continue
            if isinstance(node, cst.With):
                for item in node.items:
                    call = _unwrap(item.item)
                    if isinstance(call, cst.Call):
                        self.with_items[id(call)] = (node, item)
            for child in node.children:
                if not isinstance(child, cst.BaseExpression):
                    stack.append((child, owner))

    def _small(self, small, line, index) -> None:
        place = Place(small, line, index)
        self.places[id(small)] = place
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            self.expr_calls[id(small.value)] = place
        elif isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
            value = _unwrap(small.value)
            if isinstance(value, cst.Subscript):  # conn = srv.accept()[0]
                value = value.value
            if isinstance(value, cst.Call):
                self.assigned[id(value)] = place

    def owner_of(self, stmt) -> cst.CSTNode | None:
        """The compound statement (or Module) whose block holds stmt."""
        slot = self.slots.get(id(stmt))
        return slot.owner if slot is not None else None

    def function_of(self, stmt) -> cst.FunctionDef | None:
        """The innermost function around a statement (None at module or class level)."""
        current = stmt
        while True:
            owner = self.owner_of(current)
            if owner is None or isinstance(owner, (cst.Module, cst.ClassDef)):
                return None
            if isinstance(owner, cst.FunctionDef):
                return owner
            current = owner

    def next_statement(self, stmt) -> cst.CSTNode | None:
        slot = self.slots.get(id(stmt))
        if slot is None or slot.index + 1 >= len(slot.body):
            return None
        return slot.body[slot.index + 1]


def _unwrap(expr):
    return expr.expression if isinstance(expr, cst.Await) else expr


def statement_map(ctx) -> StatementMap:
    found = ctx.__dict__.get("_nagle_statement_map")
    if found is None:
        found = ctx.__dict__["_nagle_statement_map"] = StatementMap(ctx.cst)
    return found


# -- text around nodes --------------------------------------------------------------------------
# Lines end at \r\n, \r or \n only, as for Python's tokenizer and libcst (str.splitlines also
# splits at form feeds and other separators that can sit inside a source line).
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def line_starts(ctx) -> list[int]:
    found = ctx.__dict__.get("_nagle_line_starts")
    if found is None:
        found, offset = [0], 0
        for match in _LINE.finditer(ctx.source):
            offset = match.end()
            found.append(offset)
        ctx.__dict__["_nagle_line_starts"] = found
    return found


def offsets(ctx, node) -> tuple[int, int]:
    """Code-point offsets of a node in the source text."""
    span, starts = ctx.span(node), line_starts(ctx)
    return starts[span.line - 1] + span.col - 1, starts[span.end_line - 1] + span.end_col - 1


def line_start(ctx, line: int) -> int:
    return line_starts(ctx)[line - 1]


def line_count(ctx) -> int:
    return len(line_starts(ctx)) - 1


def line_text(ctx, line: int) -> str:
    starts = line_starts(ctx)
    if line < 1 or line > len(starts) - 1:
        return ""
    return ctx.source[starts[line - 1]:starts[line]]


def newline_of(ctx, line: int) -> str:
    """The line's own newline ("\\r\\n", "\\n", "\\r"), or the module's when the line has none."""
    text = line_text(ctx, line)
    stripped = text.rstrip("\r\n")
    return text[len(stripped):] or ctx.cst.default_newline


def has_newline(ctx, line: int) -> bool:
    text = line_text(ctx, line)
    return text.endswith(("\n", "\r"))


def indent_of(ctx, node) -> str | None:
    """The whitespace before a node on its first line, or None when something else precedes it."""
    start, _ = offsets(ctx, node)
    line = ctx.span(node).line
    prefix = ctx.source[line_start(ctx, line):start]
    return prefix if prefix.strip(" \t") == "" else None


def insert_after_line(ctx, stmt, text: str, indent: str) -> Edit | None:
    """A new line `indent + text` right after the physical line(s) of a statement."""
    last = ctx.span(stmt).end_line
    if not has_newline(ctx, last):  # the statement ends the file without a newline
        end = len(ctx.source)
        return Edit(end, end, ctx.cst.default_newline + indent + text)
    position = line_starts(ctx)[last]
    return Edit(position, position, indent + text + newline_of(ctx, last))


def trailing_comment(line) -> cst.Comment | None:
    if isinstance(line, cst.SimpleStatementLine):
        return line.trailing_whitespace.comment
    if isinstance(line, cst.SimpleStatementSuite):
        return line.trailing_whitespace.comment
    return None


def comments_in(node) -> int:
    """How many comments a node holds (inside parentheses, between arguments)."""
    count, stack = 0, [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Comment):
            count += 1
        stack.extend(current.children)
    return count


def first_line_of_block_statement(ctx, stmt) -> int:
    """The first line of a statement including the comment and blank lines that lead it."""
    leading = getattr(stmt, "leading_lines", ())
    decorators = getattr(stmt, "decorators", ())
    first = decorators[0] if decorators else stmt  # a def's span starts at `def`, after them
    return ctx.span(first).line - len(leading)
