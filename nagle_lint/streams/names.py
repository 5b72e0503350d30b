"""Names and constants: which module a name comes from, and what a constant expression is worth."""
from __future__ import annotations

import copy

import libcst as cst

from nagle_lint.project.modules import ProjectImports, absolute, attribute_constants, module_file
from nagle_lint.streams import catalog

_SYMBOLS: dict[str, int] = {
    **catalog.OPTION_NUMBERS, **catalog.LEVEL_NUMBERS, **catalog.FAMILY_NUMBERS, **catalog.TYPE_NUMBERS,
}


def dotted(expr: cst.BaseExpression) -> str | None:
    """`a.b.c` for a chain of names and attributes, else None."""
    kind = type(expr)  # type(), not isinstance(): libcst's ABCs make that slow
    if kind is cst.Name:  # most calls: a plain name, or no name at all
        return expr.value
    if kind is not cst.Attribute:
        return None
    parts = []
    while type(expr) is cst.Attribute:
        parts.append(expr.attr.value)
        expr = expr.value
    if type(expr) is cst.Name:
        parts.append(expr.value)
        return ".".join(reversed(parts))
    return None


def _module_name(node: cst.BaseExpression) -> str:
    return dotted(node) or ""


class ImportMap:
    """Local name -> qualified name, from every import statement in the module.

    Imports inside functions are included: a name imported anywhere means the same module almost
    always, and precision is kept by the rest of the analysis (a wrong guess yields no stream).
    """

    def __init__(self, module: cst.Module, path: str | None = None) -> None:
        self.names: dict[str, str] = {}
        self.modules: set[str] = set()  # local names bound by `import x` (modules, not objects)
        self.module_attrs: dict[str, str] = {}  # `self.socket_module` -> `socket`, set by the index
        # with the file's path, relative imports and re-exports through the project's own
        # modules resolve too (`from .compat import socket`, `from pkg.utils import *`)
        self.project = ProjectImports(path) if path else None
        self._reexports: set[str] = set()  # names imported from the project's own modules
        stars = []
        for node in _imports(module):
            if isinstance(node, cst.Import):
                for alias in node.names:
                    full = _module_name(alias.name)
                    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                        self.names[alias.asname.name.value] = full
                        self.modules.add(alias.asname.name.value)
                    else:
                        top = full.split(".")[0]
                        self.names.setdefault(top, top)
                        self.modules.add(top)
            elif isinstance(node, cst.ImportFrom):
                base = self._base(node)
                if base is None:
                    continue
                if isinstance(node.names, cst.ImportStar):
                    self.names.setdefault("*" + base, base)
                    stars.append(base)
                    continue
                for alias in node.names:
                    name = _module_name(alias.name)
                    local = name
                    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                        local = alias.asname.name.value
                    self.names[local] = f"{base}.{name}" if base else name
                    if self.project is not None and base and module_file(self.project.importer, base):
                        self._reexports.add(local)  # resolved when first asked (qualify)
        for base in stars if self.project else ():
            for local, qualified in self.project.star_names(base).items():
                self.names.setdefault(local, qualified)

    def _base(self, node: cst.ImportFrom) -> str | None:
        base = _module_name(node.module) if node.module is not None else ""
        if node.relative == ():
            return base
        if self.project is None:
            return None
        return absolute(self.project.importer, base or None, len(node.relative))

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
        return other

    def setting_off(self, local: str, attr: str) -> bool:
        """`config.NODELAY` where config comes from a project module that only ever assigns
        NODELAY a false constant (`self.NODELAY = False` in its settings class)."""
        qualified = self.qualify(cst.Name(local)) if local in self.names else None
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

    def is_module(self, expr: cst.BaseExpression) -> bool:
        """Does a name stand for a module: `import socket`, `from eventlet.green import socket`?"""
        if type(expr) is not cst.Name:
            return False
        if expr.value in self._reexports:
            self._resolve(expr.value)
        qualified = self.names.get(expr.value, "")
        return expr.value in self.modules or as_socket(qualified) == "socket"

    def star_from(self, module: str) -> bool:
        return ("*" + module) in self.names

    def qualify(self, expr: cst.BaseExpression) -> str | None:
        """The qualified name an expression refers to, when its first part is imported."""
        name = dotted(expr)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        if self.module_attrs and (head == "self" or head in self.module_attrs):
            prefix, _, rest = name.rpartition(".")
            if prefix in self.module_attrs:
                return as_socket(f"{self.module_attrs[prefix]}.{rest}")
            return None
        if head in self._reexports:
            self._resolve(head)
        if head in self.names:
            full = self.names[head]
            return as_socket(f"{full}.{rest}" if rest else full)
        if self.star_from("socket") and head in _SYMBOLS:
            return f"socket.{name}"
        return None


def as_socket(qualified: str) -> str:
    """`gevent.socket.AF_UNIX` -> `socket.AF_UNIX`: green socket modules mirror the stdlib's;
    `SocketServer.X` -> `socketserver.X`: Python 2 names of the same modules."""
    found = _AS_SOCKET.get(qualified)
    if found is None:
        if len(_AS_SOCKET) > 100_000:  # a long-lived process (the language server): stay bounded
            _AS_SOCKET.clear()
        found = _AS_SOCKET[qualified] = _rename_module(qualified)
    return found


