"""The project model: a file's analysis reads the project's own modules it depends on, its
findings stay in that file, and a cached result goes stale when one of those modules changes."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from nagle_lint.cache import Cache
from nagle_lint.engine import check_file, check_paths
from nagle_lint.project.modules import (
    ProjectImports,
    absolute,
    module_file,
    module_name,
    subclass_files,
)
from nagle_lint.settings import Settings

BASE = '''import socket


class Transport:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection((self.host, self.port))
{nodelay}
    def call(self, frame):
        if self.sock is None:
            self.connect()
        self.sock.sendall(frame)
        return self.sock.recv(4096)
'''
NODELAY = "        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"

CLIENT = '''from .transport import Transport


class Client(Transport):
    def get(self, key):
        header = b"GET %d\\r\\n" % len(key)
        self.sock.sendall(header)
        self.sock.sendall(key)
        return self.sock.recv(4096)
'''


def _project(root: Path, nodelay: bool) -> Path:
    package = root / "pkg"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "transport.py").write_text(BASE.format(nodelay=NODELAY if nodelay else ""))
    (package / "client.py").write_text(CLIENT)
    return package


def _codes(result) -> list[tuple[int, str]]:
    return [(f.span.line, f.code) for f in result.findings]


def test_module_names_and_relative_imports(tmp_path):
    package = _project(tmp_path, nodelay=False)
    client = str(package / "client.py")
    assert module_name(client) == "pkg.client"
    assert absolute(client, "transport", 1) == "pkg.transport"
    assert absolute(client, None, 2) is None  # above the top package
    assert module_file(client, "pkg.transport") == str(package / "transport.py")
    assert module_file(client, "socket") is None  # not the project's


def _script_folder_project(root: Path, script: str) -> Path:
    """app/ (a package: it has __init__.py) with its main script, common/wire.py and
    client/transport.py, which imports `common.wire` as the script's folder allows."""
    app = root / "app"
    for folder in (app, app / "common", app / "client"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").write_text("")
    (app / "common" / "wire.py").write_text("def send(sock, data):\n    sock.sendall(data)\n")
    (app / "common" / "socket.py").write_text("")
    (app / "client" / "transport.py").write_text("import socket\nfrom common.wire import send\n")
    (app / "run.py").write_text(script)
    return app


def test_an_import_of_the_main_scripts_folder(tmp_path):
    # `python run.py` in app/ puts app/ on sys.path: `common.wire` is app/common/wire.py
    app = _script_folder_project(tmp_path, 'if __name__ == "__main__":\n    main()\n')
    transport = str(app / "client" / "transport.py")
    assert module_file(transport, "common.wire") == str(app / "common" / "wire.py")
    assert module_file(transport, "socket") is None  # a standard library name stays the stdlib's
    assert module_file(transport, "elsewhere.wire") is None


def test_an_import_of_a_folder_without_a_script_or_a_path_edit(tmp_path):
    app = _script_folder_project(tmp_path, "def main():\n    pass\n")
    transport = app / "client" / "transport.py"
    assert module_file(str(transport), "common.wire") is None  # `common` is someone else's
    time.sleep(0.01)
    transport.write_text("import os, sys\nsys.path.append(os.path.join(os.path.dirname(__file__), '..'))\n"
                         "from common.wire import send\n")
    assert module_file(str(transport), "common.wire") == str(app / "common" / "wire.py")


def test_reexport_through_a_compat_module(tmp_path):
    package = _project(tmp_path, nodelay=False)
    (package / "compat.py").write_text("try:\n    import socket\nexcept ImportError:\n    socket = None\n")
    imports = ProjectImports(str(package / "client.py"))
    assert imports.reexported("pkg.compat.socket") == "socket"
    assert imports.reexported("pkg.compat.missing") == "pkg.compat.missing"
    assert str(package / "compat.py") in imports.read


def test_subclass_index_finds_other_files(tmp_path):
    package = _project(tmp_path, nodelay=False)
    found = subclass_files(str(package / "transport.py"), {"Transport"})
    assert found == {str(package / "client.py"): {"Client"}}
    assert subclass_files(str(package / "transport.py"), {"Other"}) == {}


def test_installed_distributions_are_projects_of_their_own(tmp_path):
    # in a site-packages folder each top-level package is its own project: a file's cross-file
    # scans read its package, not every distribution installed beside it
    from nagle_lint.project.modules import project_root

    site = tmp_path / "lib" / "site-packages"
    for package in ("pkga", "pkgb"):
        (site / package).mkdir(parents=True)
        (site / package / "__init__.py").write_text("")
    (site / "pkga" / "base.py").write_text("class Base:\n    pass\n")
    (site / "pkga" / "local.py").write_text("from pkga.base import Base\n\n\nclass Mine(Base):\n    pass\n")
    (site / "pkgb" / "sub.py").write_text("from pkga.base import Base\n\n\nclass Other(Base):\n    pass\n")
    base = str(site / "pkga" / "base.py")
    assert module_name(base) == "pkga.base"  # imports still start at site-packages
    assert project_root(base) == str(site / "pkga")
    assert subclass_files(base, {"Base"}) == {str(site / "pkga" / "local.py"): {"Mine"}}
    # elsewhere the package root is the project, as before
    plain = tmp_path / "proj" / "pkga"
    plain.mkdir(parents=True)
    (plain / "__init__.py").write_text("")
    assert project_root(str(plain / "base.py")) == str(tmp_path / "proj")


def test_subclass_index_reads_each_import_statement(tmp_path):
    # Imports one after another, a `__future__` import first, parentheses with a comment, a
    # backslash: each names its own module, and an indented `class` counts too.
    package = _project(tmp_path, nodelay=False)
    (package / "more.py").write_text(
        "from __future__ import annotations\n"
        "from os import path\n"
        "from .transport import (  # the base\n    Transport,\n)\n"
        "from json import dumps, \\\n    loads\n\n"
        "if True:\n    class Quick(Transport):\n        pass\n\n\n"
        "class Slow(Transport):\n    pass\n\n\n"
        "class Text(dumps):\n    pass\n"
        "x = 'from .transport import Transport; class Fake(Transport): pass'\n")
    found = subclass_files(str(package / "transport.py"), {"Transport"})
    assert found == {str(package / "client.py"): {"Client"}, str(package / "more.py"): {"Quick", "Slow"}}


def test_split_in_a_subclass_of_another_modules_class(tmp_path):
    package = _project(tmp_path, nodelay=False)
    client = check_file(str(package / "client.py"))
    assert _codes(client) == [(8, "NAG101")]
    assert "1st at line 7" in client.findings[0].message
    base = check_file(str(package / "transport.py"))
    # the base's connection is used for request/response by the subclass (and by itself)
    assert _codes(base) == [(10, "NAG201")]


def test_a_base_class_reached_through_a_module_that_reexports_it(tmp_path):
    # client.py builds a Writer of routing.py, whose base is imported from a facade module that
    # only re-exports it from the module that writes (netio_game's serializer.py)
    package = tmp_path / "pkg"
    (package / "wire").mkdir(parents=True)
    for init in (package / "__init__.py", package / "wire" / "__init__.py"):
        init.write_text("")
    (package / "wire" / "base.py").write_text(
        "class BaseWriter:\n    def encode(self, conn, msg):\n        conn.sendall(bytes(msg))\n\n\n"
        "class BaseReader:\n    def decode(self, conn):\n        return conn.recv(100)\n")
    (package / "wire" / "facade.py").write_text("from .base import BaseReader, BaseWriter\n")
    (package / "wire" / "routing.py").write_text(
        "from .facade import BaseReader, BaseWriter\n\n\nclass Writer(BaseWriter):\n    pass\n\n\n"
        "class Reader(BaseReader):\n    def get_message(self, conn):\n        return self.decode(conn)\n")
    (package / "client.py").write_text(
        "import socket\nfrom .wire.routing import Reader, Writer\n\n\nclass Client:\n"
        "    def __init__(self, host, port):\n        self.w, self.r = Writer(), Reader()\n"
        "        self.sock = socket.create_connection((host, port))\n\n"
        "    def call(self, data):\n        self.w.encode(self.sock, data)\n"
        "        return self.r.get_message(self.sock)\n")
    assert _codes(check_file(str(package / "client.py"))) == [(8, "NAG201")]


def test_nodelay_in_the_base_class_reaches_the_subclass(tmp_path):
    package = _project(tmp_path, nodelay=True)
    assert check_file(str(package / "client.py")).findings == ()
    everything = Settings(select=("ALL",))  # NAG401: the split costs a segment, not a stall
    assert _codes(check_file(str(package / "client.py"), everything)) == [(8, "NAG401")]
    assert check_file(str(package / "transport.py")).findings == ()


MOCKING_TEST = """from pkg.transport import Transport


class MockSocket:
    def sendall(self, data):
        self.sent = data

    def recv(self, size):
        return b"OK"


class RecordingTransport(Transport):
    def connect(self):
        self.sock = MockSocket()


def test_call():
    transport = RecordingTransport("h", 1)
    transport.sock = MockSocket()
    assert transport.call(b"PING") == b"OK"
"""


def test_a_tests_subclass_is_not_read_with_the_library(tmp_path):
    """A test suite's subclass that swaps in a mock socket says nothing about what the library
    does with a real one (pymemcache 4.0.0's CustomizedClient in its tests hid its client's
    NAG201); a subclass in the library is still read, and a test still reads the library."""
    import ast

    from nagle_lint.engine import linked_modules

    package = _project(tmp_path, nodelay=False)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pkg"\n')
    (tmp_path / "tests").mkdir()
    test = tmp_path / "tests" / "test_transport.py"
    test.write_text(MOCKING_TEST)
    transport = package / "transport.py"
    linked = [p for p, _ in linked_modules(str(transport), ast.parse(transport.read_text()), Settings())]
    assert linked == [str(package / "client.py")]
    from_test = [p for p, _ in linked_modules(str(test), ast.parse(MOCKING_TEST), Settings())]
    assert from_test == [str(transport)]
    assert _codes(check_file(str(transport))) == [(10, "NAG201")]


def test_cached_result_is_stale_when_a_linked_module_changes(tmp_path):
    package = _project(tmp_path, nodelay=False)
    settings_cache = tmp_path / "cache"
    first = check_paths([str(package / "client.py")], cache=Cache(settings_cache), jobs=1)
    assert [c for _, c in _codes(first[0])] == ["NAG101"]
    assert str(package / "transport.py") in first[0].reads
    transport = package / "transport.py"
    transport.write_text(BASE.format(nodelay=NODELAY))
    later = time.time() + 5  # a different mtime even on coarse file systems
    os.utime(transport, (later, later))
    second = check_paths([str(package / "client.py")], cache=Cache(settings_cache), jobs=1)
    assert "NAG101" not in [c for _, c in _codes(second[0])]


def test_second_run_in_a_fresh_project_is_served_from_the_cache(tmp_path, monkeypatch):
    """The cache folder is made in the project's root, whose stamp the entries hold: made after
    they were stamped, it would make the whole first run's entries stale."""
    import nagle_lint.engine as engine

    package = _project(tmp_path, nodelay=False)
    earlier = time.time() - 60  # (a file written in the last moments before a run is not cached)
    for path in [tmp_path, package, *package.iterdir()]:
        os.utime(path, (earlier, earlier))
    paths = [str(package / "client.py"), str(package / "transport.py")]
    first = check_paths(paths, cache=Cache(tmp_path / ".nagle_lint_cache"), jobs=1)

    def analysed(*args, **kwargs):
        raise AssertionError("analysed again")

    monkeypatch.setattr(engine, "check_source", analysed)
    second = check_paths(paths, cache=Cache(tmp_path / ".nagle_lint_cache"), jobs=1)
    assert [_codes(r) for r in second] == [_codes(r) for r in first]


def test_cached_result_is_stale_when_another_file_subclasses_its_class(tmp_path):
    """transport.py is analysed with the classes other files build on its own (found by a scan
    of the whole project): client.py, which its last analysis did not read, can change it."""
    from nagle_lint.project.modules import forget_project_scans

    package = tmp_path / "project" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    transport = package / "transport.py"
    transport.write_text(BASE.split("\n    def call")[0].format(nodelay=""))
    client = package / "client.py"
    client.write_text("VERSION = 1\n")
    cache_dir = tmp_path / "cache"
    assert _codes(check_paths([str(transport)], cache=Cache(cache_dir), jobs=1)[0]) == []
    client.write_text(CLIENT)
    later = time.time() + 5
    os.utime(client, (later, later))
    forget_project_scans()  # (a new run is a new process: it scans the project afresh)
    assert [c for _, c in _codes(check_paths([str(transport)], cache=Cache(cache_dir), jobs=1)[0])] == ["NAG201"]


def test_cached_result_is_stale_when_a_module_is_saved_during_its_analysis(tmp_path, monkeypatch):
    """The entry is written after the analysis: transport.py saved meanwhile must not be taken
    for what the analysis read."""
    import nagle_lint.engine as engine

    package = _project(tmp_path / "project", nodelay=False)
    transport = package / "transport.py"
    check = engine.check_source

    def saved_meanwhile(*args, **kwargs):
        result = check(*args, **kwargs)
        transport.write_text(BASE.format(nodelay=NODELAY))
        later = time.time() + 5
        os.utime(transport, (later, later))
        return result

    cache_dir = tmp_path / "cache"
    monkeypatch.setattr(engine, "check_source", saved_meanwhile)
    first = check_paths([str(package / "client.py")], cache=Cache(cache_dir), jobs=1)
    assert [c for _, c in _codes(first[0])] == ["NAG101"]
    monkeypatch.setattr(engine, "check_source", check)
    second = check_paths([str(package / "client.py")], cache=Cache(cache_dir), jobs=1)
    assert "NAG101" not in [c for _, c in _codes(second[0])]


def test_cached_result_is_stale_when_a_package_marker_appears(tmp_path):
    """`from common.utils import send` names another module once the folder above gets an
    `__init__.py`: the cached result must not outlive that change."""
    top = tmp_path / "app"
    (top / "client").mkdir(parents=True)
    (top / "common").mkdir()
    (top / "client" / "__init__.py").write_text("")
    (top / "common" / "__init__.py").write_text("")
    (top / "common" / "utils.py").write_text(
        "def send_message(sock, data):\n    sock.sendall(data)\n\n\n"
        "def get_message(sock):\n    return sock.recv(4096)\n")
    client = top / "client" / "transport.py"
    client.write_text(
        "import socket\nfrom common.utils import send_message, get_message\n\n\n"
        "class Transport:\n    def __init__(self):\n        self.sock = socket.create_connection(('h', 1))\n\n"
        "    def ask(self, data):\n        send_message(self.sock, data)\n        return get_message(self.sock)\n")
    cache_dir = tmp_path / "cache"

    def run(**options):
        return [c for _, c in _codes(check_paths([str(client)], jobs=1, **options)[0])]

    assert run(cache=Cache(cache_dir)) == run() == ["NAG201"]
    (top / "__init__.py").write_text("")  # now `common` is `app.common`: the import no longer resolves
    assert run(cache=Cache(cache_dir)) == run()


def test_findings_do_not_depend_on_hash_order():
    """Set and dict order changes with PYTHONHASHSEED; which pieces a split names must not."""
    import subprocess
    import sys

    corpus = Path(__file__).resolve().parent.parent / "corpus"
    outputs = []
    for seed in ("1", "2"):
        proc = subprocess.run([sys.executable, "-m", "nagle_lint", "--no-cache", "-j", "1", "--select", "ALL",
                               "--output-format", "concise", "--exit-zero", str(corpus)],
                              capture_output=True, text=True, timeout=300, check=False,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert proc.returncode == 0, proc.stderr
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].count("NAG1") > 20


# -- TCP_NODELAY that each call of a helper module switches ----------------------------------------
NETUTIL = '''import socket


def make(address, nodelay=True):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if nodelay:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.connect(address)
    return sock
'''
SETTINGS = "class Settings:\n    def __init__(self):\n        self.NODELAY = {value}\n\n\nsettings = Settings()\n"
CALLER = '''from pkg import netutil
from pkg.conf import settings


class Client:
    def __init__(self, address):
        self.sock = netutil.make(address{args})

    def call(self, frame):
        self.sock.sendall(frame)
        return self.sock.recv(4096)
'''


def _gated(root: Path, args: str, default: str = "False") -> str:
    package = root / "pkg"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "netutil.py").write_text(NETUTIL)
    (package / "conf.py").write_text(SETTINGS.format(value=default))
    (package / "client.py").write_text(CALLER.format(args=args))
    return str(package / "client.py")


