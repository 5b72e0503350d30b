"""Shared helpers for the harness tests (plain module, not a conftest)."""
from __future__ import annotations

import os
import sys

from nagle_lint.model import Confidence, Finding, Related, Severity, Span

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
PY = sys.executable


def data(name: str) -> str:
    return os.path.join(DATA, name)


def line_of(name: str, marker: str) -> int:
    with open(data(name), encoding="utf-8") as fh:
        for i, line in enumerate(fh, 1):
            if f"# {marker}" in line:
                return i
    raise AssertionError(f"marker {marker} not in {name}")


def finding(name: str, held: str, first: str, code: str = "NAG101", side: str = "client",
            pieces=(16, 32)) -> Finding:
    """A hand-built static finding: located at the held write, the first piece as related."""
    line, first_line = line_of(name, held), line_of(name, first)
    return Finding(code=code, name="split-request", message="split write", path=data(name),
                   span=Span(line, 1, line, 2), severity=Severity.WARNING, confidence=Confidence.HIGH,
                   related=(Related("first piece", Span(first_line, 1, first_line, 2)),),
                   pieces=tuple(pieces), side=side)


def pid_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            state = fh.read().rsplit(b")", 1)[1].split()[0]
        return state != b"Z"
    except (OSError, IndexError):
        return False
