"""How many exchanges a finding's connection carries, for ``replay``: "one-shot" when the
connection is made, used for one exchange and dropped on every pass (the quick-ACK start means it
cannot stall), "kept" otherwise.

The engine's finding may say so itself (a ``lifetime`` attribute); when it does not, this reads the
finding's file: the connection variable is local, made by a connecting call (or a ``with``) in the
function of the held write, and no loop lies between where it is made and the write. Anything
else (an attribute, a parameter, a loop around the write inside the connection's scope) is kept.
"""
from __future__ import annotations

import ast
import re

_MAKERS = ("create_connection", "socket", "accept", "connect", "open_connection", "HTTPConnection")
_NAME = re.compile(r"on `([A-Za-z_][A-Za-z0-9_]*)`")


def _makes(node: ast.AST | None) -> bool:
    if isinstance(node, ast.Tuple) and node.elts:
        return _makes(node.elts[0])
    if isinstance(node, ast.Await):
        return _makes(node.value)
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return name in _MAKERS


def _binds(stmt: ast.stmt, var: str) -> bool:
    if isinstance(stmt, ast.Assign) and _makes(stmt.value):
        for t in stmt.targets:
            names = [t] if isinstance(t, ast.Name) else list(getattr(t, "elts", []))
            if any(isinstance(n, ast.Name) and n.id == var for n in names):
                return True
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        for item in stmt.items:
            v = item.optional_vars
            if isinstance(v, ast.Name) and v.id == var and _makes(item.context_expr):
                return True
    return False


def _path_to(tree: ast.AST, line: int) -> list[ast.AST]:
    """The chain of nodes from the module down to the innermost statement on `line`."""
    path: list[ast.AST] = []
    node = tree
    while True:
        nxt = None
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt) and child.lineno <= line <= (child.end_lineno or child.lineno):
                nxt = child
                break
        if nxt is None:
            return path
        path.append(nxt)
        node = nxt


def lifetime_from_source(source: str, line: int, var: str) -> str:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return ""
    path = _path_to(tree, line)
    # walk outwards from the write: the first loop met before the binding makes it "kept"
    for depth in range(len(path) - 1, -1, -1):
        node = path[depth]
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and depth < len(path) - 1:
            body_stmt = path[depth + 1]
            # a binding of var inside this loop body, before the write, on the way down: one-shot
            if any(_binds(s, var) or any(_binds(n, var) for n in ast.walk(s) if isinstance(n, ast.stmt))
                   for s in node.body if s.lineno <= body_stmt.lineno):
                return "one-shot"
            return "kept"
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            made_here = any(_binds(n, var) for n in ast.walk(node) if isinstance(n, ast.stmt))
            return "one-shot" if made_here else "kept"
    return "kept"


def lifetime_of(finding) -> str:
    own = getattr(finding, "lifetime", "")
    if own:
        return own
    if finding.code not in ("NAG101", "NAG102", "NAG103"):  # only split writes are replayed
        return ""
    m = _NAME.search(getattr(finding, "message", "") or "")
    if not m:
        return ""
    try:
        with open(finding.path, encoding="utf-8", errors="replace") as fh:
            source = fh.read()
    except OSError:
        return ""
    return lifetime_from_source(source, finding.span.line, m.group(1))
