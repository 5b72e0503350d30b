"""One analysis per module, shared by every rule: index, stream resolution, flow walk."""
from __future__ import annotations

from dataclasses import dataclass

import ast

from nagle_lint.streams import catalog as C

from nagle_lint.flow.paths import FlowResult, Walker
from nagle_lint.flow.summaries import ClassInfo, FunctionInfo, ModuleIndex
from nagle_lint.project.modules import module_name, quiet_definition
from nagle_lint.streams.infer import Resolver
from nagle_lint.streams.names import ImportMap, as_socket, dotted
from nagle_lint.syntax import DEFINITIONS, default_of


@dataclass
class ModuleFacts:
    module: ast.Module
    index: ModuleIndex
    imports: ImportMap
    resolver: Resolver
    flow: FlowResult
    linked: tuple = ()  # ((path, ast module), ...): other project modules read with this one


def analyse(module: ast.Module, user_streams: dict[str, str], path: str | None = None,
            linked: tuple = (), cancelled=None, names_unix: bool = True) -> ModuleFacts:
    """linked: the project modules whose classes and functions this one imports. Their
    definitions join this module's index, so a socket made here and written by a base class or a
    wrapper there is one connection; findings stay in this file (context drops the others).
    cancelled: a callable the walk asks now and then; when it returns true, Cancelled is raised.
    names_unix: does the file's whole text name a Unix socket (a stream socket of a family known
    only at run time is taken as TCP only where it does not)?"""
    imports = ImportMap(module, path)  # this file's own names: what a fix may use
    seen = imports  # what the analysis reads names with: this file's and the linked files' imports
    own = _top_names(module)
    body, used = list(module.body), []
    defined: dict[str, str] = {}  # a linked module's def or class name -> that module's path
    passed_over = set()  # modules not read: what this file imports from them stays unknown
    for other_path, other in linked:
        other_imports = ImportMap(other, other_path)
        names = _defined_names(other) - own
        if not _agree(imports, other_imports, own, path) or any(defined.get(n, other_path) != other_path for n in names):
            # a name meaning two things in the two files, or defined by two linked modules
            # (each backend's own `_connect()`): not read as one (precision first)
            passed_over.add(module_name(other_path))
            continue
        defined.update(dict.fromkeys(names, other_path))
        if seen is imports:
            seen = imports.copy()
        for local, qualified in other_imports.names.items():
            if local not in own:
                seen.names.setdefault(local, qualified)
        seen.modules |= other_imports.modules
        if imports.project is not None:
            imports.project.read.add(other_path)
            imports.project.read.update(other_imports.read)
        body.extend(stmt for stmt in other.body if not (_top_names_of(stmt) & own))
        used.append((other_path, other))
    index = ModuleIndex(ast.Module(body=body, type_ignores=[]), len(module.body), tuple(tree for _, tree in used)) \
        if used else ModuleIndex(module)
    if used:
        _alias_imported(index, seen)
        _forget_passed_over(index, imports, passed_over, own)
        # (and this file's own, which a linked caller names as `message.Message`)
        _qualify_linked(index, used + ([(path, module)] if path else []))
        _alias_attribute_bases(index, seen)
    _alias_assigned(index)
    seen.module_attrs = module_attributes(index, seen)
    resolver = Resolver(index, seen, user_streams, names_unix)
    module_root = FunctionInfo(node=module, name="<module>", cls=None, parent=None, params=[])  # type: ignore[arg-type]
    flow = Walker(index, seen, resolver, cancelled).run(module_root)
    return ModuleFacts(module, index, imports, resolver, flow, tuple(used))


def _qualify_linked(index: ModuleIndex, used: list) -> None:
    by_node = {id(info.node): info for info in index.functions if info.parent is None and info.cls is None}
    by_node.update((id(info.node), info) for info in index.classes.values())
    for other_path, other in used:
        name = module_name(other_path)
        for stmt in other.body:
            info = by_node.get(id(stmt))
            if info is not None:
                index.qualified[f"{name}.{info.name}"] = info


def _alias_attribute_bases(index: ModuleIndex, imports: ImportMap) -> None:
    """`class TSSLSocket(TSocket.TSocket)` after `from thrift.transport import TSocket`: the
    linked class under the dotted name the class statement uses."""
    for cls in list(index.classes.values()):
        for base in cls.bases:
            name = dotted(base)
            if type(base) is ast.Attribute and name and name not in index.classes:
                found = index.qualified.get(imports.qualify(base) or "")
                if isinstance(found, ClassInfo):
                    index.classes[name] = found


def _defined_names(module: ast.Module) -> set[str]:
    return {stmt.name for stmt in module.body if isinstance(stmt, DEFINITIONS)}


def _forget_passed_over(index: ModuleIndex, imports: ImportMap, passed_over: set, own: set) -> None:
    """`from .quick import connect` when quick.py was not read but another linked module defines
    a `connect` of its own: that one is not what this file calls."""
    for local, qualified in imports.names.items():
        if local not in own and qualified.rpartition(".")[0] in passed_over:
            index.module_functions.pop(local, None)
            index.classes.pop(local, None)


def _top_names_of(stmt) -> set[str]:
    if isinstance(stmt, DEFINITIONS):
        return {stmt.name}
    names = set()
    if type(stmt) is ast.Assign:
        names.update(dotted(t) or "" for t in stmt.targets)
    elif type(stmt) is ast.AnnAssign:
        names.add(dotted(stmt.target) or "")
    return names - {""}