def test_factory_call_that_passes_nodelay_false_is_reported_without_a_fix(tmp_path):
    result = check_file(_gated(tmp_path, ", nodelay=False"))
    assert _codes(result) == [(7, "NAG201")]  # at the call that turns it off, not in netutil.py
    assert "passes `nodelay` false" in result.findings[0].message
    assert result.findings[0].fixes == ()  # the caller chose; a setsockopt after it would undo that


def test_factory_flag_from_a_settings_object_off_by_default(tmp_path):
    client = _gated(tmp_path, ", nodelay=settings.NODELAY")
    result = check_file(client)
    assert _codes(result) == [(7, "NAG201")]
    assert "`settings.NODELAY` is true, and it is off by default" in result.findings[0].message
    assert str(Path(client).parent / "conf.py") in result.reads  # a settings change makes it stale


def test_factory_nodelay_left_on_is_not_reported(tmp_path):
    assert check_file(_gated(tmp_path, "")).findings == ()  # the default: NODELAY set
    assert check_file(_gated(tmp_path / "b", ", nodelay=True")).findings == ()
    assert check_file(_gated(tmp_path / "c", ", nodelay=settings.NODELAY", default="True")).findings == ()
    assert check_file(_gated(tmp_path / "d", ", nodelay=fast")).findings == ()  # unknown: precision first


