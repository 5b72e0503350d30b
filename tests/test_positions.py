"""Positions: detection reads `ast` (columns in UTF-8 bytes), findings count code points, and
fixes find the same code in libcst's tree. Both must agree on every call of real-looking code."""
from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest

import nagle_lint.engine as engine
from nagle_lint.context import FileContext
from nagle_lint.fixes.tree import FixView
from nagle_lint.flow.summaries import ModuleIndex
from nagle_lint.settings import Settings

CORPUS = sorted((Path(__file__).resolve().parent.parent / "corpus").glob("*.py"))
ODD = '''# leading comment
import socket  ; import struct


@decorator(
    "x")
def unrelated():
    return 1

@decorator
@decorator(
    2)
class Big:  # padding the module so the socket code is not first; decorated, and kept
    x = [1,
         2]

    def helper(self):
        return socket.create_connection(("h", 2))


def client():
    s = socket.create_connection(("h", 1))   # é, ü: columns count code points
    s.sendall(b"HI"); s.recv(2)  # a first exchange: the connection is kept, the split below stalls
    s.sendall(b"\\x00" * 4); s.sendall(struct.pack("!I", 4))
    return s.recv(1)
'''


def _calls_agree(source: str) -> int:
    """Every call of the file: its span from the ast equals libcst's range of the same call."""
    tree = ast.parse(source)
    view = FixView(source)
    facts = type("Facts", (), {"module": tree, "linked": (), "index": ModuleIndex(tree)})()
    ctx = FileContext("x.py", source, facts, Settings())
    count = 0
    for node in ast.walk(tree):
        if type(node) is not ast.Call:
            continue
        found = view.node(node)
        assert isinstance(found, cst.Call), (node.lineno, ast.unparse(node))
        assert view.span(found) == ctx.span(node), ast.unparse(node)
        count += 1
    return count


@pytest.mark.parametrize("path", CORPUS[:40], ids=lambda p: p.name)
def test_corpus_call_positions_agree(path):
    assert _calls_agree(path.read_text(encoding="utf-8")) > 0


def test_odd_layout_positions():
    assert _calls_agree(ODD) >= 6
    found = engine.check_source(ODD, "odd.py", Settings(select=("ALL",))).findings
    finding = next(f for f in found if f.code == "NAG101")
    assert (finding.span.line, finding.span.col) == (24, 29)
    nodelay = next(f for f in found if f.code == "NAG201")
    assert (nodelay.span.line, nodelay.span.col) == (22, 9)
    assert (nodelay.span.end_line, nodelay.span.end_col) == (22, 43)


def test_columns_count_code_points_after_non_ascii():
    source = 'def f(s):\n    t = "é€😀"; s.sendall(b"a" + t.encode())\n'
    assert _calls_agree(source) == 2
    tree = ast.parse(source)
    call = next(n for n in ast.walk(tree) if type(n) is ast.Call and ast.unparse(n.func) == "s.sendall")
    facts = type("Facts", (), {"module": tree, "linked": (), "index": ModuleIndex(tree)})()
    span = FileContext("x.py", source, facts, Settings()).span(call)
    assert source.splitlines()[1][span.col - 1:span.end_col - 1] == 's.sendall(b"a" + t.encode())'


def test_source_order_puts_an_enclosing_call_first_and_this_file_before_linked_ones():
    own = ast.parse("def f(s):\n    s.sendall(frame(b'x'))\n    s.recv(1)\n")
    other = ast.parse("def g(s):\n    s.sendall(b'y')\n")
    index = ModuleIndex(ast.Module(body=own.body + other.body, type_ignores=[]), len(own.body), (other,))
    calls = {ast.unparse(n.func): n for n in ast.walk(own) if type(n) is ast.Call}
    sendall, frame, recv = calls["s.sendall"], calls["frame"], calls["s.recv"]
    linked = next(n for n in ast.walk(other) if type(n) is ast.Call)
    made = ast.Call(func=ast.Name(id="f"), args=[], keywords=[])  # made by the analysis: no position
    assert [index.file_of(n) for n in (sendall, linked, made)] == [0, 1, -1]
    order = [index.source_order(n) for n in (made, sendall, frame, recv, linked)]
    assert order == sorted(order) and len(set(order)) == 5
