"""Messages paced by a person: written after the program waited for someone to type
(`line = input()`, `sys.stdin.readline()`) on the same turn of its loop.

Such a connection carries one exchange per typed line, as fast as the person types: a line is
one write, and 40 ms of Nagle on it would not be felt. So it is no request/response connection
that needs TCP_NODELAY (an interactive shell's client). A split of the typed line into pieces is
still a split, and judged as one.
"""
from __future__ import annotations

import ast
from collections.abc import Callable

from nagle_lint.flow.events import calls_in
from nagle_lint.syntax import DEFINITIONS, FOR_LOOPS, MATCH, TRIES, WITHS

Waits = Callable[[ast.Call], bool]


def paced_calls(body: list, waits: Waits) -> set[int]:
    """ids of the calls of a function's (or module's) own body that run after a call that
    waits for a person on every path of the same loop turn: later in its statement, later in its
    block, or in a block nested after it (not after a branch that waited on one path only)."""
    paced: set[int] = set()
    _block(body, False, waits, paced)
    return paced


def _block(stmts: list, seen: bool, waits: Waits, paced: set) -> bool:
    for stmt in stmts:
        seen = _stmt(stmt, seen, waits, paced)
    return seen


def _stmt(stmt, seen: bool, waits: Waits, paced: set) -> bool:
    kind = type(stmt)
    if kind in DEFINITIONS:
        return seen
    bodies = _bodies(stmt)
    # what runs before the bodies (the whole statement when it has none), in evaluation order
    for call in calls_in(_headers(stmt) if bodies else stmt):
        if seen:
            paced.add(id(call))
        elif waits(call):
            seen = True
    if kind in TRIES:
        # `try: line = input()` / `except EOFError: break`: past the try, the person was waited for
        # when the body was, and each handler waited too or left the loop
        waited = _block(stmt.orelse, _block(stmt.body, seen, waits, paced), waits, paced)
        handled = [_block(handler.body, seen, waits, paced) or _leaves(handler.body) for handler in stmt.handlers]
        _block(stmt.finalbody, seen, waits, paced)
        return seen or waited and all(handled)
    if kind is ast.While:  # its test waits again at the start of every turn
        _block(stmt.body, any(waits(call) for call in calls_in(stmt.test)), waits, paced)
        _block(stmt.orelse, seen, waits, paced)
        return seen
    for body in bodies:
        # (a `for` body's later turns come after its own turn's wait only)
        _block(body, False if kind in FOR_LOOPS and body is stmt.body else seen, waits, paced)
    return seen


def _leaves(body: list) -> bool:
    """Does the block end by leaving (break, continue, return, raise)?"""
    return bool(body) and type(body[-1]) in (ast.Break, ast.Continue, ast.Return, ast.Raise)


def _headers(stmt) -> list:
    kind = type(stmt)
    if kind is ast.If:
        return [stmt.test]
    if kind in FOR_LOOPS:
        return [stmt.iter]
    if kind in WITHS:
        return [item.context_expr for item in stmt.items]
    if kind is MATCH:
        return [stmt.subject]
    return []  # (try: nothing runs before its body; a while's test runs every turn: _stmt)


def _bodies(stmt) -> list:
    kind = type(stmt)
    if kind in TRIES:
        return [stmt.body, *(handler.body for handler in stmt.handlers), stmt.orelse, stmt.finalbody]
    if kind is MATCH:
        return [case.body for case in stmt.cases]
    if kind in (ast.If, ast.While, *FOR_LOOPS):
        return [stmt.body, stmt.orelse]
    if kind in WITHS:
        return [stmt.body]
    return []
