"""The one engine behind the CLI, the flake8 plugin, the language server and the harness.

discover -> read -> triage -> parse (ast) -> analyse -> rules -> noqa. Detection reads CPython's
`ast` only; libcst, which fixes need for a lossless tree, is the business of nagle_lint.fixes.

`check_source` is pure (text in, plain data out) and never raises for a bad file: every failure
becomes a FileError carried in the FileResult, reported as NAG001 by every output format.
"""
from __future__ import annotations

import ast
import fnmatch
import functools
import gc
import hashlib
import io
import os
import re
import sys
import tokenize
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from nagle_lint import astparse, noqa, syntax
from nagle_lint.discovery import Excludes, discover  # noqa: F401 - Excludes re-exported for callers
from nagle_lint.cache import dependency_stamps
from nagle_lint.edits import Analysis, Buffer, Unplaced
from nagle_lint.model import FileError, FileResult
from nagle_lint.project import api
from nagle_lint.project.modules import is_test_path  # noqa: F401 - also the engine's, for its callers
from nagle_lint.rules import CHECKS, select_rules
from nagle_lint.settings import DEFAULT_SETTINGS, Settings
from nagle_lint.streams import catalog
from nagle_lint.streams.catalog import HANDED_BACK
from nagle_lint.streams.names import dotted

# A finding needs a TCP stream: a socket factory, an accept, an asyncio stream or a request
# handler in the file, or a socket made in another module and used here (socket-like calls).
# Files that mention none of these are done before any parsing.
_TRIAGE_WORDS = (
    "socket(", "SocketType(", "create_connection", "create_server", "open_connection", "start_server",
    "RequestHandler", ".sendall(", ".recv(", ".recv_into(", ".setsockopt(", ".accept(", ".makefile(",
    "connectTCP(", "listenTCP(", "connectSSL(", "listenSSL(", "Endpoint(", "FromString(", "ServerFactory)", "IConsumer", "(self.transport)",  # Twisted
    "TCPServer(", "TCPClient(", "SSLServer(", "SSLClient(", "ClientService(",  # ... and its application services
    # a class built on a library base that hands back its stream: the base's own name
    *(base.rpartition(".")[2] for base in HANDED_BACK),
    ".set_nodelay(",  # a setter passing its parameter on is judged by the module's other calls of it
    "Telnet(", "Telnet)",  # telnetlib's client (catalog.TELNET_CLIENTS), made or subclassed
    "TCPServer)",  # a server class whose handle_stream() is given each connection (tornado's)
    "SMTPServer", "DebuggingServer", "PureProxy",  # a server class built on smtpd's (catalog.SMTPD_SERVERS)
    "multiprocessing.connection", "multiprocessing import connection",  # its Client and Listener (catalog.MP_CLIENTS)
)


def triage_pattern(settings: Settings, aliases: tuple[str, ...] = ()) -> re.Pattern:
    """Any triage word: what sparse_tree keeps a top-level statement for."""
    words = [re.escape(w) for w in _TRIAGE_WORDS]
    words += [re.escape(name.rpartition(".")[2]) for name, _ in settings.streams]
    words += [rf"\b{re.escape(alias)}\b" for alias in aliases]
    return re.compile("|".join(w for w in words if w))


# The file-level triage is narrower about names that end in `socket(` or `FromString(`: a
# socket factory is `socket(` itself, asyncore's create_socket, PySocks' socksocket, a wrap_socket
# or Twisted's client/serverFromString; another `...socket(` is a project helper only when it is
# called for its value (not `def test_empty_socket(`, pathlib's `is_socket()`, or a test suite's
# `support.requires_working_socket(module=True)` statement). Plain substring tests: an
# alternation of the words in one regular expression costs ten times as much.
_GENERIC_WORDS = ("socket(", "FromString(")
_SOCKET_FACTORIES = ("create_socket", "socksocket", "wrap_socket")
_DOTTED_NAME_END = re.compile(r"[\w.]*$")


# Parts shared by several words: a file is scanned once for each part and, only when it holds
# one, for the words behind it (every file is scanned for 15 strings instead of 25: a fifth less time
# for a tree that holds no socket code).
_WORD_PARTS = ("onnect", "erver", "FromString(", ".recv", "listen")


@functools.lru_cache(maxsize=64)
def _word_groups(streams: tuple, binary: bool) -> tuple:
    """((part, words holding it), ...) covering every file-level triage word."""
    words = [w for w in _TRIAGE_WORDS if w not in _GENERIC_WORDS] + ["clientFromString(", "serverFromString("]
    words += [name.rpartition(".")[2] for name, _ in streams]
    left = [w for w in dict.fromkeys(words) if w]
    groups = []
    for part in _WORD_PARTS:
        behind = [w for w in left if part in w]
        left = [w for w in left if part not in w]
        if behind:
            groups.append((part, behind))
    groups += [(w, [w]) for w in left]
    if binary:
        return tuple((part.encode("utf-8"), tuple(w.encode("utf-8") for w in behind)) for part, behind in groups)
    return tuple((part, tuple(behind)) for part, behind in groups)


def triaged(text: str | bytes, settings: Settings = DEFAULT_SETTINGS) -> bool:
    """Can the file hold a finding? A cheap text test: a stream source, a socket-like call, or
    a socket helper's value used (files that fail it are never parsed)."""
    binary = isinstance(text, bytes)
    for part, words in _word_groups(settings.streams, binary):
        if part in text and any(word in text for word in words):
            return True
    if binary:
        return b"socket(" in text and _calls_socket(text.decode("latin-1"))
    return "socket(" in text and _calls_socket(text)


