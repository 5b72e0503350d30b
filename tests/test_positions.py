"""Positions computed one top-level statement at a time equal libcst's whole-module positions."""
from __future__ import annotations

from pathlib import Path

import pytest

import nagle_lint.engine as engine
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


def both(source: str, path: str):
    settings = Settings(select=("ALL",))
    fast = engine.check_source(source, path, settings)
    original = engine.top_lines
    engine.top_lines = lambda *args: None
    try:
        whole = engine.check_source(source, path, settings)
    finally:
        engine.top_lines = original
    return fast, whole


@pytest.mark.parametrize("path", CORPUS[:40], ids=lambda p: p.name)
def test_corpus_positions_match(path):
    fast, whole = both(path.read_text(encoding="utf-8"), str(path))
    assert fast.findings == whole.findings


def test_odd_layout_positions_match():
    fast, whole = both(ODD, "odd.py")
    assert fast.findings and fast.findings == whole.findings
    finding = next(f for f in fast.findings if f.code == "NAG101")
    assert (finding.span.line, finding.span.col) == (24, 29)
    nodelay = next(f for f in fast.findings if f.code == "NAG201")
    assert (nodelay.span.line, nodelay.span.col) == (22, 9)
