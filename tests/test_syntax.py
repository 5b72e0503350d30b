"""The tree questions detection asks everywhere: the shortcuts must see what a full walk sees."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from nagle_lint import syntax
from nagle_lint.streams.infer import _calls_outside_defs

CORPUS = sorted((Path(__file__).resolve().parent.parent / "corpus").rglob("*.py"))[:60]  # (a sample: the shapes repeat)
SOURCE = '''
import pkg.sub as s
x = {**base, "k": s.make(1)}
def f(sock, *a, key=s.DEFAULT, **kw) -> s.Kind:
    global g
    lambda: s.lazy()
    try:
        sock.sendall(b"%d" % len(a))
    except (s.Error, OSError) as exc:
        raise s.Wrapped(exc) from exc
    match kw:
        case {"a": s.A} | s.B(x=1):
            return [c.recv(1) for c in a if c]
'''


@pytest.mark.parametrize("source", [SOURCE] + [p.read_text(encoding="utf-8") for p in CORPUS],
                         ids=["shapes"] + [p.name for p in CORPUS])
def test_branches_hold_every_attribute_and_call_a_full_walk_finds(source):
    tree = ast.parse(source)
    full = [n for n in ast.walk(tree) if type(n) in (ast.Attribute, ast.Call)]
    found = [n for n in syntax.branches(tree) if type(n) in (ast.Attribute, ast.Call)]
    assert {id(n) for n in found} == {id(n) for n in full} and len(found) == len(full)
    assert not any(type(n) in (ast.Name, ast.Constant) for n in syntax.branches(tree))


def test_calls_outside_defs_skip_nested_definitions_only():
    tree = ast.parse(SOURCE)
    func = next(n for n in tree.body if type(n) is ast.FunctionDef)
    called = sorted(ast.unparse(c.func) for c in _calls_outside_defs(func.body))
    # (a lambda's call is the body's; `s.B(x=1)` in a case is a pattern, not a call)
    assert called == ["c.recv", "len", "s.Wrapped", "s.lazy", "sock.sendall"]
    assert [ast.unparse(c.func) for c in _calls_outside_defs(tree.body)] == ["s.make"]  # not f's