_AS_SOCKET: dict[str, str] = {}  # a pure function of the string and the catalog's constants


def _rename_module(qualified: str) -> str:
    head, dot, rest = qualified.partition(".")
    if head in catalog.PY2_MODULES:
        qualified = catalog.PY2_MODULES[head] + dot + rest
    for module in catalog.SOCKET_MODULES:
        if qualified == module or qualified.startswith(module + "."):
            return "socket" + qualified[len(module):]
    return qualified


def _imports(module: cst.Module):
    """Import statements anywhere: a walk over statements only (expressions hold no imports)."""
    stack: list = list(module.body)
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.SimpleStatementLine or kind is cst.SimpleStatementSuite:
            for small in node.body:
                if type(small) in (cst.Import, cst.ImportFrom):
                    yield small
            continue
        body = getattr(node, "body", None)
        if isinstance(body, (list, tuple)):
            stack.extend(body)
        elif body is not None:
            stack.append(body)
        for name in ("orelse", "finalbody"):
            extra = getattr(node, name, None)
            if extra is not None:
                stack.append(extra)
        for handler in getattr(node, "handlers", ()) or ():
            stack.append(handler)
        for case in getattr(node, "cases", ()) or ():
            stack.append(case)


def constant(expr: cst.BaseExpression | None, imports: ImportMap, module_consts: dict) -> int | None:
    """The integer value of a constant expression: literals, socket.X names, module constants,
    and getattr(socket, "X", default)."""
    if expr is None:
        return None
    if isinstance(expr, cst.Integer):
        try:
            return int(expr.value.replace("_", ""), 0)
        except ValueError:
            return None
    if isinstance(expr, cst.Name) and expr.value in ("True", "False"):
        return 1 if expr.value == "True" else 0
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        inner = constant(expr.expression, imports, module_consts)
        return -inner if inner is not None else None
    if isinstance(expr, cst.BinaryOperation):
        left = constant(expr.left, imports, module_consts)
        right = constant(expr.right, imports, module_consts)
        if left is None or right is None:
            return None
        op = type(expr.operator)
        if op is cst.Multiply:
            return left * right
        if op is cst.Add:
            return left + right
        if op is cst.LeftShift and 0 <= right < 64:
            return left << right
        if op is cst.Subtract:
            return left - right
        if op is cst.FloorDivide and right:
            return left // right
        if op is cst.BitOr:
            return left | right
        return None
    if isinstance(expr, cst.Call) and dotted(expr.func) == "getattr" and len(expr.args) >= 2:
        attr = expr.args[1].value
        if isinstance(attr, cst.SimpleString) and attr.evaluated_value in _SYMBOLS:
            return _SYMBOLS[str(attr.evaluated_value)]
        if len(expr.args) >= 3:
            return constant(expr.args[2].value, imports, module_consts)
        return None
    qualified = imports.qualify(expr)
    if qualified is not None:
        module, _, name = qualified.rpartition(".")
        if module in ("socket", "_socket") and name in _SYMBOLS:
            return _SYMBOLS[name]
    name = dotted(expr)
    if name is not None and name in module_consts:
        value = module_consts[name]
        if isinstance(value, cst.BaseExpression) and value is not expr:
            return constant(value, imports, {k: v for k, v in module_consts.items() if k != name})
    return None


def literal_size(expr: cst.BaseExpression, imports: ImportMap, consts: dict | None = None, depth: int = 0) -> int:
    """Bytes a written expression holds when that is known from literals and module constants
    (`HEADER = b"H" * 16`), else 0."""
    consts = consts or {}
    if depth > 6:
        return 0
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        try:
            value = expr.evaluated_value
        except Exception:  # noqa: BLE001 - odd prefixes: size unknown
            return 0
        return len(value) if isinstance(value, (bytes, str)) else 0
    if isinstance(expr, cst.Name) and expr.value in consts:
        return literal_size(consts[expr.value], imports, consts, depth + 1)
    if isinstance(expr, cst.BinaryOperation):
        if isinstance(expr.operator, cst.Add):
            left = literal_size(expr.left, imports, consts, depth + 1)
            right = literal_size(expr.right, imports, consts, depth + 1)
            return left + right if left and right else 0
        if isinstance(expr.operator, cst.Multiply):
            for data, count in ((expr.left, expr.right), (expr.right, expr.left)):
                size = literal_size(data, imports, consts, depth + 1)
                times = constant(count, imports, consts)
                if size and times is not None and 0 < times < 1 << 24:
                    return size * times
        return 0
    if isinstance(expr, cst.Call):
        name = imports.qualify(expr.func) or dotted(expr.func) or ""
        if name == "struct.pack" and expr.args and isinstance(expr.args[0].value, cst.SimpleString):
            import struct

            try:
                return struct.calcsize(str(expr.args[0].value.evaluated_value))
            except (struct.error, TypeError):
                return 0
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "encode":
            return literal_size(expr.func.value, imports, consts, depth + 1)
    return 0