# -- TCP_NODELAY from a default options list that a pool module replaces ------------------------
OPTIONS_CONNECTION = '''import http.client
import socket

from .util import set_options


class UploadConnection(http.client.HTTPConnection):
    default_options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]

    def __init__(self, host, port=None, options=default_options):
        super().__init__(host, port)
        self.options = options

    def connect(self):
        sock = socket.create_connection((self.host, self.port), self.timeout)
        set_options(sock, self.options)
        self.sock = sock

    def upload(self, path, body):
        self.putrequest("PUT", path)
        self.putheader("Content-Length", str(len(body)))
        self.endheaders()
        self.send(body)
'''
OPTIONS_POOL = '''from .connection import UploadConnection


class Pool:
    conn_class = UploadConnection

    def __init__(self, host, proxy=None, **kw):
        self.host = host
        self.kw = kw
        if proxy:
            self.kw.setdefault("options", {options})

    def new(self):
        return self.conn_class(self.host, **self.kw)
'''


def _options_project(root: Path, options: str) -> str:
    package = root / "pkg"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "util.py").write_text("def set_options(sock, options):\n    for opt in options or ():\n"
                                     "        sock.setsockopt(*opt)\n")
    (package / "connection.py").write_text(OPTIONS_CONNECTION)
    (package / "pool.py").write_text(OPTIONS_POOL.format(options=options))
    return str(package / "connection.py")


def test_default_options_replaced_by_a_module_that_imports_the_class(tmp_path):
    # pool.py imports the connection class and builds it for a proxy with an empty options list;
    # nothing links it into connection.py's analysis, so it is read for that question alone
    connection = _options_project(tmp_path, "[]")
    result = check_file(connection)
    assert _codes(result) == [(15, "NAG201"), (23, "NAG101")]
    assert all("Nagle is on when it is built with `options` without it, as at line 11 in pool.py" in f.message
               for f in result.findings)
    assert all(f.fixes == () or all("TCP_NODELAY" not in e.text for fix in f.fixes for e in fix.edits)
               for f in result.findings)  # the pool chose Nagle on: no setsockopt that would undo it
    assert str(Path(connection).parent / "pool.py") in result.reads  # a change there makes it stale


def test_default_options_kept_by_every_construction(tmp_path):
    extended = "UploadConnection.default_options + [(1, 9, 1)]"  # the default and SO_KEEPALIVE
    assert check_file(_options_project(tmp_path, extended)).findings == ()
    assert check_file(_options_project(tmp_path / "b", "user_options")).findings == ()  # unknown: no evidence


# thrift's layout: setup.py installs the folder src/ as the package `thrift`; the TLS transport
# subclasses `TSocket.TSocket` through a submodule import and makes its own socket, which a
# helper of another base class wraps and returns
SETUP = "from setuptools import setup\nsetup(name='thrift', packages=['thrift'], package_dir={'thrift': 'src'})\n"
PLAIN = '''import socket


class TSocket:
    handle = None

    def open(self, host, port):
        for family, kind, _, _, address in socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM):
            handle = self._do_open(family, kind)
            handle.connect(address)
            self.handle = handle
            return

    def _do_open(self, family, kind):
        return socket.socket(family, kind)

    def call(self, frame):
        self.handle.sendall(frame)
        return self.handle.recv(4096)
'''
TLS = '''import socket
import ssl

from thrift.transport import TSocket


class TLSBase:
    context = ssl.create_default_context()

    def _wrap_socket(self, sock):
        return self.context.wrap_socket(sock, server_hostname=None)


class TSSLSocket(TSocket.TSocket, TLSBase):
    def _do_open(self, family, kind):
        plain = socket.socket(family, kind)
        return self._wrap_socket(plain)
'''


