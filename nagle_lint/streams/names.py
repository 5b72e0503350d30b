"""Names and constants: which module a name comes from, and what a constant expression is worth."""
from __future__ import annotations

import ast
import copy

from nagle_lint.project.modules import ProjectImports, absolute, attribute_constants, module_file
from nagle_lint.streams import catalog

_SYMBOLS: dict[str, int] = {
    **catalog.OPTION_NUMBERS, **catalog.LEVEL_NUMBERS, **catalog.FAMILY_NUMBERS, **catalog.TYPE_NUMBERS,
}
# what `from socket import *` binds besides the constants: its classes and the functions that
# make or address a socket
_STAR_SOCKET_NAMES = frozenset({"socket", "SocketType", "create_connection", "create_server", "socketpair", "fromfd",
                                "getaddrinfo", "has_dualstack_ipv6", "timeout", "error"})

# what `from _thread import *` (`from threading import *`) binds that starts a thread
_STAR_THREAD_NAMES = {"_thread": frozenset({"start_new_thread", "start_new"}), "thread": frozenset({"start_new_thread"}),
                      "threading": frozenset({"Thread"})}


def dotted(expr: ast.expr) -> str | None:
    """`a.b.c` for a chain of names and attributes, else None."""
    kind = type(expr)
    if kind is ast.Name:  # most calls: a plain name, or no name at all
        return expr.id
    if kind is not ast.Attribute:
        return None
    parts = []
    while type(expr) is ast.Attribute:
        parts.append(expr.attr)
        expr = expr.value
    if type(expr) is ast.Name:
        parts.append(expr.id)
        return ".".join(reversed(parts))
    return None


def uncast(expr):
    """`value` for `cast(Type, value)` (typing's, by any import name): a cast changes nothing at
    run time. Anything else as it is."""
    if type(expr) is ast.Call and len(expr.args) == 2 and not expr.keywords \
            and type(expr.args[1]) is not ast.Starred and (dotted(expr.func) or "").rpartition(".")[2] == "cast":
        return expr.args[1]
    return expr


def picked_method(func: ast.IfExp) -> ast.Attribute | None:
    """`sock.sendall if last else sock.send`, `sock.write if tls else sock.sendall`: one of two
    methods of one receiver that both write, or both read (the socket's own when one is); else
    None."""
    body, orelse = func.body, func.orelse
    if type(body) is not ast.Attribute or type(orelse) is not ast.Attribute:
        return None
    receiver = dotted(body.value)
    if receiver is None or receiver != dotted(orelse.value):
        return None
    for family, own in ((catalog.SOCKET_WRITES | catalog.FILE_WRITES, catalog.SOCKET_WRITES),
                        (catalog.SOCKET_READS | catalog.FILE_READS, catalog.SOCKET_READS)):
        if body.attr in family and orelse.attr in family:
            return orelse if orelse.attr in own and body.attr not in own else body
    return None


def shown(expr) -> str | None:
    """How a message names a receiver: `sock`, `self.sock`, or `self.conns[name]` for an element
    of a container."""
    name = dotted(expr)
    if name is None and type(expr) is ast.Subscript and dotted(expr.value) is not None:
        text = ast.unparse(expr)
        return text if len(text) <= 60 else None
    return name


