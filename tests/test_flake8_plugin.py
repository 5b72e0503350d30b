"""The flake8 plugin reports what nagle-lint reports, and leaves selection and noqa to flake8.

flake8 finds the plugin through the `flake8.extension` entry point when nagle-lint is installed
(`pip install -e .`); in a bare checkout the end-to-end tests register it as a local plugin
instead, so they run either way.
"""
from __future__ import annotations

import dataclasses
import importlib.metadata
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("flake8")

from nagle_lint import flake8_plugin  # noqa: E402
from nagle_lint.flake8_plugin import Plugin  # noqa: E402

PROJECT = Path(__file__).resolve().parent.parent
# A kept connection (one exchange made), then a split request: NAG201 on line 2, NAG101 on line 6.
SOURCE = (
    'import socket\n'
    's = socket.create_connection(("127.0.0.1", 9))\n'
    's.sendall(b"HI")\n'
    's.recv(2)\n'
    's.sendall(b"HEAD")\n'
    's.sendall(b"BODY")\n'
    's.recv(1)\n'
)


def _engine():
    try:
        import nagle_lint.engine  # noqa: F401
    except ImportError as error:
        pytest.skip(f"engine not available yet: {error}")


def _entry_point_installed() -> bool:
    for ep in importlib.metadata.entry_points(group="flake8.extension"):
        if ep.name == "NAG" and ep.value == "nagle_lint.flake8_plugin:Plugin":
            return True
    return False


def run_plugin(source: str, filename: str = "t.py") -> list[tuple]:
    plugin = Plugin(tree=None, lines=source.splitlines(keepends=True), filename=filename)
    return list(plugin.run())


