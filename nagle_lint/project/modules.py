"""The project around a file: which of its own modules an import names, and what names those
modules bind by importing them (re-exports: `from .compat import socket`, `from utils import *`).

Read with the built-in `ast` parser, top-level statements only, cached per file by size and
modification time: a module imported by many files is read once per run.
"""
from __future__ import annotations

import ast
import builtins
import configparser
import functools
import hashlib
import os
import re
import stat
import sys
from collections.abc import Mapping
from pathlib import PurePath

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib  # type: ignore[no-redef]

from nagle_lint import astparse
from nagle_lint.syntax import abstract_methods, is_interface


# Project files are read beside the checked ones without being asked for: only regular files, of
# a size source code has (a `*.py` symlink to /dev/zero or a FIFO must not stop the run).
MAX_PROJECT_FILE_BYTES = 4_000_000


def read_regular(path: str, limit: int | None = None) -> bytes:
    """The bytes of a regular file (OSError for anything else, or beyond `limit` bytes).
    O_NONBLOCK: opening a FIFO must not wait for a writer."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "not a regular file")
        if limit is not None and info.st_size > limit:
            raise OSError(0, "too large")
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read()
    finally:
        os.close(fd)


def read_project_file(path: str) -> bytes | None:
    """The bytes of a regular file of at most MAX_PROJECT_FILE_BYTES, else None."""
    try:
        return read_regular(path, MAX_PROJECT_FILE_BYTES)
    except OSError:
        return None


_MAX_REEXPORT_DEPTH = 4  # compat -> utils -> socket chains; deeper ones are not worth following


def package_root(path: str) -> str:
    """The directory a file's top-level package sits in: where `import pkg.mod` starts."""
    folder = os.path.dirname(os.path.abspath(path))
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return folder


def _namespace_root(root: str) -> str | None:
    """Where the top package sits when the package root is a folder without __init__.py inside
    a regular package (a namespace portion: `mkdb/server/coms/socket.py` imports
    `mkdb.server.coms.frames`); None when it is not. (Its own folder stays a root too: a tests
    folder run by pytest, or a script's, imports its siblings by their bare names.)"""
    parent = os.path.dirname(root)
    if parent == root or not os.path.isfile(os.path.join(parent, "__init__.py")):
        return None
    return package_root(os.path.join(parent, "__init__.py"))


def project_root(path: str) -> str:
    """The folder whose files the cross-file scans read for this file (subclasses, importers,
    callers): its package root, except in an installed environment's site-packages (or
    dist-packages), where each top-level package is a project of its own: the scans would
    otherwise read every distribution installed there (a top-level module alone: no other file)."""
    root = package_root(path)
    if os.path.basename(root) not in ("site-packages", "dist-packages"):
        return root
    return os.path.join(root, os.path.relpath(os.path.abspath(path), root).split(os.sep)[0])


def module_name(path: str) -> str:
    """`pkg.sub.mod` for pkg/sub/mod.py (`pkg.sub` for its __init__.py; `thrift.mod` for
    src/mod.py when the project installs src/ as the package `thrift`)."""
    root = package_root(path)
    relative = os.path.relpath(os.path.abspath(path), root)
    parts = relative[:-3].split(os.sep) if relative.endswith(".py") else relative.split(os.sep)
    if parts[-1] == "__init__":
        parts.pop()
    renamed = {folder: name for name, folder in package_dirs(root).items()}
    if parts and parts[0] in renamed:
        parts[0] = renamed[parts[0]]
    return ".".join(parts)