def candidate(text: str | bytes, path: str | None, settings: Settings = DEFAULT_SETTINGS) -> tuple[bool, tuple[str, ...]]:
    """Is the file worth analysing: its own text passes triage, or it imports by name a
    function or class of the project's that touches a socket (a message put together from
    another module's helpers, `send_header(conn)` then `tcp_send_data(conn, body)`)? Also the
    project files that told (a skipped file's cached result goes stale with them)."""
    if triaged(text, settings):
        return True, ()
    if path is None or path == "<stdin>" or not os.path.isfile(path):
        return False, ()
    from nagle_lint.project.modules import socket_helpers_imported

    return socket_helpers_imported(path, text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))


def _calls_socket(text: str) -> bool:
    """Is some `...socket(` in the text a socket factory, or a helper whose value is used?"""
    at = text.find("socket(")
    while at != -1:
        line_start = text.rfind("\n", 0, at) + 1
        call = _DOTTED_NAME_END.search(text, line_start, at + 6).group()  # `support.requires_working_socket`
        name = call.rpartition(".")[2]
        before = text[line_start:at + 6 - len(call)].lstrip(" \t")
        if name == "socket" or name in _SOCKET_FACTORIES:
            return True
        if name != "is_socket" and not before.startswith(("def ", "async def ")) and (
                before or call.startswith(("self.", "cls."))):
            return True  # a helper's value kept (`s = make_socket(a)`), or a method of the object
        at = text.find("socket(", at + 7)
    return False


def _source_aliases(tree: ast.Module) -> tuple[str, ...]:
    """Local names that stand for a stream source: `from socket import create_connection as connect`,
    `from http.server import BaseHTTPRequestHandler as Base`."""
    found = []
    for node in tree.body:  # an import inside a definition mentions the source there already
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.asname and any(w.rstrip("(") in alias.name for w in _TRIAGE_WORDS):
                    found.append(alias.asname)
                elif f"{node.module}.{alias.name}" in _MP_NAMES:  # `Client(address)`, `connection.Listener(a)`
                    found.append(alias.asname or alias.name)
    return tuple(found)


_MP_NAMES = {*catalog.MP_CLIENTS, *catalog.MP_LISTENERS, "multiprocessing.connection"}


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str  # codec used to decode (and to write back)
    bom: bool


class ReadError(Exception):
    def __init__(self, error: FileError) -> None:
        super().__init__(error.message)
        self.error = error


def decode(data: bytes) -> Decoded:
    """Bytes to text the way Python reads source: BOM, PEP 263 cookie, else UTF-8."""
    if b"\x00" in data:
        raise ReadError(FileError("decode", "binary file (contains NUL bytes), not Python source"))
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise ReadError(FileError("decode", str(exc).splitlines()[0])) from None
    bom = encoding == "utf-8-sig"
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        line = data[: getattr(exc, "start", 0)].count(b"\n") + 1
        raise ReadError(FileError("decode", f"cannot decode as {encoding}: {_short(exc)}", line)) from None
    return Decoded(text, "utf-8" if bom else encoding, bom)


def read_source(path: str) -> Decoded:
    return decode(read_bytes(path))


def read_bytes(path: str) -> bytes:
    from nagle_lint.project.modules import read_regular

    try:
        return read_regular(path)
    except OSError as exc:
        raise ReadError(FileError("read", exc.strerror or str(exc))) from None


def check_file(path: str, settings: Settings = DEFAULT_SETTINGS) -> FileResult:
    """Read and check one file; never raises for a bad file."""
    try:
        data = read_bytes(path)
    except ReadError as exc:
        return FileResult(path, error=exc.error)
    # Triage the bytes first: a file with no stream source is never an error, even one that
    # does not decode (a binary or Latin-1 test fixture). noqa comments are still read.
    worth, consulted = candidate(data, path, settings)
    if not worth:
        if b"noqa" not in data:
            return FileResult(path, skipped="no socket code", reads=consulted)
        try:
            return check_source(decode(data).text, path, settings)
        except ReadError:
            return FileResult(path, skipped="no socket code", reads=consulted)
    try:
        decoded = decode(data)
    except ReadError as exc:
        return FileResult(path, error=exc.error)
    # (the cyclic collector waits for the end of the file: run while the analysis allocates, it
    # walks the same young trees and facts again and again and frees nothing of them; after it,
    # one pass over them frees the file's cycles. Not in the language server, where that pass
    # would come before the diagnostics are published)
    with astparse.collector_paused():
        return check_source(decoded.text, path, settings)


def check_source(source: str, path: str = "<stdin>", settings: Settings = DEFAULT_SETTINGS,
                 tree: ast.Module | None = None, cancelled=None, buffer: Buffer | None = None) -> FileResult:
    """Analyse one file's text. Pure: parses once (or reads the `ast` tree of the same text a
    caller already has: flake8's), runs every enabled rule, applies noqa. cancelled: asked now
    and then during the analysis; when it returns true, flow.paths.Cancelled is raised. buffer:
    the editor buffer this text is the latest of (edits.Buffer): an edit that only moved its
    code is reported from the buffer's last analysis, and this one is kept there."""
    if "noqa" not in source.lower():
        return _check_source(source, path, settings, tree, cancelled, buffer)
    # noqa comments are judged against the findings they could suppress (NAG002, warnings)
    result = _check_source(source, path, replace(settings, apply_noqa=False), tree, cancelled, buffer)
    enabled = frozenset(r.code for r in select_rules(settings.select, settings.ignore, settings.extend_select,
                                                      _file_ignores(path, settings)))
    return noqa.judge(result, source, settings.apply_noqa, enabled)