def test_a_package_installed_from_a_folder_of_another_name(tmp_path):
    (tmp_path / "setup.py").write_text(SETUP)
    transport = tmp_path / "src" / "transport"
    transport.mkdir(parents=True)
    (tmp_path / "src" / "__init__.py").write_text("")
    (transport / "__init__.py").write_text("")
    (transport / "TSocket.py").write_text(PLAIN)
    (transport / "TSSLSocket.py").write_text(TLS)
    tls = str(transport / "TSSLSocket.py")
    assert module_name(tls) == "thrift.transport.TSSLSocket"
    assert module_file(tls, "thrift.transport.TSocket") == str(transport / "TSocket.py")
    assert _codes(check_file(str(transport / "TSocket.py"))) == [(15, "NAG201")]
    # the subclass's own socket, passed through the other base's wrapper, is the one call() uses
    found = check_file(tls)
    assert _codes(found) == [(16, "NAG201")]
    assert "reply read at line 19 in TSocket.py" in found.findings[0].message


CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def test_a_factory_of_factories_makes_a_new_connection_per_call():
    """get_socket() in another module calls a TCP or an AF_UNIX factory of its own and returns
    what it made: each call of it is one new connection, reported at the call that keeps it."""
    kept = check_file(str(CORPUS / "pos_rw_factory_of_factories.py"))
    assert _codes(kept) == [(11, "NAG201"), (24, "NAG101")]
    assert "`self.sock`" in kept.findings[0].message
    # two calls, two connections: a piece on each is not one message in two pieces
    assert _codes(check_file(str(CORPUS / "neg_rw_factory_of_factories_two_displays.py"))) == []
    assert _codes(check_file(str(CORPUS / "neg_rw_factory_of_factories_nodelay.py"))) == []


def test_a_connection_kept_in_a_global_is_one_connection():
    """shared() makes its socket through a factory once and hands the global back: every call
    is the same connection, so its request/response and its split are reported."""
    shared = check_file(str(CORPUS / "pos_rw_shared_global_connection.py"))
    assert _codes(shared) == [(10, "NAG201"), (25, "NAG101")]


def test_two_linked_modules_defining_the_same_names_are_not_read_as_one():
    """quick_socket.py and display_socket.py both define get_socket() and _tcp_socket(): the
    file imports one of each, and the NODELAY of one must not be taken for the other's absence."""
    both = check_file(str(CORPUS / "pos_rw_two_factories_one_name.py"))
    assert _codes(both) == [(20, "NAG201")]


WIRE = '''import struct


class Frame:
    def __init__(self, kind, body):
        self.kind, self.body = kind, body

    def to_bytes(self):
        return struct.pack("!4sI", self.kind, len(self.body)) + self.body

    def write_to(self, link):
        link.send(struct.pack("!4sI", self.kind, len(self.body)))
        link.send(self.body)
{reader}'''
WIRE_READER = '''
    @classmethod
    def read_from(cls, link):
        kind, size = struct.unpack("!4sI", link.recv(8))
        return cls(kind, link.recv(size))
'''
LINKS = '''import queue
import socket


class Link:
    def __init__(self, sock):
        self.sock = sock

    def send(self, data):
        self.sock.sendall(data)

    def recv(self, size):
        return self.sock.recv(size)


class Pipe:
    def __init__(self):
        self.q = queue.Queue()

    def send(self, data):
        self.q.put(data)

    def recv(self, size):
        return self.q.get()[:size]


def dial(host, port):
    return Link(socket.create_connection((host, port)))
'''
WIRE_CALLER = '''from .links import Link, Pipe, dial
from .wire import Frame


class Session:
    def __init__(self, host, port):
        self.link = {made}

    def call(self, kind, body):
        {local}self.link.send(Frame(kind, body).to_bytes())
        return Frame.read_from({passed})
'''


def _wire_project(root: Path, reader: str = WIRE_READER, made: str = "dial(host, port)",
                  passed: str = "self.link", local: str = "") -> Path:
    package = root / "wirepkg"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "wire.py").write_text(WIRE.format(reader=reader))
    (package / "links.py").write_text(LINKS)
    (package / "session.py").write_text(WIRE_CALLER.format(made=made, passed=passed, local=local))
    return package / "wire.py"


def test_a_wire_api_writer_takes_the_connection_its_reader_is_given(tmp_path):
    """write_to(link) writes a frame in two pieces and nobody calls it; read_from(link) beside
    it is given the project's Link over a kept Nagle-on TCP socket in session.py (a module that
    imports this one): the writer's link is that kind, known by use (medium confidence)."""
    found = check_file(str(_wire_project(tmp_path)))
    assert _codes(found) == [(13, "NAG101")]
    finding = found.findings[0]
    assert finding.confidence.value == "medium"
    assert "identified by use: the `Frame.read_from()` beside it is given a `Link` at line 11 in session.py" \
        in finding.message
    assert all(fix.applicability.value != "safe" for fix in finding.fixes)
    assert str(tmp_path / "wirepkg" / "session.py") in found.reads


def test_a_wire_api_needs_a_reader_a_kept_connection_and_a_socket(tmp_path):
    # no reader beside the writer: not a request/response API
    assert _codes(check_file(str(_wire_project(tmp_path / "a", reader="")))) == []
    # the reader is given a queue-backed channel of the project: no socket
    assert _codes(check_file(str(_wire_project(tmp_path / "b", made="Pipe()")))) == []
    # the reader is given a link made for one call and dropped: the first data is ACKed at once
    one_shot = "link = dial('h', 1)\n        link.send(b'PING')\n        "
    assert _codes(check_file(str(_wire_project(tmp_path / "c", passed="link", local=one_shot)))) == []


# A helper in another module returns a new socket of one of two families (`socket(AF_INET6)`
# or `socket(AF_INET)`): each call of it is a connection, reported at the call (line 6).
FAMILY_FACTORY = '''import socket


def get_socket(host):
    if ":" in host:
        return socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    return socket.socket(socket.AF_INET, socket.SOCK_STREAM)
'''
FACTORY_USER = '''from . import net


class Driver:
    def __init__(self, host, port):
        self.conn = net.get_socket(host)
        self.conn.connect((host, port)){nodelay}

    def ask(self, data):
        self.conn.sendall(data)
        return self.conn.recv(1024)
'''


def test_a_factory_elsewhere_with_a_creation_per_family_makes_each_call_a_connection(tmp_path):
    package = tmp_path / "bot"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "net.py").write_text(FAMILY_FACTORY)
    nodelay = "\n        self.conn.setsockopt(6, 1, 1)"  # (IPPROTO_TCP, TCP_NODELAY)
    for text, reported in ((FACTORY_USER.format(nodelay=""), True), (FACTORY_USER.format(nodelay=nodelay), False)):
        (package / "driver.py").write_text(text)
        found = [(f.code, f.span.line) for f in check_file(str(package / "driver.py")).findings]
        assert (("NAG201", 6) in found) is reported, found


