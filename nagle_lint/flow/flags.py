"""Instance flags a path knows: `self.headers_sent = True`, `self.socket = None`, and local
flags (`new = True` in the branch that makes the connection, `if new:` later).

A walked path that set `self.x` to a literal, or passed an `if` that tested it, knows which way a
later test of `self.x` goes; the flow walk keeps these facts in each chain, so that paths it joins
keep their own (`if not self.headers_sent:` after a write that set it is not taken on that path).
A fact is ((name, aspect), bool): aspect "truth" (`if self.x:`), "none" (`if self.x is None:`)
or ("value", constants) (`if x == "ON":`, `if x not in (1, 2):`: is x one of them).
"""
from __future__ import annotations

import ast

from nagle_lint.streams.names import dotted

TRUTH, NONE, VALUE = "truth", "none", "value"


def tested_names(test, values: bool = True) -> set[str]:
    """The `self.x` (and local) names a test reads: `self.x`, `not self.x`, `self.x is (not)
    None`, and those joined by `and` / `or`; with values, also `x == c`, `x in (c1, c2)`."""
    kind = type(test)
    if kind in (ast.Attribute, ast.Name):
        name = _name(test)
        return {name} if name else set()
    if kind is ast.UnaryOp and type(test.op) is ast.Not:
        return tested_names(test.operand, values)
    if kind is ast.BoolOp:
        return set().union(*(tested_names(v, values) for v in test.values))
    compared = _none_test(test) or (_value_test(test) if values else None)
    return {compared[0]} if compared else set()


def compared_names(test) -> set[str]:
    """The names a test compares with constants (`x == c`, `x not in (c1, c2)`), also under
    `not` and `and` / `or`."""
    kind = type(test)
    if kind is ast.UnaryOp and type(test.op) is ast.Not:
        return compared_names(test.operand)
    if kind is ast.BoolOp:
        return set().union(*(compared_names(v) for v in test.values))
    compared = _value_test(test)
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
    compared = _value_test(test)
    if compared:
        name, values, holds = compared
        inside = _among(values, {frozenset(aspect[1]): value for (n, aspect), value in known.items()
                                 if n == name and type(aspect) is tuple})
        return None if inside is None else inside is holds
    return None


def _among(values: frozenset, known: dict) -> bool | None:
    """Is the name's value one of values, from what is known of it ({frozenset: is it one of
    them})? None: it depends."""
    for others, inside in known.items():
        if others == values:
            return inside
        if inside and others <= values:
            return True  # (it is one of fewer values, all of them among these)
        if inside and not (others & values) or not inside and values <= others:
            return False  # (one of other values; or none of more values)
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
    compared = _value_test(test)
    if compared:  # `if mode == "ON":` -> in its body, mode is one of ("ON",); past it, none of them
        name, values, holds = compared
        # (the constants in a fixed order: chains are ordered by their facts' text)
        return {(name, (VALUE, tuple(sorted(values, key=repr)))): holds is taken}
    return {}


def _value_test(test):
    """("x", values, True) for `x == c` and `x in (c1, c2)`, ("x", values, False) for `x != c`
    and `x not in (...)`: a name compared with constants (strings, bytes, numbers, None)."""
    if type(test) is not ast.Compare or len(test.ops) != 1 or type(test.left) not in (ast.Attribute, ast.Name):
        return None
    op, right = type(test.ops[0]), test.comparators[0]
    if op in (ast.Eq, ast.NotEq) and type(right) is ast.Constant and type(right.value) is not float:
        values = frozenset({right.value})
    elif op in (ast.In, ast.NotIn) and type(right) in (ast.Tuple, ast.List, ast.Set) and right.elts \
            and all(type(e) is ast.Constant and type(e.value) is not float for e in right.elts):
        values = frozenset(e.value for e in right.elts)
    else:
        return None
    name = _name(test.left)
    return (name, values, op in (ast.Eq, ast.In)) if name else None


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