def _check_source(source: str, path: str, settings: Settings, tree: ast.Module | None = None,
                  cancelled=None, buffer: Buffer | None = None) -> FileResult:
    digest = hashlib.blake2b(source.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
    rules = select_rules(settings.select, settings.ignore, settings.extend_select, _file_ignores(path, settings))
    if not rules:
        return FileResult(path, skipped="no rule enabled", source_hash=digest)
    worth, consulted = candidate(source, path, settings)
    if not worth:
        return FileResult(path, skipped="no socket code", source_hash=digest, reads=consulted)
    try:
        tree = tree if tree is not None else screen(source)
    except ReadError as exc:
        return FileResult(path, error=exc.error, source_hash=digest)
    from nagle_lint.context import FileContext
    from nagle_lint.flow.analyse import analyse
    from nagle_lint.flow.paths import Cancelled

    def stop_if_cancelled() -> None:  # (between the steps that cannot stop half-way)
        if cancelled is not None and cancelled():
            raise Cancelled

    stop_if_cancelled()
    # (a file analysed for the socket helpers it imports names no triage word the sparse tree keeps
    # statements for: read whole)
    module = sparse_tree(source, tree, settings, also=_kept_for_others(source, tree, path)) \
        if settings.sparse and not consulted else tree

    try:
        real_path = path if path != "<stdin>" else None
        names_unix = "unix" in source.lower()
        in_tests = is_test_path(path) and not settings.nodelay_in_tests
        # (fixes edit the text at offsets of the tree they were computed on: always afresh)
        kept = _kept(tree, module) if buffer is not None and not settings.fixes else None
        # (what a module linked says can change with any file of the project, and with the text
        # of this one: asked again each time, it must be the same)
        linked = linked_modules(real_path, tree, settings, source) if real_path else ()
        moved = buffer.moved_lines(source, tree, kept, linked, names_unix, settings) if kept is not None else None
        findings = None
        if moved is not None:
            try:
                findings = _rule_findings(rules, FileContext(path, source, buffer.last.facts, settings, in_tests,
                                                             moved=moved))
                facts = buffer.last.facts
                buffer.reused += 1
            except Unplaced:
                findings = None
        if findings is None:
            stop_if_cancelled()
            facts = analyse(module, settings.stream_map(), real_path, linked=linked, cancelled=cancelled,
                            names_unix=names_unix)
            findings = _rule_findings(rules, FileContext(path, source, facts, settings, in_tests))
            if kept is not None:
                try:  # (what the result cache's entries depend on)
                    stamps = dependency_stamps(real_path, facts.imports.read) if real_path else ()
                    buffer.keep(Analysis(source, tree, kept, linked, names_unix, settings, facts, stamps))
                except OSError:
                    buffer.keep(None)  # (a file it read is gone already: no answer from this one)
    except RecursionError:
        return FileResult(path, error=FileError("too-complex", "nesting too deep to analyse"), source_hash=digest)
    except Cancelled:
        raise
    except Exception as exc:  # noqa: BLE001 - a rule bug must not stop the run; reported as NAG001
        where = _crash_site(exc)
        return FileResult(path, error=FileError("crash", f"internal error {type(exc).__name__}: {exc} ({where}); "
                                                "please report it"), source_hash=digest)
    if settings.apply_noqa:
        findings = noqa.filter_findings(findings, source)
    findings = _dedupe(findings)
    return FileResult(path, findings=tuple(sorted(findings, key=lambda f: f.sort_key())), source_hash=digest,
                      reads=facts.imports.read)


def _rule_findings(rules, ctx) -> list:
    findings = []
    for rule in rules:
        findings.extend(f for f in CHECKS[rule.code](ctx) if f is not None)
    return findings


def _kept(tree: ast.Module, module: ast.Module) -> tuple[int, ...]:
    """The indices of the top-level statements of tree that module (its sparse read) kept."""
    if module is tree:
        return tuple(range(len(tree.body)))
    ids = {id(stmt) for stmt in module.body}
    return tuple(i for i, stmt in enumerate(tree.body) if id(stmt) in ids)


def screen(source: str) -> ast.Module:
    """The built-in parser: the tree detection reads, or a one-line error."""
    try:
        tree = astparse.parse(source)
    except SyntaxError as exc:
        # (code written for a newer Python than the one running nagle-lint fails here too)
        raise ReadError(FileError("syntax", f"{exc.msg} (read as Python {_PYTHON})", exc.lineno or 1,
                                  exc.offset or 1)) from None
    except (RecursionError, MemoryError):
        raise ReadError(FileError("too-complex", "expression nesting too deep to parse")) from None
    except ValueError as exc:  # e.g. source contains null bytes
        raise ReadError(FileError("syntax", str(exc))) from None
    return tree


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"


# Modules the catalog describes: their names mean what the catalog says even when the tree being
# checked is the standard library itself (where socket.py is a project file).
_CATALOG_TOPS = frozenset({"socket", "_socket", "ssl", "select", "selectors", "asyncio", "socketserver", "http",
                           "xmlrpc", "urllib", "urllib3", "requests", "tornado", "gevent", "eventlet", "socks",
                           "wsgiref", "asyncore", "asynchat", "typing", "builtins"})
_LINK_BUDGET = 8  # other modules read per file


@functools.lru_cache(maxsize=1)
def _catalog_modules() -> frozenset[str]:
    """The modules the catalog has rows for (`tornado.iostream` for `tornado.iostream.IOStream`)."""
    return frozenset(key.rpartition(".")[0] for table in vars(catalog).values()
                     if isinstance(table, (dict, frozenset)) for key in table
                     if isinstance(key, str) and "." in key)


def _described(module: str, importer: str) -> bool:
    """Does the catalog stand for the module? The standard library's modules and the modules the
    catalog has rows for (tornado.iostream, urllib3.connection) always; the other modules of a
    third-party package the catalog describes not when that package is the tree being checked
    (urllib3.util.connection, read as a project's)."""
    top = module.split(".")[0]
    if top not in _CATALOG_TOPS:
        return False
    if top in sys.stdlib_module_names or module in _catalog_modules():
        return True
    from nagle_lint.project.modules import module_name

    return top != module_name(importer).split(".")[0]
_LINK_MAX_BYTES = 400_000


def linked_modules(path: str, tree: ast.Module, settings: Settings, source: str | None = None,
                   callers: bool = True) -> tuple:
    """The project's own modules whose classes or functions this file imports, each read with
    only what those definitions need: ((path, ast module), ...). A socket made here is often
    written through a base class or a wrapper defined there, and the reverse. (source: the
    tree's text, which spares a walk of the tree when no `module.name` in it can matter;
    callers: also the modules that call a wire API of this file, and what they link.)"""
    from nagle_lint.project.modules import (bound_imports, factory_files, module_file, module_name,
                                            subclass_files, top_definitions)

    wanted: dict[str, set[str]] = {}

    def want(module: str, name: str, depth: int = 0, into: dict = wanted) -> None:
        if _described(module, path):
            return
        found = module_file(path, module)
        if found is None or os.path.abspath(found) == os.path.abspath(path):
            return
        defined = top_definitions(found)  # only definitions that touch sockets are worth reading
        if name == "*":  # `from .proto import *`: each of them
            touching = {n for n, touches in defined.items() if touches}
            if touching:
                into.setdefault(found, set()).update(touching)
        elif defined.get(name):
            into.setdefault(found, set()).add(name)
        elif name not in defined and depth == 0:  # re-exported there: `from .impl import name`, `*`
            names, _ = bound_imports(found)
            targets = [names[name]] if name in names else []
            targets += [f"{star}.{name}" for key, star in names.items() if key.startswith("*")]
            for target in targets:
                where, _, real = target.rpartition(".")
                if where and not _described(where, path):
                    want(where, real, 1, into)

    submodules: dict[str, str] = {}  # local name -> project module it stands for
    testing = is_test_path(path)
    for node in syntax.import_statements(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _described(alias.name, path):
                    continue
                if alias.asname:
                    submodules[alias.asname] = alias.name
                elif "." not in alias.name and not testing and _is_package(module_file(path, alias.name)):
                    # (a script beside the project using its package; not a test file, whose suite
                    # imports what it tests: walking the library from every test costs more than
                    # the tests' findings, and neither a plain module, as before)
                    submodules[alias.name] = alias.name  # `import pkg` then `pkg.Client(sock)`
    handed = _handed_handler_streams(tree, source)
    forced: dict[str, set[str]] = {}  # file -> names linked for a handler stream handed to them
    imported = list(_project_from_imports(path, tree))
    # `Request(connection)` where `connection = Connection(client)` keeps the socket: the
    # request's methods read it through the object, whatever words their module's text uses
    # (this file's holder classes, read once for both questions: none where its text uses nothing it keeps)
    holders_here = api.holder_classes(tree) if (imported or callers and not testing) and (
        source is None or _HELD_USE.search(source) or ".accept(" in source) else ()
    handed |= _built_around_holders(tree, {alias.asname or alias.name for _, alias in imported}, holders_here) \
        if imported else set()
    bases = _bases_of_socket_classes(path, tree, {alias.asname or alias.name for _, alias in imported})
    # `def read(scope: BaseTransport)`: the subclasses elsewhere that keep a socket (an abstract
    # transport's TCP implementation), with the class itself
    for found, name, subclasses in (_socket_typed(path, tree) if imported else {}).values():
        wanted.setdefault(found, set()).add(name)
        forced.setdefault(found, set()).add(name)
        for other, names in subclasses.items():
            wanted.setdefault(other, set()).update(names)
    for base, alias in imported:
        want(base, alias.name)
        local = alias.asname or alias.name
        if local in bases and not _described(base, path):
            # `class Network(Escpos)`: the base calls the methods this class writes and reads
            # the socket in (`self._raw(req); time.sleep(1); self._read()`), whatever its text
            found = module_file(path, base)
            if found is not None and os.path.abspath(found) != os.path.abspath(path) \
                    and alias.name in top_definitions(found) and _calls_on_self(found, bases[local]):
                wanted.setdefault(found, set()).add(alias.name)
                forced.setdefault(found, set()).add(alias.name)
        if alias.name != "*" and module_file(path, f"{base}.{alias.name}") is not None:
            submodules[alias.asname or alias.name] = f"{base}.{alias.name}"
        found = module_file(path, base) if (alias.asname or alias.name) in handed else None
        if found is not None and os.path.abspath(found) != os.path.abspath(path) and not _described(base, path):
            # `write_mllp(self.wfile, ack)`: a function that writes (or reads) what it is handed,
            # whatever words its text uses
            wanted.setdefault(found, set()).add(alias.name)
            forced.setdefault(found, set()).add(alias.name)
    def want_used(module: str, attr: str, inner: str | None, into: dict = wanted) -> None:
        want(module, attr, into=into)
        # `import pkg` then `pkg.utils.sendrecord(sock, data)`: a submodule the package imports
        if inner is not None and module_file(path, f"{module}.{attr}") is not None:
            want(f"{module}.{attr}", inner, into=into)

    # `from pkg import sockutil` then `sockutil.connect(addr)`: the definitions used through it
    if submodules and (source is None or _may_use_submodules(source, submodules, want_used)):
        for node in syntax.branches(tree):
            if type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id in submodules:
                want(submodules[node.value.id], node.attr)
            elif type(node) is ast.Attribute and type(node.value) is ast.Attribute \
                    and type(node.value.value) is ast.Name and node.value.value.id in submodules:
                want_used(submodules[node.value.value.id], node.value.attr, node.attr)
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    factories = set()  # files linked for the Twisted factories that may serve or connect these classes
    # subclasses elsewhere that write or read what this module's classes connect (not for the
    # modules the catalog describes, socketserver's subclasses in a standard library tree; not a
    # test's subclass of a library class, whose suite puts mock sockets in its attributes: what
    # the library does is judged on the library)
    if classes and module_name(path).split(".")[0] not in _CATALOG_TOPS:
        for found, names in subclass_files(path, classes).items():
            if is_test_path(found) and not testing:
                continue
            defined = top_definitions(found)
            names = {name for name in names if defined.get(name)}
            if names:
                wanted.setdefault(found, set()).update(names)
        # a Twisted factory elsewhere that may serve or connect a protocol of this module (a
        # library's protocol switch, its connection pool)
        # (a protocol others write through declares it, or hands them its transport)
        if source is None or "implementer" in source or "(self.transport)" in source:
            for found in factory_files(path, classes):
                if not is_test_path(found) or testing:
                    wanted.setdefault(found, set())
                    factories.add(found)
    # the modules that call a wire API of this file (`Message.recv(conn)` in core.py, where
    # `conn = SocketConnection(sock)`): only they know which connection its send() writes
    calling: dict[str, set[str]] = {}
    api_text = ""
    if callers and not testing:
        from nagle_lint.project.api import api_call_text, api_caller_files, wire_apis

        apis = wire_apis(tree) if source is None or _may_define_wire_api(source) else ()
        if apis:
            calling = {found: names for found, names in api_caller_files(path, apis).items()
                       if not is_test_path(found) and found not in wanted}
            api_text = api_call_text(apis)
        # the modules that build a class of this file around a stream (`Proto(sock)` in main.py,
        # where `sock = socket.create_connection(...)`): only they know what its methods write
        holders = [name for name in holders_here if source is None or not _built_in(name, source)]
        if holders:
            text = api.construction_text(holders)
            for found, names in api.builder_files(path, holders).items():
                if found not in wanted:
                    calling.setdefault(found, set()).update(names)
            api_text = f"{api_text}|{text}" if api_text else text
    ranked = sorted(calling.items()) + sorted(wanted.items())
    out = []
    for found, names in ranked[:_LINK_BUDGET]:
        keep = api_text if found in calling else _FACTORY_TEXT.pattern if found in factories else ""
        if not keep:
            # (a definition linked for what it uses from a third module, `class
            # ServerConnection(Connection)` with the socket code in the base's, stays; the same
            # pattern for every file that links the module, so that one parse serves them all)
            touching = {n for n, touches in top_definitions(found).items() if touches}
            keep = _definitions_text(sorted(touching | forced.get(found, set())))
        module = _linked_module(found, settings, keep)
        if module is not None:
            out.append((found, module))
    wanted.update(calling)
    # one hop further, within the budget: what the linked definitions use from the project's
    # other modules (`Transport(sock)` there keeps the socket in a `Packetizer` of a third)
    further: dict[str, set[str]] = {}
    for found, module in list(out):
        for other, names in _used_from_project(found, module, wanted[found]).items():
            if os.path.abspath(other) != os.path.abspath(path) and other not in wanted:
                further.setdefault(other, set()).update(names)
    # (what a caller links itself: the wrapper class and the factory of the connection it passes)
    for found, module in [(f, m) for f, m in out if f in calling]:
        for other, _ in linked_modules(found, module, settings, callers=False):
            if os.path.abspath(other) != os.path.abspath(path) and other not in wanted:
                further.setdefault(other, set())
    for found, names in sorted(further.items())[:max(0, _LINK_BUDGET - len(out))]:
        module = _linked_module(found, settings)
        if module is not None:
            out.append((found, module))
    return tuple(out)


def _built_around_holders(tree: ast.Module, imported: set[str], holder_classes) -> set[str]:
    """The imported names this file calls with an object of one of its holder classes (project/
    api.py: holder_classes), which keeps a socket it was given: `Request(connection)` after
    `connection = Connection11(client, addr)`."""
    holders = set(holder_classes)
    if not holders or not imported:
        return set()
    kept = set()  # the names and self attributes such objects are bound to
    for node in syntax.branches(tree):
        if type(node) is ast.Assign and type(node.value) is ast.Call and type(node.value.func) is ast.Name \
                and node.value.func.id in holders:
            kept.update(dotted(target) for target in node.targets)
    kept.discard(None)

    def holder(arg) -> bool:
        return dotted(arg) in kept or type(arg) is ast.Call and type(arg.func) is ast.Name and arg.func.id in holders

    return {node.func.id for node in syntax.branches(tree) if type(node) is ast.Call and type(node.func) is ast.Name
            and node.func.id in imported and any(holder(arg) for arg in node.args)}


# a request handler's own streams, as a call hands them to a function of another module
_HANDLER_STREAMS = frozenset({"self.wfile", "self.rfile", "self.request", "self.connection"})
_HANDLER_STREAM_TEXT = re.compile(r"self\.(?:wfile|rfile|request|connection)\b")


def _handed_handler_streams(tree: ast.Module, source: str | None) -> set[str]:
    """The plain names this file calls with a request handler's stream among the arguments,
    also inside another call (`read_frames(read_bytes(self.rfile))`)."""
    if source is not None and not _HANDLER_STREAM_TEXT.search(source):
        return set()
    return {node.func.id for node in syntax.branches(tree) if type(node) is ast.Call and type(node.func) is ast.Name
            and any(dotted(inner) in _HANDLER_STREAMS for arg in node.args for inner in ast.walk(arg))}


def _definitions_text(names) -> str:
    """A pattern for the def or class lines of these names ("" for none)."""
    if not names:
        return ""
    alternatives = "|".join(re.escape(name) for name in names)
    return rf"(?:^|\n)[ \t]*(?:async[ \t]+def|def|class)[ \t]+(?:{alternatives})\b"


def _calls_of(methods) -> re.Pattern:
    """`.method(` for any of the methods (a literal first character: the search skips ahead
    to each `.`, where a pattern that starts with the name tries every word of the text)."""
    return re.compile(rf"\.[ \t]*(?:{'|'.join(sorted(methods))})[ \t]*\(")


_PARAM_WRITE = _calls_of(api.WRITES)  # (the wire APIs' own method names, as text)
_PARAM_READ = _calls_of(api.READS)
_NAME_BEFORE = re.compile(r"(?<![\w])([A-Za-z_]\w*)[ \t]*$")


def _receivers(calls: re.Pattern, source: str):
    """The name before each call's dot: `conn` of `conn.send(`."""
    for call in calls.finditer(source):
        name = _NAME_BEFORE.search(source, max(0, call.start() - 80), call.start())
        if name is not None:
            yield name.group(1)


_HELD_USE = re.compile(r"self\.\w+(?:\.\w+)?\.(?:%s)[ \t]*\(" % "|".join(sorted(api.HOLDER_USES)))


def _built_in(name: str, source: str) -> bool:
    """Does the module build the class itself (`Proto(sock)` beside `class Proto:`)?"""
    return re.search(rf"(?<![\w.]){re.escape(name)}[ \t]*\((?![^)\n]*\)[ \t]*:)", source) is not None


def _may_define_wire_api(source: str) -> bool:
    """Could the module define a wire API (project/api.py)? A name written twice and read, as
    text: most modules are ruled out without a walk of their functions."""
    counts: dict[str, int] = {}
    for name in _receivers(_PARAM_WRITE, source):
        counts[name] = counts.get(name, 0) + 1
    twice = {name for name, count in counts.items() if count >= 2 and name != "self"}
    return bool(twice) and any(name in twice for name in _receivers(_PARAM_READ, source))


def _kept_for_others(source: str, tree: ast.Module, path: str) -> re.Pattern | None:
    """What the sparse read also keeps for what other modules bring: the definitions of the
    file's wire APIs, and those with a parameter typed with a class whose subclasses elsewhere
    keep a socket (`def read_waveform(scope: BaseTransport)`)."""
    wire = _wire_api_text(source, tree)
    typed = _socket_typed(path, tree) if path != "<stdin>" and os.path.isfile(path) else {}
    if not typed:
        return wire
    noted = rf":\s*[\"']?(?:{'|'.join(re.escape(name) for name in sorted(typed))})\b"
    return re.compile(f"{wire.pattern}|{noted}" if wire is not None else noted)


def _socket_typed(path: str, tree: ast.Module) -> dict[str, tuple[str, str, dict[str, set[str]]]]:
    """The names this file annotates a parameter with that it imports from a module of the
    project, an interface there whose subclasses elsewhere touch a socket and one of whose
    abstract methods the file calls on such a parameter: local name -> (that module's file, the
    class's name there, {subclass file: the subclasses' names})."""
    from nagle_lint.project.modules import interface_methods, module_file, subclass_files, top_definitions

    # (the sparse read and the linking both ask, of the same tree: worked out once)
    kept = tree.__dict__.get("_nagle_socket_typed")
    if kept is not None and kept[0] == path:
        return kept[1]
    noted = _parameter_annotations(tree)
    found: dict = {}
    for base, alias in (_project_from_imports(path, tree) if noted else ()):
        local = alias.asname or alias.name
        if local not in noted or _described(base, path):
            continue
        where = module_file(path, base)
        # (only for a method the interface leaves to them: `scope.write()`, not `conf.routes()`)
        if where is None or os.path.abspath(where) == os.path.abspath(path) \
                or not noted[local] & interface_methods(where, alias.name):
            continue
        testing = is_test_path(path)
        subclasses = {}
        for other, names in subclass_files(where, {alias.name}).items():
            defined = top_definitions(other)
            names = {name for name in names if defined.get(name)}
            if names and (testing or not is_test_path(other)) and os.path.abspath(other) != os.path.abspath(path):
                subclasses[other] = names
        if subclasses:
            found[local] = (where, alias.name, subclasses)
    tree._nagle_socket_typed = (path, found)
    return found


def _wire_api_text(source: str, tree: ast.Module) -> re.Pattern | None:
    """The definitions of the file's wire APIs, which its sparse read keeps (a module function
    `send_msg(conn, ...)` that writes with `conn.send()` mentions no stream source)."""
    if not _may_define_wire_api(source):
        return None
    from nagle_lint.project.api import wire_apis

    names = [rf"(?:def|class)[ \t]+{re.escape(api.owner or name)}\b"
             for api in wire_apis(tree) for name, _ in api.writers + api.readers]
    return re.compile("|".join(names)) if names else None


def _may_use_submodules(source: str, submodules: dict, want) -> bool:
    """Could some `module.name` of the source add a definition (`re.compile` in imaplib cannot)?
    Every `module.name` the tree holds is written so in the text, so when none of the text's
    would be wanted, the walk that finds the tree's is not needed."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, submodules))
                         + r")[\s\\)]*\.[\s\\]*([A-Za-z_]\w*)(?:[\s\\]*\.[\s\\]*([A-Za-z_]\w*))?")
    trial: dict = {}
    for local, attr, inner in set(pattern.findall(source)):
        want(submodules[local], attr, inner or None, into=trial)
        if trial:
            return True
    return False


def _parameter_annotations(tree: ast.Module) -> dict[str, set[str]]:
    """The plain names this file's functions annotate a parameter with (`scope: BaseTransport`,
    `"BaseTransport"`) -> the methods they call on such a parameter (`scope.write(...)`). Kept on
    the tree: the sparse read and the linking both ask."""
    found: dict[str, set[str]] | None = tree.__dict__.get("_nagle_annotations")
    if found is not None:
        return found
    found = tree._nagle_annotations = {}
    for node in syntax.statements(tree):
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef):
            args = node.args
            typed = {}
            for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                note = arg.annotation
                if type(note) is ast.Name:
                    typed[arg.arg] = note.id
                elif type(note) is ast.Constant and isinstance(note.value, str) and note.value.isidentifier():
                    typed[arg.arg] = note.value
            if not typed:
                continue
            for name in typed.values():
                found.setdefault(name, set())
            for call in syntax.walk(node):
                if type(call) is ast.Call and type(call.func) is ast.Attribute and type(call.func.value) is ast.Name \
                        and call.func.value.id in typed:
                    found[typed[call.func.value.id]].add(call.func.attr)
    return found


def _project_from_imports(path: str, tree: ast.Module):
    """(module, alias) for each `from module import name` of a module the catalog does not
    describe (the project's own, or a third party's)."""
    from nagle_lint.project.modules import absolute

    for node in syntax.import_statements(tree):
        if isinstance(node, ast.ImportFrom):
            base = absolute(path, node.module, node.level)
            if base and not _described(base, path):
                for alias in node.names:
                    yield base, alias


def _bases_of_socket_classes(path: str, tree: ast.Module, imported: set[str]) -> dict[str, set[str]]:
    """The imported names this file's top-level classes that touch a socket give as their
    bases -> the names of the methods those classes define."""
    from nagle_lint.project.modules import top_definitions

    classes = [node for node in tree.body if type(node) is ast.ClassDef
               and any(type(base) is ast.Name and base.id in imported for base in node.bases)]
    if not classes:
        return {}  # (most files: no class of theirs extends one they import from the project)
    touching = top_definitions(path)
    bases: dict[str, set[str]] = {}
    for node in classes:
        if touching.get(node.name):
            methods = {stmt.name for stmt in node.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))}
            for base in node.bases:
                if type(base) is ast.Name and base.id in imported:
                    bases.setdefault(base.id, set()).update(methods)
    return bases


def _calls_on_self(path: str, methods: set[str]) -> bool:
    """Does the module's text call one of these methods on self (`self._read()`)?"""
    if not methods:
        return False
    try:
        text = decode(read_bytes(path)).text
    except ReadError:
        return False
    return re.search(r"\bself\.(?:%s)\s*\(" % "|".join(map(re.escape, sorted(methods))), text) is not None


def _is_package(found: str | None) -> bool:
    return found is not None and os.path.basename(found) == "__init__.py"


def _used_from_project(path: str, module: ast.Module, names: set[str]) -> dict[str, set[str]]:
    """The project files whose socket-touching classes or functions the named definitions of a
    linked module use by a name it imports from them: file -> names."""
    from nagle_lint.project.modules import definition_of, top_definitions

    definitions = {stmt.name: stmt for stmt in module.body
                   if isinstance(stmt, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))}
    # (and what the module's own definitions they name use: a factory's `protocol = Client`,
    # whose base class is the third module's)
    mentioned: set[str] = set()
    todo = [name for name in names if name in definitions]
    done: set[str] = set()
    while todo:
        name = todo.pop()
        if name in done:
            continue
        done.add(name)
        used = {node.id for node in ast.walk(definitions[name]) if isinstance(node, ast.Name)}
        mentioned |= used
        todo.extend(used & definitions.keys())
    out: dict[str, set[str]] = {}
    for base, alias in _project_from_imports(path, module):
        if (alias.asname or alias.name) not in mentioned:
            continue
        real = definition_of(path, base, alias.name)  # (through a module that re-exports it)
        if real is not None and top_definitions(real[0]).get(real[1]):
            out.setdefault(real[0], set()).add(real[1])
    return out