def flake8(args: list[str], cwd: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    """Run flake8 in a subprocess with the plugin registered (entry point or local plugin)."""
    command = [sys.executable, "-m", "flake8"]
    if _entry_point_installed():
        command += ["--require-plugins", "nagle-lint"]
    else:
        config = tmp_path / "flake8-local.cfg"
        config.write_text(textwrap.dedent(f"""\
            [flake8:local-plugins]
            extension =
                NAG = nagle_lint.flake8_plugin:Plugin
            paths = {PROJECT}
            """))
        command += ["--config", str(config)]
    env = dict(os.environ, PYTHONPATH=str(PROJECT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(command + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(autouse=True)
def _own_folder(tmp_path, monkeypatch):
    """The plugin keeps its cache in the working folder when no pyproject.toml says where: a test
    works in its own, never in the checkout."""
    monkeypatch.chdir(tmp_path)
    flake8_plugin._cache_for.cache_clear()
    yield
    flake8_plugin._cache_for.cache_clear()


# -- plugin surface ----------------------------------------------------------------------------

def test_plugin_shape():
    assert Plugin.name == "nagle-lint"
    assert isinstance(Plugin.version, str)
    import inspect
    assert list(inspect.signature(Plugin.__init__).parameters)[1:] == ["tree", "lines", "filename"]


def test_opt_in_rules_go_to_default_ignore():
    from nagle_lint.rules import ALL_RULES

    class Manager:
        def __init__(self):
            self.options, self.ignored = [], []

        def add_option(self, *args, **kwargs):
            self.options.append((args, kwargs))

        def extend_default_ignore(self, codes):
            self.ignored.extend(codes)

    manager = Manager()
    Plugin.add_options(manager)
    assert manager.ignored == [r.code for r in ALL_RULES if not r.default_enabled]
    assert any(args[0] == "--nagle-streams" and kw.get("parse_from_config") for args, kw in manager.options)


def test_streams_option_parsing():
    assert flake8_plugin._parse_streams(["a.b=tcp", "bad", "c=unknown-kind", " d.e = tcp-nodelay "]) == (
        ("a.b", "tcp"), ("d.e", "tcp-nodelay"))


# -- with the engine ---------------------------------------------------------------------------

def test_reports_engine_findings_with_zero_based_columns(tmp_path):
    _engine()
    from nagle_lint.engine import check_source
    from nagle_lint.settings import Settings

    path = tmp_path / "client.py"
    path.write_text(SOURCE)
    got = run_plugin(SOURCE, str(path))
    assert [(line, col, text.split()[0]) for line, col, text, _ in got] == [(2, 4, "NAG201"), (6, 0, "NAG101")]
    assert all(g[3] is Plugin for g in got)
    expected = check_source(SOURCE, str(path), Settings())
    assert [(f.span.line, f.code) for f in expected.findings] == [(2, "NAG201"), (6, "NAG101")]
    assert [g[2] for g in got] == [f"{f.code} {f.message}" for f in expected.findings]


def test_noqa_left_to_flake8(tmp_path):
    _engine()
    noqa = SOURCE.replace('s.sendall(b"BODY")\n', 's.sendall(b"BODY")  # noqa: NAG101\n').replace(
        '9))\n', '9))  # noqa: NAG201\n')
    assert noqa.count("# noqa") == 2
    # the plugin itself does not filter: flake8 does
    assert [t.split()[0] for _, _, t, _ in run_plugin(noqa)] == ["NAG201", "NAG101"]
    path = tmp_path / "client.py"
    path.write_text(noqa)
    proc = flake8(["--select", "NAG", str(path)], tmp_path, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == ""


def test_file_level_nagle_noqa_is_honoured():
    _engine()
    assert run_plugin("# nagle-lint: noqa\n" + SOURCE) == []
    assert run_plugin("# nagle-lint: noqa: NAG101, NAG201\n" + SOURCE) == []
    assert [t.split()[0] for _, _, t, _ in run_plugin("# nagle-lint: noqa: NAG101\n" + SOURCE)] == ["NAG201"]
    assert [t.split()[0] for _, _, t, _ in run_plugin("# nagle-lint: noqa: NAG201\n" + SOURCE)] == ["NAG101"]


def test_parse_failure_gives_one_nag001():
    _engine()
    # flake8 only runs AST plugins on files `ast` can parse; call the plugin directly with text
    # libcst rejects, as it would for syntax libcst does not know yet
    got = run_plugin('import socket\ns = socket.create_connection(("h", 1))\ndef f(:\n    pass\n')
    assert len(got) == 1
    line, col, text, _ = got[0]
    assert text.startswith("NAG001 ") and line >= 1 and col >= 0


def test_never_raises(monkeypatch):
    _engine()
    import nagle_lint.engine

    def boom(*args, **kwargs):
        raise RuntimeError("kaput\nsecond line")

    monkeypatch.setattr(nagle_lint.engine, "check_source", boom)
    (got,) = run_plugin(SOURCE)
    assert got[:2] == (1, 0)
    assert got[2] == "NAG001 crash error: RuntimeError: kaput second line"


def test_nothing_socket_like_is_silent():
    _engine()
    assert run_plugin("def add(a, b):\n    return a + b\n") == []


def test_flake8_output_matches_cli_concise(tmp_path):
    _engine()
    from nagle_lint.engine import check_paths
    from nagle_lint.report import write_report
    from nagle_lint.settings import Settings
    import io

    path = tmp_path / "client.py"
    path.write_text(SOURCE)
    proc = flake8(["--select", "NAG", "client.py"], tmp_path, tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    out = io.StringIO()
    write_report("concise", check_paths([str(path)], Settings()), out, root=tmp_path)
    assert proc.stdout.replace("./", "") == out.getvalue()


def test_opt_in_rule_needs_explicit_select(tmp_path):
    _engine()
    from nagle_lint.rules import ALL_RULES
    from nagle_lint.rules.base import Invalid

    # NAG002 (unused noqa) never runs under flake8: noqa comments are flake8's business there
    opt_in = [r for r in ALL_RULES if not r.default_enabled and r.code != "NAG002"]
    if not opt_in:
        pytest.skip("no opt-in rule")
    rule = opt_in[0]
    example = next((e for e in rule.examples if isinstance(e, Invalid)), None)
    if example is None:
        pytest.skip(f"{rule.code} has no Invalid example")
    path = tmp_path / "case.py"
    path.write_text(example.code)
    default = flake8([str(path)], tmp_path, tmp_path)
    assert rule.code not in default.stdout
    chosen = flake8(["--extend-select", rule.code, str(path)], tmp_path, tmp_path)
    assert f"{rule.code} " in chosen.stdout, chosen.stdout + chosen.stderr


def test_pyproject_streams_reach_the_plugin(tmp_path):
    _engine()
    try:
        from nagle_lint.config import load_settings  # noqa: F401
    except ImportError as error:
        pytest.skip(f"config not available yet: {error}")
    source = ("import mylib\n"
              "s = mylib.connect()\n"
              's.sendall(b"HI")\n'
              "s.recv(2)\n"
              's.sendall(b"HEAD")\n'
              's.sendall(b"BODY")\n'
              "s.recv(1)\n")
    path = tmp_path / "client.py"
    path.write_text(source)
    flake8_plugin._project_streams.cache_clear()
    assert run_plugin(source, str(path)) == []  # unknown factory: no evidence of TCP, no report
    (tmp_path / "pyproject.toml").write_text('[tool.nagle-lint.streams]\n"mylib.connect" = "tcp"\n')
    flake8_plugin._project_streams.cache_clear()
    assert [t.split()[0] for _, _, t, _ in run_plugin(source, str(path))] == ["NAG201", "NAG101"]
    flake8_plugin._project_streams.cache_clear()


# -- the acceptance check --------------------------------------------------------------

def _cli_json(paths: list[str], cwd: Path) -> dict:
    code = "import sys; from nagle_lint.cli import main; sys.exit(main(sys.argv[1:]))"
    env = dict(os.environ, PYTHONPATH=str(PROJECT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-c", code, "--output-format", "json", "--no-cache", *paths],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    if proc.returncode == 2 and "no-cache" in proc.stderr:
        proc = subprocess.run([sys.executable, "-c", code, "--output-format", "json", *paths],
                              cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def test_flake8_and_cli_agree_on_corpus(tmp_path):
    _engine()
    try:
        import nagle_lint.cli  # noqa: F401
    except ImportError as error:
        pytest.skip(f"cli not available yet: {error}")
    corpus = PROJECT / "corpus"
    if not any(corpus.glob("**/*.py")):
        pytest.skip("corpus/ has no files yet")
    from nagle_lint.rules import ALL_RULES

    cli = _cli_json(["corpus"], PROJECT)
    cli_full = {(os.path.normpath(f["path"]), f["line"], f["column"], f["code"], f["message"])
                for f in cli if f["code"] != "NAG001"}

    # same rule set on both sides: flake8's explicit --select NAG would also turn on the opt-in
    # rules the CLI leaves off by default, so ignore those explicitly (the longer code wins)
    # (no cache: the project's pyproject.toml would put it in the checkout; the cache's own
    # agreement is test_flake8_workers_keep_every_entry_and_answer_alike)
    args = ["--select", "NAG", "--nagle-no-cache",
            "--format", "%(path)s\t%(row)d\t%(col)d\t%(code)s\t%(text)s"]
    opt_in = [r.code for r in ALL_RULES if not r.default_enabled]
    if opt_in:
        args += ["--extend-ignore", ",".join(opt_in)]
    proc = flake8(args + ["corpus"], PROJECT, tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    flake8_full = set()
    for line in proc.stdout.splitlines():
        path, row, col, code, text = line.split("\t", 4)
        flake8_full.add((os.path.normpath(path), int(row), int(col), code, text))

    # files `ast` cannot compile get E999 from flake8 and no plugin run, where nagle-lint says
    # NAG001: those are left out above
    assert cli_full, "the corpus should have findings"
    flake8_set = {(path, row, code) for path, row, _, code, _ in flake8_full}
    cli_set = {(path, row, code) for path, row, _, code, _ in cli_full}
    assert flake8_set == cli_set, (
        f"only flake8: {sorted(flake8_set - cli_set)}\nonly nagle-lint: {sorted(cli_set - flake8_set)}")
    # and the same columns (1-based in both outputs) and messages
    assert flake8_full == cli_full, sorted(flake8_full ^ cli_full)[:10]


def test_plugin_analyses_the_tree_flake8_gives_it(monkeypatch):
    """flake8 has parsed the file already: the plugin reads that tree and parses nothing."""
    import ast

    import nagle_lint.engine as engine

    source = (PROJECT / "corpus" / "pos_seed000_two_sendall_client.py").read_text(encoding="utf-8")
    tree = ast.parse(source)

    def no_parse(text):
        raise AssertionError("the plugin parsed the file again")

    monkeypatch.setattr(engine, "screen", no_parse)
    plugin = Plugin(tree=tree, lines=source.splitlines(keepends=True), filename="t.py")
    codes = [text.split()[0] for _, _, text, _ in plugin.run()]
    assert "NAG101" in codes and "NAG001" not in codes


def test_plugin_builds_no_fixes():
    """flake8 shows no fixes: the plugin's settings skip them (and their libcst parse)."""
    from nagle_lint.engine import check_source

    source = (PROJECT / "corpus" / "pos_seed000_two_sendall_client.py").read_text(encoding="utf-8")
    settings = Plugin(tree=None, lines=[], filename="t.py")._settings()
    assert settings.fixes is False
    without = check_source(source, "t.py", settings).findings
    with_fixes = check_source(source, "t.py", dataclasses.replace(settings, fixes=True)).findings
    assert [f.span for f in without] == [f.span for f in with_fixes]
    assert not any(f.fixes for f in without) and any(f.fixes for f in with_fixes)


def test_plugin_collects_cycles_less_often_only_while_it_runs(monkeypatch):
    """flake8's process collects every 700 allocations and walks what flake8 holds: the engine
    runs at the CLI's longer interval, and flake8 gets its own interval back afterwards."""
    import gc

    import nagle_lint.engine as engine

    seen = []
    check = engine.check_source

    def spying(*args, **kwargs):
        seen.append(gc.get_threshold())
        return check(*args, **kwargs)

    monkeypatch.setattr(engine, "check_source", spying)
    old = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        codes = [text.split()[0] for _, _, text, _ in run_plugin(SOURCE)]
        after = gc.get_threshold()
    finally:
        gc.set_threshold(*old)
    assert codes == ["NAG201", "NAG101"]
    assert seen == [engine.GC_THRESHOLD]
    assert after == (700, 10, 10)


# -- the result cache --------------------------------------------------------------------------

def _codes(source: str, path: Path) -> list[str]:
    return [text.split()[0] for _, _, text, _ in run_plugin(source, str(path))]


def _entries(root: Path) -> list[Path]:
    return sorted((root / ".nagle_lint_cache" / "flake8").glob("*/*.pickle"))


def _project(tmp_path: Path) -> Path:
    """A project whose client makes its socket through the project's own factory module."""
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "conn.py").write_text(
        "import socket\n\n\ndef connect(address):\n"
        "    return socket.create_connection(address)\n")
    client = tmp_path / "pkg" / "client.py"
    client.write_text(SOURCE.replace("import socket\n", "from pkg.conn import connect\n")
                      .replace("socket.create_connection(", "connect("))
    _settle(tmp_path)
    return client


def _settle(root: Path) -> None:
    """Date the project's files a minute back: a file written in the last moments before a run
    (perhaps during it) is not taken for what its analysis read."""
    earlier = time.time() - 60
    for path in [root, *root.rglob("*")]:
        os.utime(path, (earlier, earlier))


def test_an_unchanged_file_is_served_from_the_cache(tmp_path, monkeypatch):
    _engine()
    import nagle_lint.engine as engine

    client = _project(tmp_path)
    source = client.read_text()
    first = run_plugin(source, str(client))
    assert [t.split()[0] for _, _, t, _ in first] == ["NAG201", "NAG101"]
    assert len(_entries(tmp_path)) == 1  # next to the pyproject.toml, as the command line's
    assert (tmp_path / ".nagle_lint_cache" / ".gitignore").read_text() == "*\n"

    def no_analysis(*args, **kwargs):
        raise AssertionError("analysed again")

    monkeypatch.setattr(engine, "check_source", no_analysis)
    assert run_plugin(source, str(client)) == first


def test_the_cache_follows_the_text_and_the_modules_it_read(tmp_path):
    _engine()
    client = _project(tmp_path)
    source = client.read_text()
    assert _codes(source, client) == ["NAG201", "NAG101"]
    # an editor's unsaved buffer: flake8 reads text the file on disk does not have
    unsaved = source.replace('s.sendall(b"BODY")\n', "")
    assert _codes(unsaved, client) == ["NAG201"]
    assert _codes(source, client) == ["NAG201", "NAG101"]
    # the factory module the analysis read sets TCP_NODELAY now
    conn = tmp_path / "pkg" / "conn.py"
    conn.write_text("import socket\n\n\ndef connect(address):\n"
                    "    s = socket.create_connection(address)\n"
                    "    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
                    "    return s\n")
    _touch_later(conn)
    _next_flake8_run()
    assert _codes(source, client) == []


def _next_flake8_run() -> None:
    """Each flake8 run is a process of its own: it asks for its project's cache afresh, and
    scans the project's files again."""
    from nagle_lint.project import modules

    flake8_plugin._cache_for.cache_clear()
    modules.forget_project_scans()


def _touch_later(path: Path) -> None:
    later = os.stat(path).st_mtime_ns + 10_000_000  # (a coarse file-system clock may not have moved)
    os.utime(path, ns=(later, later))


def test_a_subclass_written_in_another_file_is_noticed(tmp_path):
    """The analysis of transport.py reads the project's other files for classes built on its
    own (client.py's): a file it did not read last time can change its findings."""
    _engine()
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    transport = tmp_path / "pkg" / "transport.py"
    transport.write_text("import socket\n\n\nclass Transport:\n    def __init__(self, host, port):\n"
                         "        self.host, self.port = host, port\n        self.sock = None\n\n"
                         "    def connect(self):\n"
                         "        self.sock = socket.create_connection((self.host, self.port))\n")
    client = tmp_path / "pkg" / "client.py"
    client.write_text("VERSION = 1\n")
    assert _codes(transport.read_text(), transport) == []
    client.write_text("from .transport import Transport\n\n\nclass Client(Transport):\n"
                      "    def get(self, key):\n        self.sock.sendall(b'GET %d\\r\\n' % len(key))\n"
                      "        self.sock.sendall(key)\n        return self.sock.recv(4096)\n")
    _touch_later(client)
    _next_flake8_run()
    assert _codes(transport.read_text(), transport) == ["NAG201"]


def test_a_module_made_after_the_entry_is_noticed(tmp_path):
    """An import of a module that is not there yet resolves to nothing; once it is made, the
    client's factory is known."""
    _engine()
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\n")
    for folder in ("pkg", "pkg/sub", "pkg/other"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    client = tmp_path / "pkg" / "sub" / "client.py"
    client.write_text(SOURCE.replace("import socket\n", "from pkg.other.conn import connect\n")
                      .replace("socket.create_connection(", "connect("))
    assert _codes(client.read_text(), client) == []
    (tmp_path / "pkg" / "other" / "conn.py").write_text(
        "import socket\n\n\ndef connect(address):\n    return socket.create_connection(address)\n")
    _next_flake8_run()
    assert _codes(client.read_text(), client) == ["NAG201", "NAG101"]


def test_a_module_saved_during_the_analysis_is_read_again_next_run(tmp_path, monkeypatch):
    """The entry is written after the analysis: a module saved meanwhile must not be stamped as
    what the analysis read."""
    _engine()
    import nagle_lint.engine as engine

    client = _project(tmp_path)
    conn = tmp_path / "pkg" / "conn.py"
    check = engine.check_source

    def saved_meanwhile(*args, **kwargs):
        result = check(*args, **kwargs)
        conn.write_text("import socket\n\n\ndef connect(address):\n"
                        "    s = socket.create_connection(address)\n"
                        "    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
                        "    return s\n")
        _touch_later(conn)
        return result

    monkeypatch.setattr(engine, "check_source", saved_meanwhile)
    assert _codes(client.read_text(), client) == ["NAG201", "NAG101"]
    monkeypatch.setattr(engine, "check_source", check)
    _next_flake8_run()
    assert _codes(client.read_text(), client) == []


def test_a_torn_entry_is_analysed_afresh(tmp_path):
    _engine()
    client = _project(tmp_path)
    source = client.read_text()
    _codes(source, client)
    (entry,) = _entries(tmp_path)
    entry.write_bytes(entry.read_bytes()[:40])
    assert _codes(source, client) == ["NAG201", "NAG101"]
    entry.write_bytes(b"not a pickle")
    assert _codes(source, client) == ["NAG201", "NAG101"]


def test_no_cache_option_reads_and_writes_nothing(tmp_path, monkeypatch):
    _engine()
    client = _project(tmp_path)
    monkeypatch.setattr(Plugin, "use_cache", False)
    assert _codes(client.read_text(), client) == ["NAG201", "NAG101"]
    assert not (tmp_path / ".nagle_lint_cache").exists()


def test_flake8_workers_keep_every_entry_and_answer_alike(tmp_path):
    """flake8's workers write at once: each file's entry is its own file, so none is lost, and
    the run served from them prints what the first printed."""
    _engine()
    corpus = sorted((PROJECT / "corpus").glob("pos_*.py"))[:12]
    for path in corpus:
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    args = ["--select", "NAG", "--jobs", "2", "."]
    first = flake8(args, tmp_path, tmp_path)
    assert first.returncode == 1, first.stdout + first.stderr
    assert len(_entries(tmp_path)) == len(corpus)
    second = flake8(args, tmp_path, tmp_path)
    assert sorted(second.stdout.splitlines()) == sorted(first.stdout.splitlines())
    fresh = flake8(args[:-1] + ["--nagle-no-cache", "."], tmp_path, tmp_path)
    assert sorted(fresh.stdout.splitlines()) == sorted(first.stdout.splitlines())
