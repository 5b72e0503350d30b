"""CPython's `ast` parser with the cyclic garbage collector paused: shared by the engine's screen
and the project model's reads of other modules."""
from __future__ import annotations

import ast
import contextlib
import gc


def parse(source: str | bytes) -> ast.Module:
    with collector_paused():
        return ast.parse(source)


@contextlib.contextmanager
def collector_paused():
    """The cyclic garbage collector off while ast builds a tree. It runs again and again while
    a node is allocated per token and finds nothing to free (the tree holds no cycles): over
    half of ast.parse's time when a few trees are alive. A caller that turned it off keeps it
    off. (Not around libcst's parse: there the gain was ~5% of a run, but cyclic garbage left
    from the file before waits through the whole parse, +20 MB peak RSS on real packages.)"""
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