# what a Twisted factory that connects a protocol is written with: kept in a sparse read of a
# module linked for its factories
_FACTORY_TEXT = re.compile(r"Factory\b|\.connect\(")


@functools.lru_cache(maxsize=256)
def _linked_module_cached(path: str, stamp: tuple, settings: Settings, keep: str = ""):
    """The module read sparsely, as a checked file is: what touches sockets and what that uses
    (so one parse serves every file that links it); keep: a pattern of what else must stay (the
    calls of a wire API in a module that calls it, a Twisted factory in a module linked for it)."""
    try:
        data = read_bytes(path)
        if len(data) > _LINK_MAX_BYTES:
            return None
        source = decode(data).text
        from nagle_lint.project.modules import SOCKET_USE_TEXT
        # (what made a definition worth linking keeps it in the sparse read)
        also = re.compile(f"{SOCKET_USE_TEXT.pattern}|{keep}") if keep else SOCKET_USE_TEXT
        return sparse_tree(source, screen(source), settings, also=also)
    except (ReadError, RecursionError):
        return None


def _linked_module(path: str, settings: Settings, keep: str = ""):
    try:
        info = os.stat(path)
    except OSError:
        return None
    return _linked_module_cached(os.path.abspath(path), (info.st_size, info.st_mtime_ns), settings, keep)