# A display driver's helpers live in another module brought in by `from .proto import *`:
# the kept connection they write and read is known (line 10), as with a named import.
STAR_PROTO = '''def send_data(sock, data):
    sock.sendall(data)


def read_data(sock, n):
    return sock.recv(n)
'''
STAR_USER = '''import socket

{imports}


class Display:
    def __init__(self, sock):
        self.sock = sock

    @classmethod
    def open(cls, host):
        return cls(socket.create_connection((host, 7142)))

    def get(self, opcode):
        send_data(self.sock, opcode)
        return read_data(self.sock, 16)
'''


def test_helpers_from_a_star_import_are_read_as_a_named_import_is(tmp_path):
    package = tmp_path / "pd"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "proto.py").write_text(STAR_PROTO)
    for imports in ("from .proto import *", "from .proto import read_data, send_data"):
        (package / "display.py").write_text(STAR_USER.format(imports=imports))
        found = [(f.code, f.span.line) for f in check_file(str(package / "display.py")).findings]
        assert ("NAG201", 12) in found, (imports, found)


# The request is written by a module function elsewhere whose only socket call is `.send()`.
SEND_HELPER = '''def send_msg(data, fp=None):
    fp.{method}(data)
'''
SEND_USER = '''import socket

from .ser import send_msg


class Conn:
    def __init__(self, host, port):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect((host, port))

    def eval(self, msg):
        send_msg(msg, fp=self.sock)
        return self.sock.recv(4096)
'''


def test_a_helper_module_whose_only_write_is_send_is_linked(tmp_path):
    package = tmp_path / "cli"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "conn.py").write_text(SEND_USER)
    for method, reported in (("send", True), ("sendall", True), ("append", False)):
        (package / "ser.py").write_text(SEND_HELPER.format(method=method))
        found = [(f.code, f.span.line) for f in check_file(str(package / "conn.py")).findings]
        assert (("NAG201", 8) in found) is reported, (method, found)


def test_a_wrapper_subclass_whose_base_is_in_a_third_module(tmp_path):
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "conn.py").write_text("class Connection:\n"
                                     "    def __init__(self, sock):\n"
                                     "        self._socket = sock\n"
                                     "    def send_packet(self, data):\n"
                                     "        self._socket.sendall(data)\n"
                                     "    def receive_packet(self):\n"
                                     "        return self._socket.recv(4096)\n")
    (package / "server_conn.py").write_text("from app.conn import Connection\n"
                                            "class ServerConnection(Connection):\n"
                                            "    def __init__(self, sock, on_close):\n"
                                            "        super().__init__(sock)\n"
                                            "        self.on_close = on_close\n")
    (package / "srv.py").write_text("import socket\n"
                                    "from app.server_conn import ServerConnection\n"
                                    "def serve(port):\n"
                                    "    listener = socket.create_server(('', port))\n"
                                    "    while True:\n"
                                    "        client, _ = listener.accept()\n"
                                    "        conn = ServerConnection(client, on_close=print)\n"
                                    "        while request := conn.receive_packet():\n"
                                    "            conn.send_packet(b'ok' + request)\n")
    assert _codes(check_file(str(package / "srv.py"))) == [(6, "NAG202")]


# The framing helpers are reached as `pkg.utils.send_record(sock, data)` after `import pkg`
# (the package's __init__ imports its submodules), and the helper called writes through another
# function of its module (sunrpc's shape).
RECORD_HELPERS = '''import struct


def send_fragment(sock, last, fragment):
    sock.sendall(struct.pack(">I", len(fragment) | (last << 31)) + fragment)


def send_record(sock, record):
    send_fragment(sock, True, record)


def receive_record(sock):
    header = sock.recv(4)
    return sock.recv(struct.unpack(">I", header)[0] & 0x7FFFFFFF)
'''
RECORD_CLIENT = '''import socket

import rpc


class Client:
    def connect(self, host, port):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect((host, port))

    def call(self, data):
        rpc.{module}.send_record(self.sock, data)
        return rpc.{module}.receive_record(self.sock)
'''


@pytest.mark.parametrize("module, reported", [("utils", True), ("other", False)])
def test_helpers_of_a_submodule_reached_through_the_package_name(tmp_path, module, reported):
    package = tmp_path / "rpc"
    package.mkdir()
    (package / "__init__.py").write_text("import rpc.client\nimport rpc.utils\n")
    (package / "utils.py").write_text(RECORD_HELPERS)
    (package / "other.py").write_text("def send_record(sock, data):\n    pass\n\n\ndef receive_record(sock):\n    pass\n")
    (package / "client.py").write_text(RECORD_CLIENT.format(module=module))
    found = [(f.code, f.span.line) for f in check_file(str(package / "client.py")).findings]
    assert (("NAG201", 8) in found) is reported, found


# A wrapper class keeps the socket its constructor is given and writes a request in two pieces;
# only another module of the package builds it (`Proto(socket.create_connection(...))`).
HELD = '''import struct


class Proto:
    def __init__(self, sock):
        self.sock = sock

    def call(self, body):
        self.sock.sendall(struct.pack(">I", len(body)))
        self.sock.sendall(body)
        return self.sock.recv(1024)
'''
BUILDER = '''import socket

from .proto import Proto


def open_proto(host, port):
    {sock}
    return Proto(sock)
'''


def _held_project(root: Path, sock: str, folder: str = "") -> Path:
    package = root / "heldpkg"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "proto.py").write_text(HELD)
    (package / folder).mkdir(exist_ok=True)
    (package / folder / "builder.py").write_text(BUILDER.replace("from .proto", "from heldpkg.proto")
                                                 .format(sock=sock))
    return package / "proto.py"


def test_a_class_built_in_another_module_writes_the_socket_that_module_hands_it(tmp_path):
    found = check_file(str(_held_project(tmp_path, "sock = socket.create_connection((host, port))")))
    assert _codes(found) == [(10, "NAG101")]
    assert str(tmp_path / "heldpkg" / "builder.py") in found.reads


def test_a_class_built_elsewhere_around_a_unix_socket_or_only_by_tests_is_not_reported(tmp_path):
    unix = "sock = socket.socket(socket.AF_UNIX)\n    sock.connect('/run/p.sock')"
    assert _codes(check_file(str(_held_project(tmp_path / "a", unix)))) == []
    # (a test module's construction says what the suite swaps in, not what the library writes)
    tcp = "sock = socket.create_connection((host, port))"
    assert _codes(check_file(str(_held_project(tmp_path / "b", tcp, folder="tests")))) == []


@pytest.mark.parametrize("imports", ["from game.rounds import Rounds", "from game.rounds import *"])
def test_a_listener_held_by_an_object_from_another_module_serves_its_accepted_connections(tmp_path, imports):
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "listening.py").write_text(
        "import socket\n\n\nclass Listening:\n    def __init__(self, port):\n"
        "        self.server_socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
        "        self.server_socket.bind(('', port))\n        self.server_socket.listen()\n")
    (package / "rounds.py").write_text(
        "class Rounds:\n    def __init__(self, connection):\n        self.connection = connection\n\n"
        "    def serve(self):\n        player, _ = self.connection.server_socket.accept()\n"
        "        while player.recv(64):\n            player.send(b'HEAD')\n            player.send(b'BODY')\n")
    (package / "main.py").write_text(
        f"from game.listening import Listening\n{imports}\n\n\n"
        "def main():\n    Rounds(Listening(5000)).serve()\n")
    assert _codes(check_file(str(package / "rounds.py"))) == [(6, "NAG202"), (9, "NAG102")]


