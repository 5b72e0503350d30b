"""Writes a pause follows: a sender that sleeps after each write (an IRC bot's flood control,
`sock.send(line); time.sleep(0.5)`) gives the peer's delayed ACK time to fire before it writes
again or waits for a reply. Nagle holds nothing of what it wrote, so such a write is no evidence
that the connection does request/response at Nagle's pace. Likewise a read a pause comes right
before (`send_status_request(); time.sleep(1); read()`): whatever Nagle held was sent before
the pause ended, so that read never waits on it.
"""
from __future__ import annotations

import ast
from collections.abc import Callable

from nagle_lint.flow.summaries import child_blocks, contains
from nagle_lint.syntax import DEFINITIONS, FOR_LOOPS, TRIES

Pauses = Callable[[ast.Call], bool]

# what may take the program elsewhere before the pause: a reply read, a return, the next turn
_LEAVES = (ast.Return, ast.Raise, ast.Break, ast.Continue, ast.Yield, ast.YieldFrom, ast.Await)


def slept_after(body: list, call: ast.Call, pauses: Pauses, reads: frozenset) -> bool:
    """Does a pause follow the statement that holds `call` (in body, or in a block around it) on
    every path, before anything reads (a method named in reads), returns, raises, awaits, leaves
    a loop or starts its next turn? Statements in between that do none of these are passed."""
    return _block(body, call, pauses, reads) is True


def _block(stmts: list, call: ast.Call, pauses: Pauses, reads: frozenset) -> bool | None:
    """True: a pause comes first; False: something else may; None: the block ends first."""
    for at, stmt in enumerate(stmts):
        if not contains(stmt, call):
            continue
        kind = type(stmt)
        if kind in DEFINITIONS:
            return False  # (another function's call)
        inner = next((body for body in child_blocks(stmt) if any(contains(s, call) for s in body)), None)
        if inner is None:
            if child_blocks(stmt):
                return False  # in a header (`if sock.send(x):`): its bodies run next
            return _following(stmts[at + 1:], pauses, reads)
        found = _block(inner, call, pauses, reads)
        if found is not None:
            return found
        if kind is ast.While or kind in FOR_LOOPS:
            return False  # the next turn may write, or read, before any pause
        after = stmts[at + 1:]
        if kind in TRIES and inner is stmt.body:
            after = stmt.orelse + stmt.finalbody + after
        elif kind in TRIES and inner is not stmt.finalbody:
            after = stmt.finalbody + after
        return _following(after, pauses, reads)
    return None


def _following(stmts: list, pauses: Pauses, reads: frozenset) -> bool | None:
    for stmt in stmts:
        if _is_pause(stmt, pauses):
            return True
        if _may_leave_or_read(stmt, reads):
            return False
    return None


def _is_pause(stmt, pauses: Pauses) -> bool:
    """`time.sleep(0.5)`, `await asyncio.sleep(0.5)` as a statement of its own."""
    if type(stmt) is not ast.Expr:
        return False
    value = stmt.value.value if type(stmt.value) is ast.Await else stmt.value
    return type(value) is ast.Call and pauses(value)


def _may_leave_or_read(stmt, reads: frozenset) -> bool:
    stack = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, _LEAVES):
            return True
        if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in reads:
            return True
        if type(node) not in DEFINITIONS or node is stmt:
            stack.extend(ast.iter_child_nodes(node))
    return False


def slept_before(body: list, node: ast.AST, pauses: Pauses) -> bool | None:
    """Does a pause come right before the statement that holds `node` (in body, or in a block
    around it) on every path, with no call between them? True: yes (`while True: send(req);
    time.sleep(1); recv()` too: the pause is in the read's own turn); False: a call, a return or
    raise, a block whose paths may differ, a header with a call, a loop's earlier turn (the
    block begins first in a loop's body, or the read is in a loop's header), an except or
    finally block; None: the body begins first (what came before is the caller's)."""
    for at, stmt in enumerate(body):
        if not contains(stmt, node):
            continue
        kind = type(stmt)
        if kind in DEFINITIONS:
            return False
        looped = kind is ast.While or kind in FOR_LOOPS
        inner = next((block for block in child_blocks(stmt) if any(contains(s, node) for s in block)), None)
        if inner is None:
            # (a loop's header is evaluated again after each turn's body)
            return False if looped else _preceding(body[:at], pauses)
        if kind in TRIES and inner is not stmt.body:
            return False  # (whatever raised may have written after any pause)
        found = slept_before(inner, node, pauses)
        if found is not None:
            return found
        if looped:
            return False  # (an earlier turn may write after any pause before the loop)
        header = [n for n in ast.iter_child_nodes(stmt)
                  if not isinstance(n, (ast.stmt, ast.excepthandler, ast.match_case))]
        if any(type(n) is ast.Call for part in header for n in ast.walk(part)):
            return False  # (`if self.ready():` runs before the block)
        return _preceding(body[:at], pauses)
    return None


def _preceding(stmts: list, pauses: Pauses) -> bool | None:
    for stmt in reversed(stmts):
        if _is_pause(stmt, pauses):
            return True
        if any(type(n) is ast.Call or isinstance(n, _LEAVES) for n in ast.walk(stmt)):
            return False
        if child_blocks(stmt):
            return False  # (a block's paths need not all pause)
    return None
