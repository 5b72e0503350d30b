"""An editor buffer's last analysis, for the edits that move its code without changing it.

Typing a comment, adding or removing blank lines or comment lines, editing a comment at a line's
end, or a top-level statement the sparse read passes over (a constant, a plain function with no
socket call): the code analysed is the same, only lines have moved. The language server keeps each buffer's last
analysis in a Buffer; when the new text parses to the same tree, with every node at the same
columns and the lines in the same order, the rules run again on the facts the last walk made, and
each position they show is carried to the line it is on now. Everything else the analysis read
must be as it was too (what the triage and the sparse read kept, the modules linked, the other
files consulted, the settings); otherwise, or when anything is in doubt, the file is analysed
afresh. tests/test_speedups_equal.py checks that both give the same findings.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Callable

from nagle_lint.cache import unchanged
from nagle_lint.lines import split_lines


class Unplaced(Exception):
    """A position on a line the last text's lines were not matched for: analyse afresh."""


@dataclass
class Analysis:
    """What one analysis of a buffer's text made, before the rules ran on it."""
    source: str
    tree: ast.Module
    kept: tuple[int, ...]  # the top-level statements the sparse read kept, by index
    linked: tuple  # ((path, ast module), ...): the other modules read with it
    names_unix: bool
    settings: object
    facts: object  # flow.analyse.ModuleFacts
    stamps: tuple  # cache.dependency_stamps(): the project files and folders the analysis read
    lines: list[str] | None = None  # the source's lines, split when first compared


class Buffer:
    """One editor buffer (one file's path): its last analysis, if any."""

    def __init__(self) -> None:
        self.last: Analysis | None = None
        self.reused = 0  # analyses answered from the last one (for tests and benchmarks)

    def keep(self, analysis: Analysis | None) -> None:
        self.last = analysis

    def moved_lines(self, source: str, tree: ast.Module, kept: tuple[int, ...], linked: tuple,
                    names_unix: bool, settings) -> Callable[[int], int] | None:
        """old line -> new line (raising Unplaced), when the last analysis holds for this tree;
        else None."""
        last = self.last
        # (a linked module read again is another tree: each is read once per version of its file)
        if last is None or len(kept) != len(last.kept) or names_unix != last.names_unix or settings != last.settings \
                or len(linked) != len(last.linked) \
                or any(a[0] != b[0] or a[1] is not b[1] for a, b in zip(linked, last.linked)) \
                or not unchanged(last.stamps):
            return None
        if last.lines is None:
            last.lines = split_lines(last.source)
        # (split as Python splits lines: str.splitlines() also splits at a form feed)
        # (only the statements the sparse read kept were analysed: a statement it passes over,
        # added or removed, changes nothing the analysis read; the kept ones must be alike)
        lines = _line_map(_kept_part(last.tree, last.kept), last.lines, _kept_part(tree, kept), split_lines(source))
        if lines is None:
            return None

        def moved(line: int) -> int:
            if line not in lines:
                raise Unplaced(line)
            return lines[line]

        return moved


def _line_map(old: ast.Module, old_lines: list[str], new: ast.Module, new_lines: list[str]) -> dict[int, int] | None:
    """Each old line that holds code -> the line it is on in new, when the two trees are alike in
    everything but lines: every node of the same type, with the same values and columns, and the
    lines in the same order. Then every question the analysis asked of positions has the same
    answer on new. None otherwise."""
    lines: dict[int, int] = {}

    def alike(a, b, skip: str = "") -> bool:
        if type(a) is not type(b):
            return False
        line = getattr(a, "lineno", None)
        if line is not None:
            if a.col_offset != b.col_offset or a.end_col_offset != b.end_col_offset \
                    or lines.setdefault(line, b.lineno) != b.lineno \
                    or lines.setdefault(a.end_lineno, b.end_lineno) != b.end_lineno:
                return False
        for field in a._fields:
            if field == skip:
                continue
            x, y = getattr(a, field), getattr(b, field)
            if type(x) is list:
                if len(x) != len(y) or not all(alike(p, q) if isinstance(p, ast.AST) else _equal(p, q)
                                               for p, q in zip(x, y)):
                    return False
            elif isinstance(x, ast.expr_context):
                if type(x) is not type(y):
                    return False
            elif not (alike(x, y) if isinstance(x, ast.AST) else _equal(x, y)):
                return False
        return True

    def alike_block(old_body: list, new_body: list) -> bool:
        # (a statement whose lines read the same is the same subtree, moved by whole lines: most
        # of a file is, and comparing text is much cheaper than comparing trees)
        if len(old_body) != len(new_body):
            return False
        for a, b in zip(old_body, new_body):
            first, new_first = _first_line(a), _first_line(b)
            if type(a) is type(b) and a.col_offset == b.col_offset \
                    and old_lines[first - 1:a.end_lineno] == new_lines[new_first - 1:b.end_lineno]:
                shift = new_first - first
                for line in range(first, a.end_lineno + 1):
                    if lines.setdefault(line, line + shift) != line + shift:
                        return False
            elif type(a) in _BLOCKS and type(b) is type(a):
                if not (alike(a, b, skip="body") and alike_block(a.body, b.body)):
                    return False
            elif not alike(a, b):
                return False
        return True

    try:
        if not (alike(old, new, skip="body") and alike_block(old.body, new.body)):
            return None
    except RecursionError:
        return None
    order = sorted(lines)
    if any(lines[x] >= lines[y] for x, y in zip(order, order[1:])):
        return None
    return lines


_BLOCKS = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _kept_part(tree: ast.Module, kept: tuple[int, ...]) -> ast.Module:
    if len(kept) == len(tree.body):
        return tree
    return ast.Module(body=[tree.body[i] for i in kept], type_ignores=tree.type_ignores)


def _first_line(node: ast.stmt) -> int:
    return min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])


def _equal(x, y) -> bool:
    # (1, 1.0 and True are equal values of three types)
    return type(x) is type(y) and x == y