class ImportMap:
    """Local name -> qualified name, from every import statement in the module.

    Imports inside functions are included: a name imported anywhere means the same module almost
    always, and precision is kept by the rest of the analysis (a wrong guess yields no stream).
    """

    def __init__(self, module: ast.Module, path: str | None = None) -> None:
        self.names: dict[str, str] = {}
        self.modules: set[str] = set()  # local names bound by `import x` (modules, not objects)
        self.module_attrs: dict[str, str] = {}  # `self.socket_module` -> `socket`, set by the index
        # with the file's path, relative imports and re-exports through the project's own
        # modules resolve too (`from .compat import socket`, `from pkg.utils import *`)
        self.project = ProjectImports(path) if path else None
        self._reexports: set[str] = set()  # names imported from the project's own modules
        # the module a name is bound to by some `import x` of the file, also where another
        # import binds it to an object (`from socket import socket` in one function, `import
        # socket` in another): `socket.socket(...)` is an attribute of the module
        self._as_module: dict[str, str] = {}
        stars = []
        for node in _imports(module):
            if type(node) is ast.Import:
                for alias in node.names:
                    full = alias.name
                    if alias.asname is not None:
                        self.names[alias.asname] = full
                        self.modules.add(alias.asname)
                        self._as_module.setdefault(alias.asname, full)
                    else:
                        top = full.split(".")[0]
                        self.names.setdefault(top, top)
                        self.modules.add(top)
                        self._as_module.setdefault(top, top)
            else:
                base = self._base(node)
                if base is None:
                    continue
                if node.names[0].name == "*":
                    self.names.setdefault("*" + base, base)
                    stars.append(base)
                    continue
                for alias in node.names:
                    name = alias.name
                    local = alias.asname or name
                    self.names[local] = f"{base}.{name}" if base else name
                    if self.project is not None and base and module_file(self.project.importer, base):
                        self._reexports.add(local)  # resolved when first asked (qualify)
        for base in stars if self.project else ():
            for local, qualified in self.project.star_names(base).items():
                self.names.setdefault(local, qualified)
        self._alias_module_level(module)

    def _alias_module_level(self, module: ast.Module) -> None:
        """`socket_factory = socket.socket` at the top of the module, the name's only binding
        in module-level code (a second one under a top-level `if` or `try` makes it no alias):
        the imported thing under another name."""
        bound: dict[str, int] = {}
        aliases: dict[str, str] = {}
        for stmt in module.body:
            if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
                value = dotted(stmt.value)
                if value is not None:
                    aliases[stmt.targets[0].id] = value
        if not aliases:
            return
        stack = list(module.body)
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound[node.name] = bound.get(node.name, 0) + 1
            elif type(node) is ast.Name and type(node.ctx) is ast.Store:
                bound[node.id] = bound.get(node.id, 0) + 1
            elif not isinstance(node, ast.expr) or type(node) in (ast.Tuple, ast.List, ast.Starred):
                stack.extend(ast.iter_child_nodes(node))  # (module-level code, not what defs hold)
            elif type(node) is ast.NamedExpr:
                stack.append(node.target)
        for local, value in aliases.items():
            head, dot, rest = value.partition(".")
            if bound.get(local) != 1 or local in self.names or head == local or head not in self.names:
                continue
            if head in self._reexports:
                self._resolve(head)
            self.names[local] = self.names[head] + dot + rest
            if not rest and head in self.modules:
                self.modules.add(local)  # `sock_module = socket`

    def _base(self, node: ast.ImportFrom) -> str | None:
        base = node.module or ""
        if not node.level:
            return base
        if self.project is None:
            return None
        return absolute(self.project.importer, base or None, node.level)

    @property
    def read(self) -> tuple[str, ...]:
        """The project's other files these imports were resolved through."""
        return tuple(sorted(self.project.read)) if self.project else ()

    def _resolve(self, local: str) -> None:
        self._reexports.discard(local)
        self.names[local] = self.project.reexported(self.names[local])

    def resolved(self) -> dict[str, str]:
        """Every name with re-exports followed (`from .compat import socket` -> socket)."""
        for local in list(self._reexports):
            self._resolve(local)
        return self.names

    def copy(self) -> "ImportMap":
        other = copy.copy(self)
        other.names, other.modules, other._reexports = dict(self.names), set(self.modules), set(self._reexports)
        other._as_module = dict(self._as_module)
        return other

    def setting_off(self, local: str, attr: str) -> bool:
        """`config.NODELAY` where config comes from a project module that only ever assigns
        NODELAY a false constant (`self.NODELAY = False` in its settings class)."""
        qualified = self.qualify_name(local) if local in self.names else None
        if self.project is None or qualified is None:
            return False
        # a settings module (`from pkg import settings`), or the module an object comes from
        found = module_file(self.project.importer, qualified) or (
            module_file(self.project.importer, qualified.rpartition(".")[0]) if "." in qualified else None)
        if found is None:
            return False
        self.project.read.add(found)
        values = attribute_constants(found, attr)
        return bool(values) and not any(values)

    def is_module(self, expr: ast.expr) -> bool:
        """Does a name stand for a module: `import socket`, `from eventlet.green import socket`?"""
        if type(expr) is not ast.Name:
            return False
        if expr.id in self._reexports:
            self._resolve(expr.id)
        qualified = self.names.get(expr.id, "")
        return expr.id in self.modules or as_socket(qualified) == "socket"

    def star_from(self, module: str) -> bool:
        return ("*" + module) in self.names

    def qualify(self, expr: ast.expr) -> str | None:
        """The qualified name an expression refers to, when its first part is imported."""
        name = dotted(expr)
        return None if name is None else self.qualify_name(name)

    def qualify_name(self, name: str) -> str | None:
        """The same for a dotted name given as text (`socket.AF_INET`)."""
        head, _, rest = name.partition(".")
        if self.module_attrs and (head == "self" or head in self.module_attrs):
            prefix, _, rest = name.rpartition(".")
            if prefix in self.module_attrs:
                return as_socket(f"{self.module_attrs[prefix]}.{rest}")
            return None
        if head in self._reexports:
            self._resolve(head)
        if head in self.names:
            full = self.names[head] if not rest else self._as_module.get(head, self.names[head])
            return as_socket(f"{full}.{rest}" if rest else full)
        if (head in _SYMBOLS or head in _STAR_SOCKET_NAMES) and self.star_from("socket"):
            return f"socket.{name}"
        for module, names in _STAR_THREAD_NAMES.items():
            if head in names and self.star_from(module):
                return f"{module}.{name}"
        return None


