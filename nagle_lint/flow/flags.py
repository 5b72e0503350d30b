"""Instance flags a path knows: `self.headers_sent = True`, `self.socket = None`, and local
flags (`new = True` in the branch that makes the connection, `if new:` later).

A walked path that set `self.x` to a literal, or passed an `if` that tested it, knows which way a
later test of `self.x` goes; the flow walk keeps these facts in each chain, so that paths it joins
keep their own (`if not self.headers_sent:` after a write that set it is not taken on that path).
A fact is ((name, aspect), bool): aspect "truth" (`if self.x:`) or "none" (`if self.x is None:`).
"""
from __future__ import annotations

import ast

from nagle_lint.streams.names import dotted

TRUTH, NONE = "truth", "none"


def tested_names(test) -> set[str]:
    """The `self.x` (and local) names a test reads: `self.x`, `not self.x`, `self.x is (not)
    None`, and those joined by `and` / `or`."""
    kind = type(test)
    if kind in (ast.Attribute, ast.Name):
        name = _name(test)
        return {name} if name else set()
    if kind is ast.UnaryOp and type(test.op) is ast.Not:
        return tested_names(test.operand)
    if kind is ast.BoolOp:
        return set().union(*(tested_names(v) for v in test.values))
    compared = _none_test(test)
    return {compared[0]} if compared else set()


def assigned(value) -> dict | None:
    """What `self.x = value` tells of x: facts for a literal True, False or None, else None."""
    if type(value) is ast.Constant and value.value is None:
        return {TRUTH: False, NONE: True}
    if type(value) is ast.Constant and type(value.value) is bool:
        return {TRUTH: value.value, NONE: False}
    return None


def way(test, known: dict) -> bool | None:
    """Which way the test goes given known {(name, aspect): bool} (None: it depends)."""
    kind = type(test)
    if kind in (ast.Attribute, ast.Name):
        return known.get((_name(test), TRUTH))
    if kind is ast.UnaryOp and type(test.op) is ast.Not:
        inner = way(test.operand, known)
        return None if inner is None else not inner
    if kind is ast.BoolOp:
        ways = [way(v, known) for v in test.values]
        if type(test.op) is ast.And:
            return False if False in ways else True if all(w is True for w in ways) else None
        return True if True in ways else False if all(w is False for w in ways) else None
    compared = _none_test(test)
    if compared:
        is_none = known.get((compared[0], NONE))
        return None if is_none is None else is_none is compared[1]
    return None


def learnt(test, taken: bool) -> dict:
    """What holds where the test went `taken`: {("self.x", "truth"): True} in the body of
    `if self.x:`; nothing from an `or` that was taken or an `and` that was not."""
    kind = type(test)
    if kind in (ast.Attribute, ast.Name):
        name = _name(test)
        facts = {(name, TRUTH): taken} if name else {}
        if name and taken:
            facts[(name, NONE)] = False  # None is false
        return facts
    if kind is ast.UnaryOp and type(test.op) is ast.Not:
        return learnt(test.operand, not taken)
    if kind is ast.BoolOp and (type(test.op) is ast.And) is taken:
        facts = {}
        for value in test.values:
            facts.update(learnt(value, taken))
        return facts
    compared = _none_test(test)
    if compared:
        is_none = compared[1] is taken
        return {(compared[0], NONE): is_none, **({(compared[0], TRUTH): False} if is_none else {})}
    return {}


def _none_test(test):
    """("self.x", True) for `self.x is None`, ("self.x", False) for `self.x is not None`."""
    if (type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) in (ast.Is, ast.IsNot)
            and type(test.left) in (ast.Attribute, ast.Name) and type(test.comparators[0]) is ast.Constant
            and test.comparators[0].value is None):
        name = _name(test.left)
        return (name, type(test.ops[0]) is ast.Is) if name else None
    return None


def _name(node) -> str | None:
    """`self.x`, or a local `x` (a flag set where a connection is made: `new = True`)."""
    name = dotted(node)
    return name if name and (name.startswith("self.") and name.count(".") == 1 or "." not in name) else None