# A socket session class whose expect() comes from a base class in a module that names no socket
# call (so it is not read), and reads through a third module's object: each send is answered
# before the next (line 11 is the second send of a turn, line 13 a read of the session's own).
SPAWN = '''import socket

from spawnpkg.sockspawn import SockSpawn


def session(host, commands):
    spawn = SockSpawn(socket.create_connection((host, 23)))
    for command in commands:
        spawn.send(b"login\\\\r")
        spawn.{wait}(b"ok")
        spawn.send(command + b"\\\\r")
        spawn.{wait}(b"done")
        spawn.read_nonblocking(100)
'''


def test_a_method_of_a_base_class_not_read_may_read(tmp_path):
    package = tmp_path / "spawnpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text(
        "from spawnpkg.expecter import Expecter\n\n\nclass SpawnBase:\n"
        "    def expect(self, pattern):\n        return Expecter(self).loop(pattern)\n")
    (package / "expecter.py").write_text(
        "class Expecter:\n    def __init__(self, spawn):\n        self.spawn = spawn\n\n"
        "    def loop(self, pattern):\n        while pattern not in self.spawn.read_nonblocking(100):\n            pass\n")
    (package / "sockspawn.py").write_text(
        "from spawnpkg.base import SpawnBase\n\n\nclass SockSpawn(SpawnBase):\n"
        "    def __init__(self, sock):\n        self.sock = sock\n\n    def send(self, data):\n"
        "        self.sock.sendall(data)\n\n    def read_nonblocking(self, size):\n        return self.sock.recv(size)\n")
    client = tmp_path / "client.py"
    client.write_text(SPAWN.format(wait="expect"))
    assert ("NAG101", 11) not in [(f.code, f.span.line) for f in check_file(str(client)).findings]
    # a method no class of the chain has, on a class whose bases were all read: nothing runs
    client.write_text(SPAWN.format(wait="expect").replace("(SpawnBase)", "").replace("spawn.expect", "spawn.note"))
    (package / "sockspawn.py").write_text((package / "sockspawn.py").read_text().replace("(SpawnBase)", ""))
    assert ("NAG101", 11) in [(f.code, f.span.line) for f in check_file(str(client)).findings]


# A module function of another file writes the message in pieces on the socket it is handed
# (`send_frame(sock, payload)`, or a writer beside a reader of the same parameter); the
# connection is made and kept in this file, so only this file's check sees the stall: reported
# once, at the call that leads there.
FRAMING = '''def send_frame(sock, payload):
    sock.sendall(len(payload).to_bytes(4, "big"))
    sock.sendall(payload)
    return sock.recv(4096)
'''
FRAME_PAIR = '''def write_frame(sock, payload):
    sock.sendall(len(payload).to_bytes(4, "big"))
    sock.sendall(payload)


def read_frame(sock):
    return sock.recv(4096)
'''
POOLED = '''import socket

from .framing import {imported}


class Pool:
    def __init__(self, address):
        self.sock = socket.create_connection(address)

    def call(self, payload):
        {call}
'''


@pytest.mark.parametrize("module, imported, call, where", [
    (FRAMING, "send_frame", "return send_frame(self.sock, payload)", ("client.py", 11)),
    (FRAME_PAIR, "read_frame, write_frame", "write_frame(self.sock, payload)\n        return read_frame(self.sock)",
     ("client.py", 11)),
])
def test_a_split_written_by_another_modules_helper_is_reported_once(tmp_path, module, imported, call, where):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "framing.py").write_text(module)
    (package / "client.py").write_text(POOLED.format(imported=imported, call=call))
    splits = [(Path(f.path).name, f.span.line) for r in check_paths([str(package)], Settings(fixes=False))
              for f in r.findings if f.code == "NAG101"]
    assert splits == [where]


# A request handler hands its own streams to functions of another module whose text names no
# socket call (`read_messages(read_bytes(self.rfile))`, `write_mllp(self.wfile, ack)`, the
# corpus's framing module): those are linked all the same, so the handler is seen to answer
# request after request (NAG202), and the response that module writes in three pieces is
# reported at the call here (NAG102).
FRAME_SERVER = '''import socketserver

from .mllpframe import read_bytes, read_messages, write_mllp


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        {read}
            write_mllp(self.wfile, b"ACK " + message)
'''


# (Through a local, `stream = read_bytes(self.rfile)` then `read_messages(stream)`, the
# generator object the local hands on is no stream the walk follows into read_messages' loop:
# the handler is seen to serve requests, its split response is not.)
@pytest.mark.parametrize("read, expected", [
    ("for message in read_messages(read_bytes(self.rfile)):", ["NAG102", "NAG202"]),
    ("stream = read_bytes(self.rfile)\n        for message in read_messages(stream):", ["NAG202"]),
])
def test_helpers_of_another_module_handed_a_handlers_streams_are_read(tmp_path, read, expected):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mllpframe.py").write_text((CORPUS / "rw_linked_helper" / "mllpframe.py").read_text())
    (package / "server.py").write_text(FRAME_SERVER.format(read=read))
    result = check_file(str(package / "server.py"), Settings(fixes=False))
    assert sorted(code for _, code in _codes(result)) == expected
    for finding in result.findings:
        if finding.code == "NAG102":
            assert "1st at line 44 in mllpframe.py" in finding.message


# A pooled connection made in one module (`Connection._sock`, handed out by a pool's
# get_connection(), which pops an idle one or makes one), and a request put together in a
# third module whose text names no socket call: the header through another module's object
# (`th.send_header(conn)`), the body through a module function (`tcp_send_data(conn, body)`).
# That module is analysed because it imports those helpers, and the split is reported there, at
# the call that writes the held piece.
POOL_STORAGE = '''from .connection import ConnectionPool, tcp_send_data
from .protocol import Header


class StorageClient:
    def __init__(self, host, port):
        self.pool = ConnectionPool(host=host, port=port)

    def delete(self, name):
        conn = self.pool.get_connection()
        th = Header(12, len(name))
        {header}
        try:
            tcp_send_data(conn, {body})
            return th.recv_header(conn)
        finally:
            self.pool.release(conn)
'''