def sparse_tree(source: str, tree: ast.Module, settings: Settings, also: re.Pattern | None = None) -> ast.Module:
    """The module with the top-level statements that cannot matter left out.

    Most of a large file has nothing to do with sockets, and every function read is walked.
    Kept: imports, short module-level statements (constants), every top-level statement that
    mentions a stream source, and, to a fixed point, definitions that those use by name or that
    use theirs (helpers, base classes, factories). tests/test_speedups_equal.py checks that the
    findings are those of the whole tree.
    """
    lines = source.splitlines(keepends=True)
    pattern = triage_pattern(settings, _source_aliases(tree))
    regions = []  # (first line, last line, text, defined names, kept)
    for node in tree.body:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", ())])
        last = node.end_lineno or node.lineno
        text = "".join(lines[first - 1:last])
        regions.append([first, last, text, _defined(node), False])
    if len(regions) < 2:
        return tree
    for region, node in zip(regions, tree.body):
        small = region[1] - region[0] < 3 and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                           ast.ClassDef))
        region[4] = small or _imports_names(node) or bool(pattern.search(region[2])) \
            or bool(also is not None and also.search(region[2]))
    words = [set(_WORD.findall(region[2])) for region in regions]  # (each region's, read once)
    kept_words: set = set()
    kept_names: set = set()
    new = [index for index, region in enumerate(regions) if region[4]]
    while new:
        for index in new:
            kept_words |= words[index]
            kept_names |= regions[index][3]
        new = [index for index, region in enumerate(regions)
               if not region[4] and (region[3] & kept_words or kept_names & words[index])]
        for index in new:
            regions[index][4] = True
    kept_lines = {number for first, last, _, _, kept in regions if kept for number in range(first, last + 1)}
    # a statement sharing a line with a kept one (`a = 1; b = 2`) stays
    body = [node for node, (first, last, _, _, kept) in zip(tree.body, regions)
            if kept or any(number in kept_lines for number in range(first, last + 1))]
    if len(body) == len(tree.body):
        return tree
    return ast.Module(body=body, type_ignores=[])