@functools.lru_cache(maxsize=256)
def package_dirs(root: str) -> dict[str, str]:
    """Top-level packages the project installs from a folder of another name: setup.py's
    `package_dir={"thrift": "src"}` (a literal), setup.cfg's [options.package_dir], pyproject's
    [tool.setuptools.package-dir]. {package: folder}, folders relative to root."""
    found: dict[str, str] = {}
    try:
        data = read_project_file(os.path.join(root, "setup.py"))
        tree = astparse.parse(data) if data is not None else ast.Module(body=[], type_ignores=[])
        for node in ast.walk(tree):
            if type(node) is ast.keyword and node.arg == "package_dir" and type(node.value) is ast.Dict:
                for key, value in zip(node.value.keys, node.value.values):
                    if type(key) is ast.Constant and type(value) is ast.Constant:
                        found.setdefault(str(key.value), str(value.value))
    except (OSError, SyntaxError, ValueError, RecursionError):
        pass
    try:
        config = configparser.ConfigParser()
        config.read(os.path.join(root, "setup.cfg"), encoding="utf-8")
        if config.has_section("options.package_dir"):
            for key, value in config.items("options.package_dir"):
                found.setdefault(key, value)
    except (configparser.Error, UnicodeDecodeError):
        pass
    try:
        data = read_project_file(os.path.join(root, "pyproject.toml"))
        table = tomllib.loads(data.decode("utf-8")).get("tool", {}).get("setuptools", {}).get("package-dir", {}) \
            if data is not None else {}
        for key, value in table.items() if isinstance(table, dict) else ():
            found.setdefault(str(key), str(value))
    except (OSError, ValueError, AttributeError):  # (UnicodeDecodeError is a ValueError)
        pass
    # only a top-level package moved to a folder inside the project ("" is a src layout's root)
    return {name: folder.strip("/").replace("/", os.sep) for name, folder in found.items()
            if name and "." not in name and folder and not os.path.isabs(folder) and ".." not in folder}