def test_a_request_put_together_from_other_modules_helpers_on_a_pooled_connection(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module in ("connection.py", "protocol.py"):
        (package / module).write_text((CORPUS / "rw_pooled_helpers" / module).read_text())
    storage = package / "storage.py"
    storage.write_text(POOL_STORAGE.format(header="th.send_header(conn)", body="name"))
    result = check_file(str(storage), Settings(fixes=False))
    assert _codes(result) == [(14, "NAG101")]
    assert "1st at line 12 in protocol.py" in result.findings[0].message
    # (one write: nothing held; and the module is still read for its imports)
    storage.write_text(POOL_STORAGE.format(header="pass", body="th.pack() + name"))
    result = check_file(str(storage), Settings(fixes=False))
    assert result.skipped is None and _codes(result) == []


def test_triage_reads_a_module_for_the_socket_helpers_it_imports(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "header.py").write_text("import struct\n\n\ndef pack(size):\n    return struct.pack('!Q', size)\n")
    (package / "connection.py").write_text((CORPUS / "rw_pooled_helpers" / "connection.py").read_text())
    user = package / "user.py"
    user.write_text("from .header import pack\nfrom .connection import tcp_send_data\n\n\ndef size(conn):\n"
                    "    tcp_send_data(conn, pack(1))\n")
    assert check_file(str(user), Settings(fixes=False)).skipped is None  # (tcp_send_data writes a socket)
    user.write_text("from .header import pack\nfrom .connection import tcp_send_data\n\n__all__ = ['tcp_send_data']\n")
    assert check_file(str(user), Settings(fixes=False)).skipped == "no socket code"  # (imported, never called)
    user.write_text("from .header import pack\n\n\ndef size():\n    return pack(1)\n")
    skipped = check_file(str(user), Settings(fixes=False))
    assert skipped.skipped == "no socket code" and skipped.reads == (str(package / "header.py"),)
    # a class of the project that touches a socket: read for a subclass, not for a use
    user.write_text("from .connection import Connection\n\n\ndef make(host):\n    return Connection(host, 1)\n")
    assert check_file(str(user), Settings(fixes=False)).skipped == "no socket code"
    user.write_text("from .connection import Connection\n\n\nclass Tls(Connection):\n    pass\n")
    assert check_file(str(user), Settings(fixes=False)).skipped is None


def test_a_kept_connection_is_shown_at_its_call_not_at_a_one_shot_one_before(tmp_path):
    # connect() asks a one-shot startup connection for the port, closes it, then keeps a second
    # one from the same factory of another module; both pass through the module's reader class.
    # The finding is the kept one's, at its own call, not at the startup call before it.
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "link.py").write_text(
        "import json\nimport socket\n\n\nclass Reader:\n    def __init__(self, sock):\n        self.sock = sock\n\n"
        "    def message(self):\n        return json.loads(self.sock.recv(4096))\n\n\n"
        "def open_link(host, port):\n    sock = socket.create_connection((host, port), timeout=5)\n"
        "    sock.settimeout(30)\n    return sock\n\n\n"
        "def command(sock, reader, data):\n    sock.sendall(json.dumps(data).encode() + b'\\r\\n')\n"
        "    return reader.message()\n")
    robot = package / "robot.py"
    robot.write_text(
        "from .link import Reader, command, open_link\n\n\nclass Robot:\n    def __init__(self, host):\n"
        "        self.host = host\n        self.sock = self.reader = None\n\n"
        "    def connect(self):\n        startup = open_link(self.host, 16001)\n"
        "        port = command(startup, Reader(startup), {'Communication': 'Connect'})['Port']\n"
        "        startup.close()\n        self.sock = open_link(self.host, port)\n"
        "        self.reader = Reader(self.sock)\n\n"
        "    def move(self, x, y):\n        return command(self.sock, self.reader, {'Command': 'Move', 'X': x})\n")
    result = check_file(str(robot), Settings(fixes=False))
    assert _codes(result) == [(13, "NAG201")]


PRINTER_BASE = '''import time


class Printer:
    def text(self, line):
        self._raw(line.encode() + b"\\n")

    def status(self):
        self._raw(b"\\x10\\x04\\x01")
{pause}        return self._read()
'''


@pytest.mark.parametrize("pause, reported, alias", [("        time.sleep(1)\n", False, ""), ("", True, ""),
                                                    ("        time.sleep(1)\n", False, " as BasePrinter")])
def test_a_base_class_in_another_module_that_pauses_before_the_read_it_asks_the_subclass_for(
        tmp_path, pause, reported, alias):
    # escpos: the base class's status query writes through the subclass's _raw(), sleeps a
    # second, then reads through its _read(); the base's module names no socket at all
    package = tmp_path / "printers"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text(PRINTER_BASE.format(pause=pause))
    (package / "network.py").write_text(
        f"import socket\n\nfrom .base import Printer{alias}\n\n\n"
        f"class NetworkPrinter({'BasePrinter' if alias else 'Printer'}):\n"
        "    def __init__(self, host):\n        self.host = host\n\n"
        "    def open(self):\n        self.device = socket.create_connection((self.host, 9100))\n\n"
        "    def _raw(self, data):\n        self.device.sendall(data)\n\n"
        "    def _read(self):\n        return self.device.recv(16)\n")
    assert (_codes(check_file(str(package / "network.py"))) == [(11, "NAG201")]) is reported


def test_a_folder_without_init_inside_a_package_is_a_namespace_portion_of_it(tmp_path):
    # mkdb/server/ is a package, mkdb/server/coms/ has no __init__.py: Python 3 imports
    # `mkdb.server.coms.frames` all the same, and the server module's absolute import of it is
    # the project's own module (its read_frame() is where the next request is read)
    coms = tmp_path / "mkdb" / "server" / "coms"
    coms.mkdir(parents=True)
    for package in (tmp_path / "mkdb", tmp_path / "mkdb" / "server"):
        (package / "__init__.py").write_text("")
    (coms / "frames.py").write_text(
        "def read_frame(sock):\n    size = int.from_bytes(sock.recv(4), 'big')\n    return sock.recv(size)\n")
    (coms / "server.py").write_text(
        "import socket\n\nfrom mkdb.server.coms.frames import read_frame\n\n\n"
        "def serve(port):\n    listener = socket.create_server(('127.0.0.1', port))\n"
        "    conn, _ = listener.accept()\n    while True:\n        request = read_frame(conn)\n"
        "        conn.sendall(len(request).to_bytes(4, 'big'))\n        conn.sendall(request)\n")
    server = str(coms / "server.py")
    assert module_file(server, "mkdb.server.coms.frames") == str(coms / "frames.py")
    assert _codes(check_file(server)) == [(8, "NAG202"), (12, "NAG102")]
    # (the folder stays a root of its own too: a tests folder pytest runs, or a script's,
    # imports its siblings by their bare names)
    assert module_file(server, "frames") == str(coms / "frames.py")


def test_a_tests_folder_inside_a_package_still_imports_its_siblings_by_bare_name(tmp_path):
    # pytest puts the tests folder (no __init__.py) on sys.path: `from wire import send_frame`
    tests = tmp_path / "mypkg" / "tests"
    tests.mkdir(parents=True)
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    (tests / "wire.py").write_text(
        "def send_frame(sock, payload):\n    sock.sendall(len(payload).to_bytes(4, 'big'))\n"
        "    sock.sendall(payload)\n")
    (tests / "test_echo.py").write_text(
        "import socket\n\nfrom wire import send_frame\n\n\nclass Client:\n"
        "    def __init__(self, port):\n        self.sock = socket.create_connection(('127.0.0.1', port))\n\n"
        "    def echo(self, payload):\n        send_frame(self.sock, payload)\n        return self.sock.recv(64)\n\n\n"
        "def test_echo():\n    client = Client(9000)\n    for size in range(3):\n        client.echo(b'x' * size)\n")
    assert [code for _, code in _codes(check_file(str(tests / "test_echo.py")))] == ["NAG101"]