def _imports_names(node: ast.stmt) -> bool:
    """An import, or a top-level `try:`/`if` that imports (`try: import socks` / `except
    ImportError: socks = None`): what a name means must not differ between sparse and full reads."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(node, (ast.Try, ast.If, getattr(ast, "TryStar", ast.Try))):
        blocks = [node.body, node.orelse, getattr(node, "finalbody", [])]
        blocks += [handler.body for handler in getattr(node, "handlers", [])]
        return any(_imports_names(stmt) for block in blocks for stmt in block)
    return False


def _defined(node: ast.stmt) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    names = set()
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            for sub in ast.walk(target):
                if isinstance(sub, ast.Name):
                    names.add(sub.id)
    return names


def _dedupe(findings):
    seen, out = set(), []
    for finding in findings:
        key = (finding.code, finding.span)
        if key not in seen:
            seen.add(key)
            out.append(finding)
    return out


# rules that warn of a risk rather than a stall seen: in a test file a fake server, a one-off
# client or a tiny send buffer set on purpose (to test flow control) is the test's business
_RISK_RULES = ("NAG201", "NAG202", "NAG302")




def _file_ignores(path: str, settings: Settings) -> tuple[str, ...]:
    codes: list[str] = [] if settings.nodelay_in_tests or not is_test_path(path) else list(_RISK_RULES)
    posix = Path(path).as_posix()
    for pattern, ignored in settings.per_file_ignores:
        if fnmatch.fnmatch(posix, pattern) or fnmatch.fnmatch(posix, f"*/{pattern}") \
                or fnmatch.fnmatch(Path(path).name, pattern):
            codes.extend(ignored)
    return tuple(codes)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _crash_site(exc: BaseException) -> str:
    tb = exc.__traceback__
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    if last is None:
        return "?"
    return f"{Path(last.tb_frame.f_code.co_filename).name}:{last.tb_lineno}"


# -- many files --------------------------------------------------------------------------------
def check_paths(paths: list[str], settings: Settings = DEFAULT_SETTINGS, jobs: int | None = None,
                force_exclude: bool = False, cache=None, progress=None,
                warnings: list[str] | None = None) -> list[FileResult]:
    """Check every file under paths; results sorted by path. A file that crashes its worker
    (a native crash on pathological input) is reported, and the run goes on."""
    files, errors = discover(paths, settings, force_exclude, warnings=warnings)
    results: dict[str, FileResult] = {r.path: r for r in errors}
    todo = []
    for path in files:
        hit = cache.get(path, settings) if cache is not None else None
        if hit is not None:
            results[path] = hit
        else:
            todo.append(path)
    if progress is not None and hasattr(progress, "start"):
        progress.start(len(todo))  # a bar with a total (cache hits are not waited for)
    with fewer_collections():
        for result in _run(todo, settings, jobs, progress):
            results[result.path] = result
            if cache is not None and (result.error is None or result.error.kind != "read"):
                cache.put(result.path, settings, result)
    if cache is not None:
        cache.save()
    return [results[p] for p in sorted(results)]


def _run(files: list[str], settings: Settings, jobs: int | None, progress):
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or len(files) < 8:
        for path in files:
            yield check_file(path, settings)
            if progress:
                progress()
        return
    done = 0
    try:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            chunk = max(1, min(16, len(files) // (jobs * 4)))
            for result in pool.map(_check_file_job, [(p, settings) for p in files], chunksize=chunk):
                done += 1  # map yields in input order
                yield result
                if progress:
                    progress()
    except BrokenProcessPool:
        # A worker died (a native crash): re-run what is left one file per process to find it.
        for path in files[done:]:
            yield _isolated(path, settings)
            if progress:
                progress()


# The cyclic collector runs every 700 allocations by default and walks the live trees each time;
# a tree holds no cycles worth it. A longer interval for a run (and for the language server's
# life): about 10 % less time, a few MB more, and no full collection of half a second mid-edit.
GC_THRESHOLD = (50_000, 20, 100)


@contextmanager
def fewer_collections():
    """GC_THRESHOLD while the block runs, the caller's own threshold after it (a host process's
    collector, flake8's, is tuned for its own work)."""
    old = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _check_file_job(args) -> FileResult:
    path, settings = args
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
    if gc.get_threshold()[0] < GC_THRESHOLD[0]:  # a worker process: the same interval as a serial run
        gc.set_threshold(*GC_THRESHOLD)
    return check_file(path, settings)


def _isolated(path: str, settings: Settings) -> FileResult:
    try:
        with ProcessPoolExecutor(max_workers=1) as pool:
            return pool.submit(_check_file_job, (path, settings)).result()
    except BrokenProcessPool:
        return FileResult(path, error=FileError("crash", "the parser crashed on this file (native crash); skipped"))
