"""Security: nagle-lint reads code, it never runs it; configuration is data, never code.

- A file whose top level (and whose imports, class bodies, decorators, default arguments...)
  would write a marker file or call os._exit is linted by the CLI, `--fix`, `--diff`, every
  output format, check_source, the flake8 plugin and `nagle-lint replay PATH`: no marker, normal
  exit. A folder full of modules that shadow what nagle-lint imports (libcst.py, ast.py, ...)
  is linted from inside that folder: none of them is imported.
- pyproject.toml values that look like code, or keys other tools use to run code
  (init-hook, plugins, ...), give a one-line config error and exit 2; stream factories named in
  the config are only matched, never imported.
- The result cache cannot be used to run code (it loads only nagle-lint's own result classes).
- The harness refuses non-loopback targets before it opens a socket.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
REAL = (PROJECT / "corpus" / "pos_seed000_two_sendall_client.py").read_text(encoding="utf-8")
BIN = Path(sys.executable).parent
# the console script (sys.path[0] is its own folder); else isolated mode (no cwd on sys.path)
CLI = [str(BIN / "nagle-lint")] if (BIN / "nagle-lint").exists() else \
    [sys.executable, "-I", "-c", "import sys; from nagle_lint.cli import main; sys.exit(main())"]


def hostile(marker: Path) -> str:
    """Socket code with a finding, plus code that would leave a marker at every place where
    importing or executing it would run something."""
    m = repr(str(marker))
    return textwrap.dedent(f"""\
        import os
        open({m}, "a").write("module top level\\n")
        __import__("atexit").register(lambda: open({m}, "a").write("atexit\\n"))
        {REAL.replace(chr(10), chr(10) + "        ")}

        def default(x=open({m}, "a").write("default argument\\n")):
            pass

        @(lambda f: open({m}, "a").write("decorator\\n") or f)
        class Body:
            open({m}, "a").write("class body\\n")

        if __name__ == "__main__":
            open({m}, "a").write("main\\n")
        os._exit(77)
        """)


@pytest.fixture
def project(tmp_path):
    marker = tmp_path / "MARKER"
    src = tmp_path / "src"
    src.mkdir()
    (src / "evil.py").write_text(hostile(marker), encoding="utf-8")
    # modules that shadow what nagle-lint (or Python) imports, in the folder it is run from
    for name in ("libcst", "ast", "tokenize", "socket", "sitecustomize", "usercustomize", "nagle_lint",
                 "conftest", "setup", "__main__", "flake8"):
        (src / f"{name}.py").write_text(f"open({str(marker)!r}, 'a').write('imported {name}\\n')\n"
                                        "import socket\nsocket.socket()\nimport os\nos._exit(77)\n", encoding="utf-8")
    (src / "pkg").mkdir()
    (src / "pkg" / "__init__.py").write_text(hostile(marker), encoding="utf-8")
    return tmp_path, src, marker


def _run(cmd, cwd, **kwargs) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=300, env=env, **kwargs)


def _assert_not_run(proc, marker: Path) -> None:
    assert not marker.exists(), marker.read_text()
    assert proc.returncode != 77, "the linted code called os._exit"
    assert "Traceback" not in proc.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("args", [
    ["."], ["--output-format", "json", "."], ["--output-format", "sarif", "."], ["--output-format", "github", "."],
    ["--output-format", "full", "."], ["--fix", "."], ["--diff", "."], ["--unsafe-fixes", "--fix", "."],
    ["-j", "1", "evil.py"],
], ids=lambda a: " ".join(a))
def test_cli_never_runs_the_code_it_reads(project, args):
    _, src, marker = project
    proc = _run(CLI + ["--no-cache", *args], src)
    _assert_not_run(proc, marker)
    assert proc.returncode in (0, 1)
    if "--fix" not in args and "--diff" not in args:
        assert b"NAG101" in proc.stdout  # it did read evil.py


def test_isolated_entry_point_from_the_project_folder(project):
    """`python -I -c` (as a wrapper might run it) from the linted folder: nothing of it is imported."""
    _, src, marker = project
    proc = _run([sys.executable, "-I", "-c", "import sys; from nagle_lint.cli import main; sys.exit(main())",
                 "--no-cache", "."], src)
    _assert_not_run(proc, marker)


def test_check_source_and_check_file_do_not_execute(project):
    _, src, marker = project
    from nagle_lint.engine import check_file, check_source
    from nagle_lint.fixer import fix_file
    from nagle_lint.settings import Settings

    text = (src / "evil.py").read_text(encoding="utf-8")
    result = check_source(text, "evil.py", Settings(select=("ALL",)))
    assert [f.code for f in result.findings if f.code == "NAG101"]
    check_file(str(src / "pkg" / "__init__.py"))
    fix_file(str(src / "evil.py"), Settings(), write=False)
    assert not marker.exists()


def test_flake8_plugin_does_not_execute(project):
    pytest.importorskip("flake8")
    pytest.importorskip("nagle_lint.flake8_plugin")
    _, src, marker = project
    flake8 = BIN / "flake8"
    cmd = [str(flake8)] if flake8.exists() else [sys.executable, "-m", "flake8"]
    proc = _run(cmd + ["--isolated", "--select", "NAG", "evil.py", "pkg/__init__.py"], src)
    _assert_not_run(proc, marker)
    assert b"NAG101" in proc.stdout, proc.stdout + proc.stderr


def test_replay_of_a_path_does_not_execute(project):
    """`replay PATH` takes the piece sizes from static findings: the file itself never runs."""
    _, src, marker = project
    proc = _run(CLI + ["replay", "--requests", "3", "--warmup", "1", "evil.py"], src)
    _assert_not_run(proc, marker)


# -- configuration ---------------------------------------------------------------------------------
BAD_CONFIGS = {
    "init-hook": 'init-hook = "import os; os.system(\'touch MARKER\')"',
    "plugins": 'plugins = ["evil"]',
    "load-plugins": 'load-plugins = "evil"',
    "python-code-key": '"__import__(\'os\').system(\'touch MARKER\')" = 1',
    "select-is-code": 'select = "__import__(\'os\').system(\'touch MARKER\')"',
    "select-not-strings": "select = [1, 2]",
    "select-unknown-code": 'select = ["NAG999"]',
    "ignore-expression": 'ignore = ["NAG1\' + __import__(\'os\').getcwd() + \'"]',
    "streams-code-name": '[tool.nagle-lint.streams]\n"__import__(\'os\').system(\'touch MARKER\')" = "tcp"',
    "streams-bad-kind": '[tool.nagle-lint.streams]\n"evil.factory" = "python"',
    "streams-not-table": 'streams = "os.system"',
    "unsafe-fixes-string": 'unsafe-fixes = "yes"',
    "output-format-command": 'output-format = "touch MARKER"',
    "per-file-ignores-bad": 'per-file-ignores = "x"',
    "exclude-not-list": "exclude = 5",
    "not-a-table": None,
    "invalid-toml": "select = [",
    "not-utf8": b"select = ['\xff']",
}


@pytest.mark.parametrize("name", list(BAD_CONFIGS))
def test_odd_config_is_a_config_error(tmp_path, name, monkeypatch, capsys):
    """In-process (the CLI's own main): exit 2, one line on stderr, nothing on stdout, no marker."""
    from nagle_lint.cli import main

    marker = tmp_path / "MARKER"
    value = BAD_CONFIGS[name]
    if value is None:
        content = b'[tool]\n"nagle-lint" = 5\n'
    elif isinstance(value, bytes):
        content = b"[tool.nagle-lint]\n" + value + b"\n"
    else:
        content = f"[tool.nagle-lint]\n{value}\n".encode()
    (tmp_path / "pyproject.toml").write_bytes(content)
    (tmp_path / "a.py").write_text(REAL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rc = main(["--no-cache", "-j", "1", "a.py"])
    out, err = capsys.readouterr()
    assert rc == 2, (rc, err, out[:300])
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("nagle-lint: error: "), err
    assert not marker.exists()
    assert out == ""


def test_config_error_through_the_real_cli(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.nagle-lint]\ninit-hook = "import os"\n')
    (tmp_path / "a.py").write_text(REAL, encoding="utf-8")
    proc = _run(CLI + ["--no-cache", "a.py"], tmp_path)
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr.decode().startswith("nagle-lint: error: ") and len(proc.stderr.splitlines()) == 1


def test_unknown_fix_strategy_in_config_is_an_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.nagle-lint]\nfix-strategy = "rm -rf /"\n')
    (tmp_path / "a.py").write_text(REAL, encoding="utf-8")
    proc = _run(CLI + ["--no-cache", "--diff", "a.py"], tmp_path)
    assert proc.returncode == 2 and b"fix-strategy" in proc.stderr


def test_stream_factories_in_config_are_never_imported(tmp_path):
    marker = tmp_path / "MARKER"
    (tmp_path / "evilfactory.py").write_text(f"open({str(marker)!r}, 'w').write('imported')\n"
                                             "def connect():\n    pass\n")
    (tmp_path / "pyproject.toml").write_text('[tool.nagle-lint.streams]\n"evilfactory.connect" = "tcp"\n')
    (tmp_path / "a.py").write_text("import evilfactory\ns = evilfactory.connect()\ns.sendall(b'hi')\ns.recv(2)\n"
                                   "s.sendall(b'a')\ns.sendall(b'b')\ns.recv(1)\n")
    proc = _run(CLI + ["--no-cache", "--show-settings"], tmp_path)
    assert proc.returncode == 0 and b"evilfactory.connect" in proc.stdout
    proc = _run([sys.executable, "-c", "import sys; sys.path.insert(0, '.'); from nagle_lint.cli import main; "
                 "sys.exit(main())", "--no-cache", "a.py"], tmp_path)
    assert proc.returncode == 1 and b"NAG101" in proc.stdout  # the factory was understood...
    assert not marker.exists()  # ...without importing it


def test_result_cache_cannot_run_code(tmp_path):
    marker = tmp_path / "MARKER"
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\n")
    (tmp_path / "a.py").write_text(REAL, encoding="utf-8")
    # the attacker knows the key (same release and install image, or a cache committed to the repo)
    script = textwrap.dedent(f"""
        import os, pickle, sys
        from nagle_lint.cache import Cache, settings_key
        from nagle_lint.config import load_settings

        class Payload:
            def __reduce__(self):
                return (os.system, ("touch " + {str(marker)!r},))

        key = settings_key(load_settings("."))
        os.makedirs(".nagle_lint_cache", exist_ok=True)
        with open(Cache(__import__("pathlib").Path(".nagle_lint_cache"))._file(key), "wb") as fh:
            pickle.dump(Payload(), fh)
    """)
    subprocess.run([sys.executable, "-c", script], cwd=tmp_path, check=True, timeout=120)
    proc = _run(CLI + ["a.py"], tmp_path)
    assert proc.returncode == 1
    assert not marker.exists(), "a cache file ran code"


# -- harness targets -----------------------------------------------------------------------------
@pytest.mark.parametrize("host", ["10.0.0.1", "192.168.1.1", "8.8.8.8", "example.com", "localhost.evil.com",
                                  "127.0.0.2", "0.0.0.0", "::", "::ffff:10.0.0.1", "fe80::1", "", "127.0.0.1 ",
                                  "2130706433"])
def test_harness_refuses_non_loopback_before_any_socket(host):
    from nagle_lint.harness import replay
    from nagle_lint.harness.servers import Peer, TargetRefused, check_target

    def sockets() -> int:
        fds = [f"/proc/self/fd/{fd}" for fd in os.listdir("/proc/self/fd")]
        return sum(1 for fd in fds if os.path.exists(fd) and os.readlink(fd).startswith("socket:"))

    before = sockets()
    with pytest.raises(TargetRefused):
        check_target(host)
    with pytest.raises(TargetRefused):
        Peer(expect=1, host=host)
    with pytest.raises(TargetRefused):
        replay.replay([16, 32], "client", requests=1, warmup=0, variants=("as written",), host=host)
    assert sockets() == before
