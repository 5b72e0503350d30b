"""A wire API: a message class (or module) whose public `send(connection)` writes one message
in 2+ pieces on a connection it is given and returns, and whose public `recv(connection)` reads
one from a connection of the same name. Which kind of connection that is, only the modules that
call the API know (`Message.recv(conn)` with `conn = SocketConnection(sock)` in core.py), so they
are read with this one (see engine.linked_modules); the resolver types the parameter from them.

Read with the built-in `ast` parser (the shape) and as text (which project files call it).
"""
from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass

from nagle_lint.project.modules import (_definition_texts, _project_sources, bound_imports, module_name,
                                        project_root)

WRITES = frozenset({"send", "sendall", "write"})
READS = frozenset({"recv", "recv_into", "read", "readline", "readexactly"})


@dataclass(frozen=True)
class WireApi:
    owner: str | None  # the class, or None for the module's functions
    writers: tuple[tuple[str, str], ...]  # (function, connection parameter)
    readers: tuple[tuple[str, str], ...]


def connection_params(node) -> dict[str, str]:
    """param -> "writes" (2+ write calls on it, no read, never rebound) or "reads" (a read call on
    it) for a function's parameters other than self/cls."""
    names = [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
    names = [n for n in names if n not in ("self", "cls")]
    if not names:
        return {}  # (most methods: nothing to walk for)
    writes: dict[str, int] = {}
    reads: set[str] = set()
    stored: set[str] = set()
    for sub in ast.walk(node):
        if type(sub) is ast.Call and type(sub.func) is ast.Attribute and type(sub.func.value) is ast.Name:
            if sub.func.attr in WRITES:
                writes[sub.func.value.id] = writes.get(sub.func.value.id, 0) + 1
            elif sub.func.attr in READS:
                reads.add(sub.func.value.id)
        elif type(sub) is ast.Name and type(sub.ctx) is not ast.Load:
            stored.add(sub.id)
    out = {}
    for name in names:
        if name in stored:
            continue
        if name in reads:
            out[name] = "reads"
        elif writes.get(name, 0) >= 2:
            out[name] = "writes"
    return out


def _public(name: str) -> bool:
    return not name.startswith("_")


def wire_apis(tree: ast.Module) -> tuple[WireApi, ...]:
    """The wire APIs a module defines: a public function that writes a message in pieces on a
    parameter, beside a public one that reads a parameter of the same name."""
    groups: list[tuple[str | None, list]] = [(None, [s for s in tree.body if type(s) in (ast.FunctionDef,
                                                                                       ast.AsyncFunctionDef)])]
    groups += [(s.name, [d for d in s.body if type(d) in (ast.FunctionDef, ast.AsyncFunctionDef)])
               for s in tree.body if type(s) is ast.ClassDef]
    found = []
    for owner, defs in groups:
        writers, readers = [], []
        for node in defs:
            if not _public(node.name):
                continue
            for param, role in connection_params(node).items():
                (writers if role == "writes" else readers).append((node.name, param))
        read_names = {param for _, param in readers}
        writers = [(name, param) for name, param in writers if param in read_names]
        if writers:
            wanted = {param for _, param in writers}
            found.append(WireApi(owner, tuple(writers), tuple(r for r in readers if r[1] in wanted)))
    return tuple(found)



def _call_text(api: WireApi) -> str:
    """A call of the API as a caller writes it: `Message.recv(` on the class, or a module
    function's `recv_msg(` (also `wire.recv_msg(`)."""
    names = sorted({name for name, _ in api.writers + api.readers})
    alternatives = "|".join(map(re.escape, names))
    if api.owner is None:
        return rf"\b(?:{alternatives})[ \t]*\("
    return rf"\b{re.escape(api.owner)}[ \t]*\.[ \t]*(?:{alternatives})[ \t]*\("


def api_call_text(apis: tuple[WireApi, ...]) -> str:
    """One pattern for the calls of any of the APIs (what a caller's sparse read must keep)."""
    return "|".join(_call_text(api) for api in apis)


def _call_pattern(api: WireApi) -> re.Pattern:
    return re.compile(_call_text(api).encode())


def api_caller_files(path: str, apis: tuple[WireApi, ...]) -> dict[str, set[str]]:
    """Other project files that import this module (or a name from it) and call its wire API:
    file -> the top-level definitions that hold the calls."""
    here = os.path.abspath(path)
    name = module_name(path)
    word = name.rpartition(".")[2].encode()
    patterns = [_call_pattern(api) for api in apis]
    out: dict[str, set[str]] = {}
    for other, data in _project_sources(project_root(path)):
        if os.path.abspath(other) == here:
            continue
        if word not in data or b"import" not in data or not any(p.search(data) for p in patterns):
            continue
        imported = bound_imports(other)[0].values()
        if not any(q == name or q.startswith(name + ".") for q in imported):
            continue
        info = os.stat(other)
        for definition, text in _definition_texts(os.path.abspath(other), (info.st_size, info.st_mtime_ns)).items():
            if any(p.search(text) for p in patterns):
                out.setdefault(other, set()).add(definition)
    return out