def absolute(importer: str, module: str | None, level: int) -> str | None:
    """The absolute module name of `from <level dots><module> import ...` in importer."""
    if level == 0:
        return module
    package = module_name(importer).split(".")
    if os.path.basename(importer) != "__init__.py":
        package = package[:-1]
    if level - 1 >= len(package):
        return None  # above the top-level package
    base = package[:len(package) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def module_file(importer: str, module: str) -> str | None:
    """The project file for an absolute module name, searched from the importer's package root
    (and a `src/` layout's root): None for the standard library and installed packages."""
    root = package_root(importer)
    top, dot, rest = module.partition(".")
    for base in (root, _project_above_script(importer, root), _namespace_root(root)):
        if base is None:
            continue
        relative = os.path.join(package_dirs(base).get(top, top), rest.replace(".", os.sep)) if dot \
            else package_dirs(base).get(top, top)
        for candidate in (os.path.join(base, relative + ".py"), os.path.join(base, relative, "__init__.py")):
            if os.path.isfile(candidate):
                return candidate
    if top in sys.stdlib_module_names:
        return None  # (`import socket` beside a `socket.py` of the project is still the stdlib's)
    # A folder between the file's own and its package root that is on sys.path when the program
    # runs: the folder of its main script (`python server_run.py` there), or one the file adds
    # (`sys.path.append(os.path.join(os.path.dirname(__file__), ".."))`), then `from common.utils
    # import send`
    relative = module.replace(".", os.sep)
    folder = os.path.dirname(os.path.abspath(importer))
    while folder != root and os.path.dirname(folder) != folder:
        for candidate in (os.path.join(folder, relative + ".py"), os.path.join(folder, relative, "__init__.py")):
            if os.path.isfile(candidate) and (_extends_sys_path(importer) or _holds_main_script(folder)):
                return candidate
        folder = os.path.dirname(folder)
    return None


_SYS_PATH_EDIT = re.compile(rb"\bsys\.path\.(?:append|insert)\(")


def _extends_sys_path(path: str) -> bool:
    """Does the file add a folder to sys.path (so its absolute imports may name its own folders)?"""
    try:
        info = os.stat(path)
    except OSError:
        return False
    return _edits_sys_path(os.path.abspath(path), (info.st_size, info.st_mtime_ns))


@functools.lru_cache(maxsize=1024)
def _edits_sys_path(path: str, stamp: tuple) -> bool:
    data = read_project_file(path)
    return data is not None and _SYS_PATH_EDIT.search(data) is not None


_MAIN_TEST = re.compile(rb"""^if[ \t(]+__name__[ \t]*==[ \t]*['"]__main__['"]""", re.M)


def _holds_main_script(folder: str) -> bool:
    """Is there a script in the folder (`if __name__ == "__main__":` at its top level)?"""
    try:
        stamp = os.stat(folder).st_mtime_ns
    except OSError:
        return False
    return _main_script_in(folder, stamp)


@functools.lru_cache(maxsize=256)
def _main_script_in(folder: str, stamp: int) -> bool:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return False
    for name in names:
        if name.endswith(".py") and name != "__init__.py":
            data = read_project_file(os.path.join(folder, name))
            if data is not None and _MAIN_TEST.search(data):
                return True
    return False


_PROJECT_FILES = ("setup.py", "pyproject.toml", "setup.cfg")


def _project_above_script(importer: str, root: str) -> str | None:
    """For a script outside any package (demos/client.py beside the project's package), the
    project folder above it, which the script imports the package from once it is installed."""
    if os.path.dirname(os.path.abspath(importer)) != root:
        return None
    parent = os.path.dirname(root)
    if parent == root or not any(os.path.isfile(os.path.join(parent, name)) for name in _PROJECT_FILES):
        return None
    return parent


@functools.lru_cache(maxsize=4096)
def _bound_imports(path: str, stamp: tuple) -> tuple[dict[str, str], tuple[str, ...] | None]:
    """(name -> qualified name for every top-level import of the module, its __all__ or None)."""
    try:
        data = read_project_file(path)
        if data is None:
            raise OSError(path)
        tree = astparse.parse(data)
    except (OSError, SyntaxError, ValueError, RecursionError):
        return {}, None
    names: dict[str, str] = {}
    exported = None
    stack = list(tree.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:  # the first binding wins: `if PY3: import x as y` / `else: ...`
                    names.setdefault(alias.asname, alias.name)
                else:
                    top = alias.name.split(".")[0]
                    names.setdefault(top, top)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(path, node.module, node.level)
            if base is None:
                continue
            for alias in node.names:
                if alias.name == "*":
                    names.setdefault("*" + base, base)
                else:
                    names.setdefault(alias.asname or alias.name, f"{base}.{alias.name}")
        elif isinstance(node, (ast.Try, ast.If)) or type(node).__name__ == "TryStar":
            stack.extend(node.body)
            stack.extend(node.orelse)
            stack.extend(getattr(node, "finalbody", []))
            for handler in getattr(node, "handlers", []):
                stack.extend(handler.body)
        elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
              and node.targets[0].id == "__all__" and isinstance(node.value, (ast.List, ast.Tuple))):
            exported = tuple(e.value for e in node.value.elts
                             if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return names, exported


def bound_imports(path: str) -> tuple[dict[str, str], tuple[str, ...] | None]:
    try:
        info = os.stat(path)
    except OSError:
        return {}, None
    return _bound_imports(os.path.abspath(path), (info.st_size, info.st_mtime_ns))


@functools.lru_cache(maxsize=1024)
def _attribute_constants(path: str, stamp: tuple, attr: str) -> tuple:
    try:
        data = read_project_file(path)
        if data is None:
            raise OSError(path)
        tree = astparse.parse(data)
    except (OSError, SyntaxError, ValueError, RecursionError):
        return ()
    values = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, ast.AnnAssign) and node.value is not None else []
        for target in targets:
            named = target.attr if isinstance(target, ast.Attribute) else \
                target.id if isinstance(target, ast.Name) else None
            if named == attr:  # a non-constant value: not known, so not "off"
                values.append(node.value.value if isinstance(node.value, ast.Constant) else True)
    return tuple(values)


def attribute_constants(path: str, attr: str) -> tuple:
    """What a module assigns to `attr` (as a name or any object's attribute): constants as they
    are, anything else as True (unknown, so never taken as off)."""
    try:
        info = os.stat(path)
    except OSError:
        return ()
    return _attribute_constants(os.path.abspath(path), (info.st_size, info.st_mtime_ns), attr)


_TOP_DEFINITION = re.compile(rb"^(?:async[ \t]+)?(?:def|class)[ \t]+(\w+)", re.M)
# what a definition must contain to add a write, a read, an option or a socket to a connection
# (a socket method handed on uncalled, `self._recv(size, self._socket.recv)`, is a read too)
_SOCKET_USE = re.compile(rb"\.(?:sendall|recv|recv_into)\b|\.send\(|\.(?:makefile|setsockopt|accept)\(|socket\(|create_connection\(|\btransport\.write(?:Sequence)?\(")
SOCKET_USE_TEXT = re.compile(_SOCKET_USE.pattern.decode("ascii"))  # the same, on str (a linked module's sparse read)


@functools.lru_cache(maxsize=4096)
def _definition_texts(path: str, stamp: tuple) -> dict[str, bytes]:
    data = read_project_file(path)
    if data is None:
        return {}
    found: dict[str, bytes] = {}
    matches = list(_TOP_DEFINITION.finditer(data))
    for match, after in zip(matches, matches[1:] + [None]):
        name = match.group(1).decode("ascii", "replace")
        found[name] = found.get(name, b"") + data[match.start():after.start() if after is not None else len(data)]
    return found


_PROTOCOL_ATTRIBUTE = re.compile(rb"^[ \t]+protocol[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*(?:#.*)?$", re.M)
_RETURNED_INSTANCE = re.compile(rb"^[ \t]+return[ \t]+([A-Za-z_]\w*)[ \t]*\(", re.M)  # (of a buildProtocol)
_CALLED_NAME = re.compile(rb"(?<![\w.])([A-Za-z_]\w*)[ \t]*\(")
_CLASS_BASES = re.compile(rb"[ \t]*class[ \t]+\w+[ \t]*\(([^)]*)\)")
_WORD = re.compile(rb"[A-Za-z_]\w*")


class _Definitions(Mapping):
    """name -> does the definition touch a socket; whether one that does not forwards to one
    is asked per name, when first looked up (most of a module's names never are)."""

    def __init__(self, path: str, texts: dict[str, bytes], forward: bool) -> None:
        self._path, self._texts, self._forward = path, texts, forward
        self._found = {name: bool(_SOCKET_USE.search(text)) for name, text in texts.items()}
        self._asked: set[str] = set()

    def __getitem__(self, name: str) -> bool:
        found = self._found[name]
        if not found and name not in self._asked:
            self._asked.add(name)
            # (a class whose socket code is its base's here: `class Cmd(BaseParser): pass`)
            header = _CLASS_BASES.match(self._texts[name])
            bases = [b.decode("ascii") for b in _WORD.findall(header.group(1))] if header is not None else ()
            # (and a Twisted factory whose protocol class here does: `protocol = ClientProtocol`,
            # or `return ClientProtocol(self.cfg)` in its buildProtocol())
            text = self._texts[name]
            built = _RETURNED_INSTANCE.findall(text) if b"buildProtocol" in text else []
            found = any(base in self._found and base != name and self[base] for base in bases) \
                or any(kept in self._found and kept != name and self[kept]
                       for kept in (k.decode("ascii") for k in _PROTOCOL_ATTRIBUTE.findall(text) + built)) \
                or any(called in self._found and called != name and self[called]  # (`sendfrag(sock, b)` here)
                       for called in {c.decode("ascii") for c in _CALLED_NAME.findall(text)}) \
                or self._forward and _forwards_to_socket(self._path, self._texts[name])
            self._found[name] = found
        return found

    def __iter__(self):
        return iter(self._found)

    def __len__(self) -> int:
        return len(self._found)


@functools.lru_cache(maxsize=4096)
def _top_definitions(path: str, stamp: tuple, forward: bool = True) -> Mapping[str, bool]:
    return _Definitions(path, _definition_texts(path, stamp), forward)


_WORD_OR_ATTRIBUTE = re.compile(rb"\b([A-Za-z_]\w*)(?:[ \t]*\.[ \t]*([A-Za-z_]\w*))?")


def _forwards_to_socket(path: str, text: bytes) -> bool:
    """Does a definition call one of the project's that touches a socket, by a name imported
    from its module (`from .unix_connect import get_socket as _gs`, `unix_connect.get_socket`)?
    A facade returns the socket its backend makes. (One step: the target's own text decides.)"""
    imported = bound_imports(path)[0]
    if not imported:
        return False
    for word, attr in set(_WORD_OR_ATTRIBUTE.findall(text)):
        target = imported.get(word.decode("ascii", "replace"))
        if target is None or target.split(".")[0] in sys.stdlib_module_names:
            continue
        module, _, name = target.rpartition(".")
        candidates = [(target, attr.decode("ascii"))] if attr else []  # a module imported whole
        if module:
            candidates.append((module, name))
        for module, name in candidates:
            found = module_file(path, module) if name else None
            if found is None or os.path.abspath(found) == os.path.abspath(path):
                continue
            real = definition_of(path, module, name)
            if real is not None and top_definitions(real[0], forward=False).get(real[1]):
                return True
    return False


def socket_helpers_imported(path: str, data: bytes) -> tuple[bool, tuple[str, ...]]:
    """Does the file import by name, from a module of the project, a function whose text touches
    a socket and that it calls (`from .connection import tcp_send_data`), or a class that does and
    that it subclasses (`class Analyzer(GenericInstrument):`), or an abstract class it annotates a
    parameter with and whose subclasses elsewhere touch a socket (`scope: BaseTransport`)? It may
    put messages together from them though its own text names no socket. (A class only used is
    not enough: its methods are judged where the class is, and a caller's lifetime of its objects
    is seldom known.) Also the project files that tell (a cached answer goes stale with them).
    Never through a standard library name."""
    if b"import" not in data:
        return False, ()
    scanned: list[set[bytes]] = []  # the names in the file's class bases, read once when first asked

    def subclassed(local: str) -> bool:
        if not scanned:
            scanned.append({word for match in _CLASS.finditer(data) for word in _WORD.findall(match.group(2))})
        return local.encode() in scanned[0]

    def calls(local: str) -> bool:
        return local.encode() + b"(" in data

    def annotates(local: str) -> bool:
        return re.search(rb":\s*[\"']?" + re.escape(local.encode()) + rb"\b", data) is not None

    def wanted(raw: str, local: str) -> bool:  # (a name neither called nor subclassed here puts no message together)
        return raw.split(".")[0] not in sys.stdlib_module_names and (
            local == "*" or calls(local) or subclassed(local) or annotates(local))

    consulted: list[str] = []
    for local, (module, name) in _imported_names(path, data, wanted).items():
        if module.split(".")[0] in sys.stdlib_module_names:
            continue
        found = module_file(path, module)
        if found is None or os.path.abspath(found) == os.path.abspath(path):
            continue
        consulted.append(found)
        if name == "*":  # (its public names)
            defined = [(found, each, each) for each in top_definitions(found, forward=False) if not each.startswith("_")]
        else:
            real = definition_of(path, module, name)
            defined = [(*real, local)] if real is not None else []
        for file, each, here in defined:
            if top_definitions(file, forward=False).get(each) and (
                    calls(here) if not _is_class(file, each) else subclassed(here)):
                return True, tuple(dict.fromkeys([*consulted, file]))
            if _is_class(file, each) and annotates(here) and interface_methods(file, each):
                touching = [other for other, names in subclass_files(file, {each}).items()
                            if any(top_definitions(other, forward=False).get(n) for n in names)]
                if touching:
                    return True, tuple(dict.fromkeys([*consulted, file, *touching]))
    return False, tuple(dict.fromkeys(consulted))


def interface_methods(path: str, name: str) -> set[str]:
    """The methods the top-level class `name` of that project file leaves to its subclasses, when
    it is an interface (syntax.is_interface); else none."""
    tree = parsed(path)
    return next((abstract_methods(n) for n in (tree.body if tree is not None else ())
                 if type(n) is ast.ClassDef and n.name == name and is_interface(n)), set())


def _is_class(path: str, name: str) -> bool:
    try:
        info = os.stat(path)
    except OSError:
        return False
    return _definition_texts(os.path.abspath(path), (info.st_size, info.st_mtime_ns)).get(name, b"").startswith(b"class")


def definition_of(importer: str, module: str, name: str) -> tuple[str, str] | None:
    """(file, name) where the project's module defines `name`, through the modules that only
    re-export it (`from .io.io import BaseWriter` in a facade); None when no module of the
    project defines it within _MAX_REEXPORT_DEPTH hops."""
    for _ in range(_MAX_REEXPORT_DEPTH):
        found = module_file(importer, module)
        if found is None:
            return None
        if name in top_definitions(found, forward=False):
            return found, name
        target = bound_imports(found)[0].get(name)
        if target is None or "." not in target:
            return None
        module, _, name = target.rpartition(".")
    return None


def top_definitions(path: str, forward: bool = True) -> Mapping[str, bool]:
    """The classes and functions a module defines at top level, each with whether its text
    touches a socket (read as text: the start of each one to the start of the next), or (forward)
    calls one of the project's that does by a name imported from it."""
    try:
        info = os.stat(path)
    except OSError:
        return {}
    return _top_definitions(os.path.abspath(path), (info.st_size, info.st_mtime_ns), forward)


class ProjectImports:
    """Follows imports of one file into the project's own modules and records which files were
    read (a cached result is stale when any of them changes)."""

    def __init__(self, importer: str) -> None:
        self.importer = importer
        self.read: set[str] = set()

    def star_names(self, module: str, depth: int = 0) -> dict[str, str]:
        """What `from module import *` binds by import, when module is the project's own."""
        found = self._module(module) if depth < _MAX_REEXPORT_DEPTH else None
        if found is None:
            return {}
        names, exported = found
        out = {}
        path = module_file(self.importer, module)
        for name in top_definitions(path) if path else ():  # `def get_socket` in the starred module
            if exported is None and not name.startswith("_") or exported is not None and name in exported:
                out[name] = f"{module}.{name}"
        for name, qualified in names.items():
            if name.startswith("*"):
                continue
            if exported is not None and name not in exported or exported is None and name.startswith("_"):
                continue
            out[name] = self.reexported(qualified, depth + 1)
        return out

    def reexported(self, qualified: str, depth: int = 0) -> str:
        """`pkg.compat.socket` -> `socket` when pkg/compat.py did `import socket`: the name a
        re-export stands for, through the project's own modules."""
        if depth >= _MAX_REEXPORT_DEPTH:
            return qualified
        parts = qualified.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module, rest = ".".join(parts[:cut]), parts[cut:]
            found = self._module(module)
            if found is None:
                continue
            names = found[0]
            if rest[0] in names:
                return self.reexported(".".join([names[rest[0]], *rest[1:]]), depth + 1)
            for key, star in names.items():  # `from .utils import *` inside a compat module
                if key.startswith("*"):
                    hit = self.star_names(star, depth + 1).get(rest[0])
                    if hit is not None:
                        return ".".join([hit, *rest[1:]])
            return qualified
        return qualified

    def _module(self, module: str):
        path = module_file(self.importer, module)
        if path is None or os.path.abspath(path) == os.path.abspath(self.importer):
            return None
        self.read.add(path)
        return bound_imports(path)


# -- the other direction: modules that subclass this one's classes ----------------------------
# Read as text with regular expressions (no parse): one pass over the project's files per run.
_SKIP_DIRS = frozenset({"site-packages", "dist-packages", ".git", ".hg", "__pycache__", "node_modules", ".tox",
                        ".nox", ".venv", "venv", ".mypy_cache", ".ruff_cache", ".nagle-lint-cache"})
_MAX_FILES = 20_000
# Both start with a literal word, which the regular expression engine finds with a fast search
# (a leading `^[ \t]*` would try every position of every file); _at_line_start checks the rest.
# The names end with the statement: inside parentheses, or up to the end of the line (a
# backslash continues it).
_FROM_IMPORT = re.compile(rb"from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(?:\(([^)]*)\)|((?:[\w, \t*]|\\\r?\n)+))")
_CLASS = re.compile(rb"class[ \t]+(\w+)[ \t]*\(([^)]*)\)")


def _at_line_start(data: bytes, start: int) -> bool:
    line = data.rfind(b"\n", 0, start) + 1
    return line == start or not data[line:start].strip(b" \t")


def _project_paths(root: str):
    """The project's Python files (at most _MAX_FILES, sorted folders)."""
    count = 0
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
        for name in files:
            if not name.endswith(".py"):
                continue
            count += 1
            if count > _MAX_FILES:
                return
            yield os.path.join(folder, name)


def _project_sources(root: str):
    """(path, bytes) of the project's Python files."""
    for path in _project_paths(root):
        data = read_project_file(path)
        if data is not None:
            yield path, data


def forget_project_scans() -> None:
    """Drop what the project-wide scans found (subclasses, importers, factories, package folders
    named in a project file): a process that outlives an edit of the project's files (the
    language server) scans them again. A scan in flight on another thread keeps its own number."""
    _SCANS[0] += 1
    _project_index_of.cache_clear()
    _importer_index_of.cache_clear()
    package_dirs.cache_clear()


def snapshot_roots(path: str) -> list[str]:
    """The folders whose files can change what an analysis of path finds: its project's (the
    cross-file scans), and the folders above it its imports are looked for in (the namespace
    package around it, the project above a script)."""
    root = package_root(path)
    roots = [project_root(path), _namespace_root(root), _project_above_script(path, root)]
    return list(dict.fromkeys(r for r in roots if r is not None))


def project_snapshot(root: str) -> str:
    """A digest of the files the cross-file scans of root read, with their sizes and times: it
    changes when one is edited, made, removed or renamed (a result cache's entries that those
    scans may have answered differently then are stale)."""
    digest = hashlib.blake2b(digest_size=16)
    # (and the files that name the project's package folders: `[tool.setuptools.package-dir]`)
    for path in [*(os.path.join(root, name) for name in _PROJECT_FILES), *sorted(_project_paths(root))]:
        try:
            info = os.stat(path)
        except OSError:
            continue
        digest.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\n".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _class_index(root: str) -> dict[str, list[tuple[str, str, frozenset[str]]]]:
    """module name -> [(file, subclass, imported base names)] for every class in the project
    whose base is imported from that module by name."""
    return _project_index(root)[0]


_SCANS = [0]  # bumped by forget_project_scans(): what a scan in flight then makes is never asked for


def _project_index(root: str) -> tuple[dict, dict]:
    return _project_index_of(root, _SCANS[0])


@functools.lru_cache(maxsize=4)
def _project_index_of(root: str, generation: int) -> tuple[dict, dict]:
    """The subclass index, and module name -> [(file, names imported from it)] for the files
    that may define a Twisted factory that serves or connects what they import (`ServerFactory`,
    or a `...Factory)` base and a `.connect(` call in their text): one pass."""
    index: dict[str, list] = {}
    served: dict[str, list] = {}
    for path, data in _project_sources(root):
        if b"class" not in data or b"import" not in data:
            continue
        names = _imported_names(path, data)
        if b"ServerFactory" in data or b"Factory)" in data and b".connect(" in data:
            for module, name in names.values():
                served.setdefault(module, []).append((path, name))
        # local base name -> module it comes from
        imported = {local: module for local, (module, _) in names.items()}
        if not imported:
            continue
        for match in _CLASS.finditer(data):
            if not _at_line_start(data, match.start()):
                continue
            bases = {b.strip().decode("ascii", "replace") for b in match.group(2).split(b",")}
            for base in bases & set(imported):
                index.setdefault(imported[base], []).append(
                    (path, match.group(1).decode("ascii", "replace"), frozenset(bases & set(imported))))
    return index, served


def factory_files(path: str, class_names: set[str]) -> dict[str, set[str]]:
    """Other project files that import one of this module's classes by name and may define a
    Twisted factory that serves or connects it: file -> the names imported."""
    out: dict[str, set[str]] = {}
    here = os.path.abspath(path)
    for other, name in _project_index(project_root(path))[1].get(module_name(path), ()):
        if other != here and name in class_names:
            out.setdefault(other, set()).add(name)
    return out


def _imported_names(path: str, data: bytes, wanted=None) -> dict[str, tuple[str, str]]:
    """local name -> (module, name) for each `from module import name [as local]` at a line start
    (wanted: which of (raw module, local name) to resolve; the rest are left out unresolved)."""
    imported: dict[str, tuple[str, str]] = {}
    for match in _FROM_IMPORT.finditer(data):
        if not _at_line_start(data, match.start()):
            continue
        raw = match.group(1).decode("ascii", "replace")
        names = match.group(3) if match.group(2) is None else re.sub(rb"#[^\n]*", b"", match.group(2))
        pairs = []
        for part in names.decode("ascii", "replace").replace("\\", " ").split(","):
            words = part.split()
            if words == ["*"]:
                pairs.append(("*", "*"))
            elif words:
                pairs.append((words[-1] if len(words) == 3 and words[1] == "as" else words[0], words[0]))
        if wanted is not None:
            pairs = [pair for pair in pairs if wanted(raw, pair[0])]
        level = len(raw) - len(raw.lstrip("."))
        module = absolute(path, raw[level:] or None, level) if pairs else None
        if module is None:
            continue
        for local, name in pairs:
            # (one star per module: a file may star-import several)
            imported["*" + module if name == "*" else local] = (module, name)
    return imported


def _importer_index(root: str) -> dict[str, list[tuple[str, dict[str, str]]]]:
    return _importer_index_of(root, _SCANS[0])


@functools.lru_cache(maxsize=4)
def _importer_index_of(root: str, generation: int) -> dict[str, list[tuple[str, dict[str, str]]]]:
    """module name -> [(file, {local name: name})] for every project file that imports names
    from that module."""
    index: dict[str, list] = {}
    for path, data in _project_sources(root):
        if b"import" not in data:
            continue
        by_module: dict[str, dict[str, str]] = {}
        for local, (module, original) in _imported_names(path, data).items():
            by_module.setdefault(module, {})[local] = original
        for module, names in by_module.items():
            index.setdefault(module, []).append((path, names))
    return index


def importer_files(path: str, names: set[str]) -> dict[str, dict[str, str]]:
    """Other project files that import some of this module's names by name (`from .connection
    import HTTPConnection`): file -> {local name: name}. Not its tests: what the library does
    is judged on the library."""
    out: dict[str, dict[str, str]] = {}
    here = os.path.abspath(path)
    for other, imported in _importer_index(project_root(path)).get(module_name(path), ()):
        found = {local: name for local, name in imported.items() if name in names}
        if found and other != here and not is_test_path(other):
            out[other] = found
    return out


@functools.lru_cache(maxsize=8)
def _parsed(path: str, stamp: tuple) -> ast.Module | None:
    data = read_project_file(path)
    if data is None or len(data) > 400_000:
        return None
    try:
        return ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def parsed(path: str) -> ast.Module | None:
    """Another project file's tree (for a question no link answers), or None."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return _parsed(os.path.abspath(path), (info.st_size, info.st_mtime_ns))


def subclass_files(path: str, class_names: set[str]) -> dict[str, set[str]]:
    """Other project files with classes built on this module's classes: file -> their names."""
    out: dict[str, set[str]] = {}
    here = os.path.abspath(path)
    for other, subclass, bases in _class_index(project_root(path)).get(module_name(path), ()):
        if other != here and bases & class_names:
            out.setdefault(other, set()).add(subclass)
    return out


_BASE_SUBSCRIPT = re.compile(r"\[[^\[\]]*\]")
_MAX_QUIET_DEPTH = 8


def quiet_definition(importer: str, qualified: str, foreign_quiet, depth: int = 0) -> bool:
    """Is `qualified` a class or function of the project whose text touches no socket, and, for
    a class, so is every base (followed through the project's imports; a base from elsewhere
    is asked of foreign_quiet)? Such a name cannot change what a stream is."""
    module, _, name = qualified.rpartition(".")
    found = module_file(importer, module) if module and depth < _MAX_QUIET_DEPTH else None
    if found is None:
        return False
    defined = top_definitions(found)
    if name not in defined:  # re-exported there: `from .raw.ept import UUID`
        target = bound_imports(found)[0].get(name)
        return target is not None and target != qualified and quiet_definition(found, target, foreign_quiet, depth + 1)
    if defined[name]:
        return False
    data = read_project_file(found)
    if data is None:
        return False
    text = data.decode("utf-8", "replace")
    line = re.search(rf"^class[ \t]+{re.escape(name)}\b[ \t]*(?:\(([^)]*)\))?[ \t]*:", text, re.M)
    if line is None:
        return re.search(rf"^(?:async[ \t]+)?def[ \t]+{re.escape(name)}\b", text, re.M) is not None
    imported = bound_imports(found)[0]
    for base in _BASE_SUBSCRIPT.sub("", line.group(1) or "").split(","):
        base = base.strip()
        if not base or base.startswith("metaclass="):
            continue
        if base in defined:
            target = f"{module}.{base}"
        elif base in imported:
            target = imported[base]
        elif base.isidentifier() and hasattr(builtins, base):
            continue  # `object`, `Exception`
        else:
            return False  # a dotted or unknown base
        if module_file(found, target.rpartition(".")[0] or target) is None:
            if not foreign_quiet(target):
                return False
        elif not quiet_definition(found, target, foreign_quiet, depth + 1):
            return False
    return True


def is_test_path(path: str) -> bool:
    """test_x.py, x_test.py, conftest.py, or anything under a test/, tests/ or testing/ folder."""
    parts = PurePath(path).parts
    name = parts[-1] if parts else ""
    return (name.startswith("test_") or name.endswith(("_test.py", "_tests.py")) or name == "conftest.py"
            or any(part in ("test", "tests", "testing") for part in parts[:-1]))
