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

from nagle_lint.project.modules import (_definition_texts, _project_sources, bound_imports, importer_files,
                                        module_name, project_root)

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


# (a socket's own methods: a file object's write() and read() are what most kept parameters do,
# and looking for the modules that build all of those costs more than they find)
HOLDER_USES = frozenset({"send", "sendall", "recv", "recv_into", "accept", "makefile"})


def holder_classes(tree: ast.Module) -> tuple[str, ...]:
    """The classes whose constructor keeps a parameter on self (`self.sock = sock`) that their
    methods use as a stream, or as an object holding one (`self.sock.sendall(b)`,
    `self.connection.server_socket.accept()`), or a server that hands what it accepts to a
    callable it keeps (`self._handler(client)`): which stream it is, or which function answers,
    only the modules that build them know."""
    return tuple(node.name for node in tree.body if type(node) is ast.ClassDef and holds_given_stream(node))


def holds_given_stream(node: ast.ClassDef) -> bool:
    """Is the class one of holder_classes()?"""
    methods = [d for d in node.body if type(d) in (ast.FunctionDef, ast.AsyncFunctionDef)]
    init = next((d for d in methods if d.name == "__init__"), None)
    if init is None:
        return False
    params = {a.arg for a in init.args.posonlyargs + init.args.args + init.args.kwonlyargs} - {"self"}
    kept = {target.attr for stmt in init.body if type(stmt) is ast.Assign and type(stmt.value) is ast.Name
            and stmt.value.id in params for target in stmt.targets
            if type(target) is ast.Attribute and type(target.value) is ast.Name and target.value.id == "self"}
    if not kept:
        return False
    calls = [sub for method in methods for sub in ast.walk(method) if type(sub) is ast.Call]
    return any(_uses_held(call, kept) for call in calls) or _serves_through_given(calls, kept)


def _serves_through_given(calls: list, kept: set) -> bool:
    """Does the class accept connections and call a callable its constructor keeps
    (`self._handler(client)`, `executor.submit(self._handler, client)`)? Which function
    answers them, only the modules that build it know."""
    if not any(type(c.func) is ast.Attribute and c.func.attr == "accept" for c in calls):
        return False
    for call in calls:
        target = call.args[0] if type(call.func) is ast.Attribute and call.func.attr == "submit" and call.args \
            else call.func
        if type(target) is ast.Attribute and type(target.value) is ast.Name and target.value.id == "self" \
                and target.attr in kept:
            return True
    return False


def _uses_held(node, kept: set) -> bool:
    """`self.x.send(...)` or `self.x.y.accept(...)` for an attribute x in kept."""
    if type(node) is not ast.Call or type(node.func) is not ast.Attribute or node.func.attr not in HOLDER_USES:
        return False
    owner = node.func.value
    if type(owner) is ast.Attribute and type(owner.value) is ast.Attribute:
        owner = owner.value  # (`self.x.y`)
    return type(owner) is ast.Attribute and type(owner.value) is ast.Name and owner.value.id == "self" \
        and owner.attr in kept


def construction_text(classes) -> str:
    """A pattern for the calls that build any of the classes (`Proto(sock)`)."""
    return rf"\b(?:{'|'.join(map(re.escape, sorted(classes)))})[ \t]*\("


def builder_files(path: str, classes) -> dict[str, set[str]]:
    """Other project files (not tests) that import one of the classes by name, or every name of
    this module (`from .game import *`), and build it: file -> the top-level definitions that
    hold the constructions. (The import index, not a scan of every file's text.)"""
    pattern = re.compile(construction_text(classes).encode())
    out: dict[str, set[str]] = {}
    for other in importer_files(path, set(classes) | {"*"}):
        info = os.stat(other)
        for definition, text in _definition_texts(os.path.abspath(other), (info.st_size, info.st_mtime_ns)).items():
            if pattern.search(text):
                out.setdefault(other, set()).add(definition)
    return out


def api_caller_files(path: str, apis: tuple[WireApi, ...]) -> dict[str, set[str]]:
    """Other project files that import this module (or a name from it) and call its wire API:
    file -> the top-level definitions that hold the calls."""
    here = os.path.abspath(path)
    name = module_name(path)
    word = name.rpartition(".")[2].encode()
    patterns = [re.compile(_call_text(api).encode()) for api in apis]
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