def as_socket(qualified: str) -> str:
    """`gevent.socket.AF_UNIX` -> `socket.AF_UNIX`: green socket modules mirror the stdlib's;
    `SocketServer.X` -> `socketserver.X`: Python 2 names of the same modules (also green ones:
    `eventlet.green.BaseHTTPServer.X` -> `http.server.X`)."""
    found = _AS_SOCKET.get(qualified)
    if found is None:
        if len(_AS_SOCKET) > 100_000:  # a long-lived process (the language server): stay bounded
            _AS_SOCKET.clear()
        found = _AS_SOCKET[qualified] = _rename_module(qualified)
    return found


_AS_SOCKET: dict[str, str] = {}  # a pure function of the string and the catalog's constants


def _rename_module(qualified: str) -> str:
    for package in catalog.GREEN_PACKAGES:
        if qualified.startswith(package + "."):
            qualified = qualified[len(package) + 1:]
    if "." in qualified:
        # `pkg._vendor.smtpd.SMTPServer`: a copy of a module the standard library dropped, kept
        # in a package's vendor folder, is modelled as the standard library's
        parts = qualified.split(".")
        for at in range(1, len(parts)):
            if parts[at] in catalog.VENDORED_STDLIB and parts[at - 1] in catalog.VENDOR_FOLDERS:
                qualified = ".".join(parts[at:])
                break
    head, dot, rest = qualified.partition(".")
    if head in catalog.PY2_MODULES:
        qualified = catalog.PY2_MODULES[head] + dot + rest
    for module in catalog.SOCKET_MODULES:
        if qualified == module or qualified.startswith(module + "."):
            return "socket" + qualified[len(module):]
    return qualified