def test_a_base_constructor_called_through_a_class_between_them_runs_for_the_subclass():
    from nagle_lint.engine import check_source

    # AuthClient.__init__ calls JsonClient.__init__, which is BaseClient's: its socket is the
    # subclass's, and call() writes the length and the body apart on it
    source = ("import socket\n\n\nclass BaseClient:\n    def __init__(self, address):\n"
              "        self.sock = socket.create_connection(address)\n\n\n"
              "class JsonClient(BaseClient):\n    def encode(self, text):\n        return text.encode()\n\n\n"
              "class AuthClient(JsonClient):\n    def __init__(self, address, token):\n"
              "        JsonClient.__init__(self, address)\n        self.token = token\n\n"
              "    def call(self, text):\n        body = self.encode(text)\n"
              "        self.sock.sendall(len(body).to_bytes(4, 'big'))\n        self.sock.sendall(body)\n"
              "        return self.sock.recv(64)\n")
    assert [(f.code, f.span.line) for f in check_source(source, "t.py").findings] == [("NAG201", 6), ("NAG101", 22)]


def _transport_project(root: Path, base: str, drivers: str) -> Path:
    # scopebench_mcp's shape: drivers typed with an abstract transport, one subclass of which
    # keeps a TCP socket (another talks through a library: no socket of ours)
    package = root / "scope"
    (package / "transports").mkdir(parents=True)
    for init in (package / "__init__.py", package / "transports" / "__init__.py"):
        init.write_text("")
    (package / "transports" / "base.py").write_text(base)
    (package / "transports" / "tcp.py").write_text(
        "import socket\n\nfrom scope.transports.base import BaseTransport\n\n\nclass TCPTransport(BaseTransport):\n"
        "    def __init__(self, host, port=5555):\n        self.host, self.port = host, port\n"
        "        self.sock = None\n\n    def open(self):\n"
        "        self.sock = socket.create_connection((self.host, self.port))\n\n"
        "    def write(self, command):\n        self.sock.sendall(command.encode())\n\n"
        "    def query(self, command):\n        self.write(command + '\\n')\n"
        "        return self.sock.recv(4096).decode()\n")
    (package / "transports" / "visa.py").write_text(
        "import pyvisa\n\nfrom scope.transports.base import BaseTransport\n\n\nclass VisaTransport(BaseTransport):\n"
        "    def open(self):\n        self.res = pyvisa.ResourceManager().open_resource('x')\n\n"
        "    def write(self, command):\n        self.res.write(command)\n\n"
        "    def query(self, command):\n        return self.res.query(command)\n")
    (package / "drivers.py").write_text(drivers)
    return package / "drivers.py"


_ABSTRACT_BASE = ("from abc import ABC, abstractmethod\n\n\nclass BaseTransport(ABC):\n"
                  "    @abstractmethod\n    def open(self):\n        \"\"\"Open it.\"\"\"\n\n"
                  "    @abstractmethod\n    def write(self, command):\n        \"\"\"Write a command.\"\"\"\n\n"
                  "    @abstractmethod\n    def query(self, command):\n        raise NotImplementedError\n")
_DRIVERS = ("from scope.transports.base import BaseTransport\n\n\n"
            "def read_waveform(scope: BaseTransport, channel: int):\n"
            "    for command in (f':WAV:SOUR CHAN{channel}', ':WAV:MODE NORM', ':WAV:FORM BYTE'):\n"
            "        scope.write(command + '\\n')\n"
            "    return scope.query(':WAV:PRE?')\n")


def test_a_driver_typed_with_an_abstract_transport_writes_through_its_tcp_subclass(tmp_path):
    drivers = _transport_project(tmp_path, _ABSTRACT_BASE, _DRIVERS)
    result = check_file(str(drivers))
    # (the loop's pieces, and the query's after them)
    assert _codes(result) == [(6, "NAG103"), (7, "NAG101")]
    assert all("`scope`" in finding.message for finding in result.findings)


def test_a_driver_typed_with_a_concrete_class_is_not_read_as_its_subclasses(tmp_path):
    # a plain class with its own (non-socket) write: what the annotation says runs
    base = ("class BaseTransport:\n    def open(self):\n        self.log = []\n\n"
            "    def write(self, command):\n        self.log.append(command)\n\n"
            "    def query(self, command):\n        return self.log[-1]\n")
    assert _codes(check_file(str(_transport_project(tmp_path, base, _DRIVERS)))) == []


def test_a_driver_that_also_makes_a_socket_keeps_its_typed_functions_in_the_sparse_read(tmp_path):
    drivers = _transport_project(tmp_path, _ABSTRACT_BASE, "import socket\n" + _DRIVERS + (
        "\n\ndef ping(host):\n    s = socket.create_connection((host, 7))\n"
        "    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n    s.sendall(b'x')\n    return s.recv(1)\n"))
    assert _codes(check_file(str(drivers))) == [(7, "NAG103"), (8, "NAG101")]
    assert _codes(check_file(str(drivers), Settings(sparse=False))) == [(7, "NAG103"), (8, "NAG101")]


def test_an_interface_is_read_as_its_subclasses_only_for_the_methods_it_leaves_to_them(tmp_path):
    # simple-http-server's shape: a handler typed `routing_conf: RoutingServer` uses only what the
    # base class itself does; the server module that subclasses it (and runs this handler) is not
    # read with it
    from nagle_lint.engine import linked_modules, screen

    base = _ABSTRACT_BASE + "\n    def describe(self):\n        return type(self).__name__\n"
    concrete_only = ("from scope.transports.base import BaseTransport\n\n\n"
                     "def label(scope: BaseTransport):\n    return scope.describe()\n")
    for drivers, tcp_linked in ((_DRIVERS, True), (concrete_only, False)):
        path = _transport_project(tmp_path / str(tcp_linked), base, drivers)
        source = path.read_text()
        linked = [Path(found).name for found, _ in linked_modules(str(path), screen(source), Settings(), source)]
        assert ("tcp.py" in linked) is tcp_linked, linked


def test_a_split_ending_in_a_helper_call_is_named_as_the_call_hands_the_transport(tmp_path):
    # the second piece is written by a helper handed `scope`: the message names `scope`, not the
    # transport's own accessor in the other module
    drivers = ("from scope.transports.base import BaseTransport\n\n\n"
               "def read_errors(scope: BaseTransport):\n    return scope.query(':SYST:ERR?')\n\n\n"
               "def setup(scope: BaseTransport):\n    scope.write(':RUN\\n')\n    return read_errors(scope)\n")
    path = _transport_project(tmp_path, _ABSTRACT_BASE, drivers)
    tcp = path.parent / "transports" / "tcp.py"
    tcp.write_text(tcp.read_text().replace("self.sock.sendall(", "self._socket().sendall(").replace(
        "    def write(", "    def _socket(self):\n        return self.sock\n\n    def write("))
    result = check_file(str(path))
    assert _codes(result) == [(10, "NAG101")]
    assert "on `scope`" in result.findings[0].message