def _top_names(module: ast.Module) -> set[str]:
    return set().union(*(_top_names_of(stmt) for stmt in module.body)) if module.body else set()


def _agree(imports: ImportMap, other: ImportMap, own: set[str], path: str | None) -> bool:
    """Do the two files' imports give every shared name the same meaning? (The other file may
    import this one's own definitions: `from .client import Client` in a base module.)"""
    here = module_name(path) if path else ""
    if other.star_from("socket") != imports.star_from("socket"):
        return False  # `from socket import *` there: `socket` is the class, here maybe the module
    for local, qualified in other.names.items():
        if local in own:
            if qualified != f"{here}.{local}":
                return False
        elif local in imports.names and imports.names[local] != qualified:
            mine, theirs = imports.qualify_name(local), other.qualify_name(local)  # re-exports followed
            project = here.split(".")[0]
            if mine != theirs and (_may_be_a_stream(mine, project, path) or _may_be_a_stream(theirs, project, path)):
                return False
    return True


# the packages whose names the stream catalog knows (gevent's and eventlet's socket modules
# read as `socket`)
_STREAM_TOPS = frozenset({"socket", "_socket", "ssl", "select", "selectors", "asyncio", "socketserver", "http",
                          "xmlrpc", "urllib", "urllib3", "requests", "tornado", "socks", "wsgiref", "asyncore",
                          "asynchat", "multiprocessing"})


def _may_be_a_stream(qualified: str | None, project: str, path: str | None = None) -> bool:
    """Could the name's meaning change what a stream is? (`Queue` from gevent in one file and
    from eventlet in the other cannot; `socket`, `StreamServer` or a class of the project can,
    unless neither it nor any of its bases touches a socket: a packet class named `UUID`.)"""
    if qualified is None:
        return True
    top = qualified.split(".")[0]
    if top == project and path is not None:
        return not quiet_definition(path, qualified, lambda other: not _may_be_a_stream(other, project))
    return top in _STREAM_TOPS or top == project or qualified in C.SERVER_CALLBACKS


def _alias_assigned(index: ModuleIndex) -> None:
    """`AsyncSocket = _AsyncSocket` at module level: the class under its second name (the only
    value the name is given)."""
    targets: dict[str, list] = {}
    for stmt in index.module.body:
        if type(stmt) is ast.Assign:
            for target in stmt.targets:
                if type(target) is ast.Name:
                    targets.setdefault(target.id, []).append(stmt.value)
    for name, values in targets.items():
        if len(values) == 1 and type(values[0]) is ast.Name and values[0].id in index.classes \
                and name not in index.classes:
            index.classes[name] = index.classes[values[0].id]


def _alias_imported(index: ModuleIndex, imports: ImportMap) -> None:
    """`from .base import Client as BaseClient`: the linked class or function under its local name."""
    for local, qualified in imports.names.items():
        name = qualified.rpartition(".")[2]
        if local == name:
            continue
        if name in index.classes and local not in index.classes:
            index.classes[local] = index.classes[name]
        elif name in index.module_functions and local not in index.module_functions:
            index.module_functions[local] = index.module_functions[name]


def module_attributes(index: ModuleIndex, imports: ImportMap) -> dict[str, str]:
    """`self.socket_module` -> `socket` where a class keeps an imported module in an attribute
    (`self.socket_module = socket_module`, a parameter whose default is `socket`; or
    `self.socket_module = socket`), so `self.socket_module.socket(...)` is read as socket.socket."""
    found: dict[str, set] = {}
    for cls in index.classes.values():
        for key, bindings in cls.self_bindings.items():
            for binding in bindings:
                found.setdefault(key, set()).add(_module_value(binding, imports))
        for name, value in cls.attrs.items():  # `_socket_impl = socket` in the class body
            module = _socket_module(value, imports)
            if module is not None:
                found.setdefault(f"self.{name}", set()).add(module)
    attrs = {key: next(iter(values)) for key, values in found.items() if len(values) == 1 and None not in values}
    # `s = self.socket_module` in a method, then `s.socket(s.AF_UNIX, ...)`: a local alias of it,
    # when every binding of that name in the module is one
    local: dict[str, set] = {}
    for func in index.functions:
        for name, bindings in func.bindings.items():
            for binding in bindings:
                local.setdefault(name, set()).add(attrs.get(dotted(binding.value) or "") if binding.index is None else None)
    for name, values in local.items():
        if len(values) == 1 and None not in values and name not in index.module_bindings and name not in imports.names:
            attrs[name] = next(iter(values))
    return attrs


def _socket_module(value, imports: ImportMap) -> str | None:
    """`socket` for a class attribute that names the socket module or a green copy of it
    (`gevent.socket`, `eventlet.green.socket`: the same API and constants)."""
    if type(value) not in (ast.Name, ast.Attribute):
        return None
    qualified = imports.qualify(value)
    return "socket" if qualified is not None and as_socket(qualified) == "socket" else None


def _module_value(binding, imports: ImportMap) -> str | None:
    value = binding.value
    if binding.index is not None or type(value) is not ast.Name:
        return None
    func = binding.func
    if func is not None and value.id in func.params and value.id not in func.bindings:
        value = default_of(func.node, value.id)
        if value is None:
            return None
    qualified = imports.qualify(value)
    return qualified if qualified is not None and imports.is_module(value) else None