def _imports(module: ast.Module):
    """Import statements anywhere: a walk over statements only (expressions hold no imports).
    Later statements come first, so an earlier import of a name is the one kept."""
    stack: list = [module.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is list:
            stack.extend(node)
        elif kind is ast.Import or kind is ast.ImportFrom:
            yield node
        else:
            for name in ("body", "orelse", "finalbody"):
                block = getattr(node, name, None)
                if type(block) is list and block:
                    stack.append(block)
            stack.extend(getattr(node, "handlers", ()))
            stack.extend(getattr(node, "cases", ()))


_OPERATORS = {
    ast.Mult: lambda a, b: a * b,
    ast.Add: lambda a, b: a + b,
    ast.LShift: lambda a, b: a << b if 0 <= b < 64 else None,
    ast.Sub: lambda a, b: a - b,
    ast.FloorDiv: lambda a, b: a // b if b else None,
    ast.BitOr: lambda a, b: a | b,
}


def constant(expr: ast.expr | None, imports: ImportMap, module_consts: dict) -> int | None:
    """The integer value of a constant expression: literals, socket.X names, module constants,
    and getattr(socket, "X", default) for an X the catalog knows."""
    if expr is None:
        return None
    kind = type(expr)
    if kind is ast.Constant:
        value = expr.value
        return int(value) if type(value) in (int, bool) else None
    if kind is ast.UnaryOp and type(expr.op) is ast.USub:
        inner = constant(expr.operand, imports, module_consts)
        return -inner if inner is not None else None
    if kind is ast.BinOp:
        left = constant(expr.left, imports, module_consts)
        right = constant(expr.right, imports, module_consts)
        if left is None or right is None:
            return None
        operation = _OPERATORS.get(type(expr.op))
        return operation(left, right) if operation is not None else None
    if kind is ast.Call and dotted(expr.func) == "getattr":
        # (a name this catalog does not know has a value of its own where the module defines it,
        # not the fallback: `getattr(socket, "TCP_KEEPCNT", 3)` is 6 on Linux, not TCP_CORK)
        attr = expr.args[1] if len(expr.args) >= 2 else None
        return _SYMBOLS.get(attr.value) if type(attr) is ast.Constant and type(attr.value) is str else None
    qualified = imports.qualify(expr)
    if qualified is not None:
        module, _, name = qualified.rpartition(".")
        if module in ("socket", "_socket") and name in _SYMBOLS:
            return _SYMBOLS[name]
    name = dotted(expr)
    if name is not None and name in module_consts:
        value = module_consts[name]
        if isinstance(value, ast.expr) and value is not expr:
            return constant(value, imports, {k: v for k, v in module_consts.items() if k != name})
    return None


def literal_size(expr: ast.expr, imports: ImportMap, consts: dict | None = None, depth: int = 0) -> int:
    """Bytes a written expression holds when that is known from literals and module constants
    (`HEADER = b"H" * 16`), else 0."""
    consts = consts or {}
    if depth > 6:
        return 0
    kind = type(expr)
    if kind is ast.Constant:
        return len(expr.value) if type(expr.value) in (bytes, str) else 0
    if kind is ast.Name and expr.id in consts:
        return literal_size(consts[expr.id], imports, consts, depth + 1)
    if kind is ast.BinOp:
        if type(expr.op) is ast.Add:
            left = literal_size(expr.left, imports, consts, depth + 1)
            right = literal_size(expr.right, imports, consts, depth + 1)
            return left + right if left and right else 0
        if type(expr.op) is ast.Mult:
            for data, count in ((expr.left, expr.right), (expr.right, expr.left)):
                size = literal_size(data, imports, consts, depth + 1)
                times = constant(count, imports, consts)
                if size and times is not None and 0 < times < 1 << 24:
                    return size * times
        return 0
    if kind is ast.Call:
        name = imports.qualify(expr.func) or dotted(expr.func) or ""
        if name == "struct.pack" and expr.args and type(expr.args[0]) is ast.Constant:
            import struct

            try:
                return struct.calcsize(str(expr.args[0].value))
            except (struct.error, TypeError):
                return 0
        if type(expr.func) is ast.Attribute and expr.func.attr == "encode":
            return literal_size(expr.func.value, imports, consts, depth + 1)
    return 0
