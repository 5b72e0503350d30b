"""Bad input: every file gets a one-line error or is analysed, the run goes on, no traceback.

One tree holds every bad input in its own folder next to a file with a real finding
(`real_<case>.py`, NAG101 at line 42). The CLI runs once per output format over the whole tree
(process pool) and once serially (-j 1); each case then checks, in every format:
- the bad file got what docs/reliability.md documents (analysed, or one NAG001 line of the right
  kind), the real file next to it was still reported, the exit status is 1, and stderr has no
  "Traceback";
- alone, the bad file gives the documented exit status (0 when analysed and clean, 1 otherwise).

Unreadable files need the permission bits to mean something: as root the CLI runs with
CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH dropped (setpriv), otherwise those cases are skipped.
Inputs that crash libcst's native parser, hang on open or never end are in their own tests with
a timeout and a memory limit, so a regression cannot take the suite down with it.
"""
from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nagle_lint import cli

PROJECT = Path(__file__).resolve().parent.parent
REAL = (PROJECT / "corpus" / "pos_seed000_two_sendall_client.py").read_bytes()
REAL_LINE = 42
FORMATS = ("concise", "json", "sarif", "github")
STREAM = b"import socket\ns = socket.socket()\n"  # passes the engine's triage
CLI = [sys.executable, "-c", "import sys; from nagle_lint.cli import main; sys.exit(main())"]
MEMORY_LIMIT = 3 << 30


def _can_drop_dac() -> bool:
    if os.geteuid() != 0:
        return True
    return shutil.which("setpriv") is not None and subprocess.run(
        ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "true"]).returncode == 0


DROP_DAC = _can_drop_dac()


def run_cli(args, cwd, *, timeout=120, drop_dac=False, env=None, memory=MEMORY_LIMIT) -> subprocess.CompletedProcess:
    """The real CLI in a child process (a native crash or a hang cannot take pytest down)."""
    cmd = CLI + ["--no-cache", *args]
    if drop_dac and os.geteuid() == 0:
        cmd = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", *cmd]

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    full_env = dict(os.environ, LC_ALL="C.UTF-8", **(env or {}))
    full_env.pop("NAGLE_LINT_DEBUG", None)
    return subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, env=full_env, preexec_fn=limit)


def parse_report(fmt: str, stdout: bytes) -> list[tuple[str, str, int, str]]:
    """(path, code, line, message) from any format; also checks the output is well formed."""
    text = stdout.decode("utf-8")  # every format must be valid UTF-8
    out = []
    if fmt == "concise":
        for line in text.splitlines():
            if not line.strip() or line.startswith(("Found", "nagle-lint:")):
                continue
            match = re.fullmatch(r"(.+?):(\d+):(\d+): (NAG\d{3}) (.*)", line)
            assert match, f"not a finding line: {line!r}"
            out.append((match[1], match[4], int(match[2]), match[5]))
    elif fmt == "json":
        for item in json.loads(text):
            out.append((item["path"], item["code"], item["line"], item["message"]))
    elif fmt == "sarif":
        doc = json.loads(text)
        from urllib.parse import unquote

        for result in doc["runs"][0]["results"]:
            loc = result["locations"][0]["physicalLocation"]
            out.append((unquote(loc["artifactLocation"]["uri"]), result["ruleId"], loc["region"]["startLine"],
                        result["message"]["text"]))
    elif fmt == "github":
        for line in text.splitlines():
            match = re.match(r"::(error|warning|notice) file=([^,]*),line=(\d+),.*?title=(NAG\d{3})[^:]*::(.*)", line)
            assert match, f"not a workflow command: {line!r}"
            message = match[5][len(match[4]) + 1:] if match[5].startswith(match[4] + " ") else match[5]
            out.append((match[2], match[4], int(match[3]), message))
    return out


def assert_clean_stderr(proc: subprocess.CompletedProcess) -> None:
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode}: {err[-2000:]}"


# -- the cases ---------------------------------------------------------------------------------
def _w(path: Path, data: bytes) -> None:
    path.write_bytes(data)


def _deep_parens(n=3000):
    return STREAM + b"x = " + b"(" * n + b"1" + b")" * n + b"\n"


def _plus_chain(n=60_000):
    return STREAM + b"x = " + b"+".join([b"1"] * n) + b"\n"


def _symlink_loop(d: Path):
    (d / "pkg" / "sub").mkdir(parents=True)
    _w(d / "pkg" / "sub" / "mod.py", STREAM)
    os.symlink("..", d / "pkg" / "sub" / "up")  # pkg/sub/up -> pkg: a loop
    os.symlink(".", d / "pkg" / "self")  # pkg/self -> pkg


def _unreadable_dir(d: Path):
    (d / "locked").mkdir()
    _w(d / "locked" / "inside.py", REAL)
    os.chmod(d / "locked", 0)


def _unreadable_file(d: Path):
    _w(d / "unreadable.py", REAL)
    os.chmod(d / "unreadable.py", 0)


# name -> (file name of the bad input, builder(dir) or bytes, expectation)
# expectation: ("finding", line) analysed with NAG101 at line; ("clean",) analysed, nothing to
# report; ("error", kinds regex[, line]) one NAG001 "<kind> error: ..." line; ("nothing",) no
# output for it at all (e.g. a symlink loop visited once).
CASES = {
    "empty": ("bad.py", b"", ("clean",)),
    "only-bom": ("bad.py", b"\xef\xbb\xbf", ("clean",)),
    "bom-then-code": ("bad.py", b"\xef\xbb\xbf" + REAL, ("finding", REAL_LINE)),
    "only-whitespace": ("bad.py", b"  \n\t\n\x0c\n   ", ("clean",)),
    "crlf": ("bad.py", REAL.replace(b"\n", b"\r\n"), ("finding", REAL_LINE)),
    "cr-only": ("bad.py", REAL.replace(b"\n", b"\r"), ("finding", REAL_LINE)),
    "mixed-newlines": ("bad.py", b"".join(line + (b"\r\n" if i % 3 == 0 else b"\r" if i % 3 == 1 else b"\n")
                                          for i, line in enumerate(REAL.split(b"\n"))),
                       ("finding", None)),  # "\r" + "\n" of an empty line is one newline
    "tabs-consistent": ("bad.py", REAL.replace(b"    ", b"\t"), ("finding", REAL_LINE)),
    "tabs-spaces-mix": ("bad.py", STREAM + b"if s:\n\tx = 1\n        y = 2\n", ("error", "syntax", 5)),
    # CPython accepts this indentation, libcst's tokenizer does not: detection reads `ast`, so
    # the file is checked (only a fix would need libcst)
    "tabs-spaces-valid-for-python": ("bad.py", b"import socket\ndef f():\n    with socket.socket() as t:\n"
                                     b"   \t    t.send(b'x')\n    y = 2\n",
                                     ("clean",)),
    "latin1-with-cookie": ("bad.py", b"# -*- coding: latin-1 -*-\n" + REAL + "name = 'café'\n".encode("latin-1"),
                           ("finding", REAL_LINE + 1)),
    "latin1-without-cookie": ("bad.py", REAL + "name = 'café'\n".encode("latin-1"), ("error", "decode")),
    "invalid-utf8": ("bad.py", STREAM + b"x = '\xff\xfe\xc3('\n", ("error", "decode", 3)),
    "unknown-cookie": ("bad.py", b"# coding: no-such-codec\n" + STREAM, ("error", "decode")),
    "bom-and-latin1-cookie": ("bad.py", b"\xef\xbb\xbf# coding: latin-1\n" + STREAM, ("error", "decode")),
    "binary": ("bad.py", bytes(range(256)) * 16 + b"socket(" + bytes(range(256)), ("error", "decode")),
    "nul-in-text": ("bad.py", STREAM + b"x = 1\x00\n", ("error", "decode|syntax")),
    "deep-parens": ("bad.py", _deep_parens(), ("error", "syntax|too-complex")),
    "plus-chain": ("bad.py", _plus_chain(), ("error", "too-complex")),
    "deep-elif": ("bad.py", STREAM + b"if s:\n    pass\n" + b"elif s:\n    pass\n" * 10_000, ("error", "too-complex")),
    "python2-print": ("bad.py", STREAM + b"print 'hello'\n", ("error", "syntax", 3)),
    "python2-except": ("bad.py", STREAM + b"try:\n    pass\nexcept OSError, e:\n    pass\n", ("error", "syntax", 5)),
    "python2-backticks": ("bad.py", STREAM + b"x = `s`\nexec 'x'\n", ("error", "syntax", 3)),
    "unterminated-string": ("bad.py", STREAM + b'x = """never closed\n', ("error", "syntax")),
    "half-saved-buffer": ("bad.py", REAL[: REAL.index(b"c.sendall(BODY)") + 12], ("error", "syntax")),
    "no-final-newline": ("bad.py", REAL.rstrip(b"\n") + b"  # no newline", ("finding", REAL_LINE)),
    "line-continuation-eof": ("bad.py", STREAM + b"x = 1 + \\", ("error", "syntax")),
    "form-feed-and-separators": ("bad.py", REAL + "\x0c\n# odd\u2028separators\x1c\x85 in a comment\n"
                                 "X = 'a\u2028b'\n".encode("utf-8"), ("finding", REAL_LINE)),
    "non-ascii-name": ("héllo_日本_ñ.py", REAL, ("finding", REAL_LINE)),
    "dir-named-py": ("pkg.py/inner.py", REAL, ("finding", REAL_LINE)),
    # a dangling link has no file behind it: skipped with a warning, as ruff does
    "broken-symlink": ("bad.py", lambda d: os.symlink("does-not-exist.py", d / "bad.py"), ("clean",)),
    "symlink-loop": ("pkg/sub/mod.py", _symlink_loop, ("clean",)),
    "unreadable-file": ("unreadable.py", _unreadable_file, ("error", "read")),
    "unreadable-dir": ("locked", _unreadable_dir, ("error", "read")),
}
NEEDS_DAC = {"unreadable-file", "unreadable-dir"}


def _held_line(name: str) -> int:
    """Line of `c.sendall(BODY)` as Python counts lines (for inputs whose line count changes)."""
    import ast

    content = CASES[name][1]
    for node in ast.walk(ast.parse(content)):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "sendall" \
                and getattr(node.args[0], "id", "") == "BODY":
            return node.lineno
    raise AssertionError("no held write")


def build_case(root: Path, name: str) -> Path:
    target, content, _ = CASES[name]
    folder = root / name
    folder.mkdir(parents=True)
    _w(folder / f"real_{name.replace('-', '_')}.py", REAL)
    if callable(content):
        content(folder)
    else:
        (folder / target).parent.mkdir(parents=True, exist_ok=True)
        _w(folder / target, content)
    return folder


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("bad-input")
    for name in CASES:
        build_case(root, name)
    yield root
    for name in NEEDS_DAC:  # let pytest clean up
        for path in root.joinpath(name).rglob("*"):
            os.chmod(path, 0o755)
    os.chmod(root / "unreadable-dir" / "locked", 0o755)


@pytest.fixture(scope="module")
def runs(tree) -> dict:
    """One run of the CLI per format over the whole tree, plus a serial one (-j 1). Only the split
    rule is selected: each input is a copy of one client whose split is the finding to look for."""
    out = {}
    for fmt in FORMATS:
        out[fmt] = run_cli(["--select", "NAG101", "--output-format", fmt, "."], tree, drop_dac=DROP_DAC)
    out["serial"] = run_cli(["--select", "NAG101", "-j", "1", "."], tree, drop_dac=DROP_DAC)
    return out


def _shown(name: str) -> str:
    target = CASES[name][0]
    return f"{name}/{target}"


@pytest.mark.parametrize("fmt", FORMATS + ("serial",))
def test_whole_tree_runs_to_the_end(runs, fmt):
    proc = runs[fmt]
    assert_clean_stderr(proc)
    assert proc.returncode == 1  # findings (and files that could not be analysed)
    reported = parse_report("concise" if fmt == "serial" else fmt, proc.stdout)
    errors = [r for r in reported if r[1] == "NAG001"]
    for path, _, _, message in errors:
        assert "\n" not in message and re.match(r"(read|decode|syntax|too-complex|crash) error: ", message), message
    if fmt == "concise":
        err = proc.stderr.decode()
        assert "could not be analysed" in err
        assert "warning: skipping " in err and "broken-symlink/bad.py: dangling symbolic link" in err


@pytest.mark.parametrize("fmt", FORMATS + ("serial",))
@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(runs, name, fmt):
    if name in NEEDS_DAC and not DROP_DAC:
        pytest.skip("running as root without setpriv: permission bits are not enforced")
    reported = parse_report("concise" if fmt == "serial" else fmt, runs[fmt].stdout)
    mine = [r for r in reported if r[0].startswith(f"{name}/")]
    real = f"{name}/real_{name.replace('-', '_')}.py"
    assert (real, "NAG101", REAL_LINE) in [r[:3] for r in mine], f"the real file next to {name} was not reported"
    bad = [r for r in mine if r[0] != real]
    expect = CASES[name][2]
    if expect[0] == "finding":
        assert [r[:3] for r in bad] == [(_shown(name), "NAG101", expect[1] or _held_line(name))], bad
    elif expect[0] == "clean":
        assert bad == [], bad
    else:
        assert len(bad) == 1 and bad[0][1] == "NAG001", bad
        assert re.match(rf"({expect[1]}) error: \S", bad[0][3]), bad[0][3]
        if len(expect) > 2:
            assert bad[0][2] == expect[2], bad[0]
        if name == "unreadable-dir":
            assert bad[0][0].startswith(f"{name}/locked")


SAFE_ALONE = [n for n in CASES if n not in NEEDS_DAC and n != "symlink-loop"]


@pytest.mark.parametrize("name", SAFE_ALONE)
def test_exit_status_alone(tmp_path, capsys, name, monkeypatch):
    """Alone, the documented exit status: 1 for a NAG001 or a finding, 0 when clean (in-process,
    serial: these inputs are all safe to parse in this process)."""
    folder = build_case(tmp_path, name)
    os.unlink(folder / f"real_{name.replace('-', '_')}.py")
    monkeypatch.chdir(folder)
    rc = cli.main(["--no-cache", "-j", "1", "."])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert rc == (0 if CASES[name][2][0] == "clean" else 1), out + err
    assert rc == 1 or out == ""
    rc = cli.main(["--no-cache", "-j", "1", "--exit-zero", "."])
    assert rc == 0
    capsys.readouterr()


def test_missing_path_on_the_command_line(tmp_path):
    _w(tmp_path / "real.py", REAL)
    proc = run_cli(["missing.py", "real.py", "gone/"], tmp_path)
    assert_clean_stderr(proc)
    assert proc.returncode == 1
    reported = parse_report("concise", proc.stdout)
    assert ("real.py", "NAG101", REAL_LINE) in [r[:3] for r in reported]
    errors = {r[0]: r[3] for r in reported if r[1] == "NAG001"}
    assert set(errors) == {"missing.py", "gone"} or set(errors) == {"missing.py", "gone/"}
    assert all(m.startswith("read error: ") for m in errors.values())


def test_symlink_loop_visits_each_file_once(tree, runs):
    reported = parse_report("json", runs["json"].stdout)
    loop = [r for r in reported if r[0].startswith("symlink-loop/")]
    assert [r[0] for r in loop] == ["symlink-loop/real_symlink_loop.py"]


# -- the 50 MB file ------------------------------------------------------------------------------
@pytest.mark.skipif(os.environ.get("NAGLE_SKIP_BIG") == "1", reason="NAGLE_SKIP_BIG=1")
def test_fifty_megabyte_generated_file(tmp_path):
    """A generated 50 MB module (10,000 functions with long string constants) and a real finding
    in it: analysed within the time limit, in every format, finding reported."""
    big = tmp_path / "generated.py"
    with open(big, "wb") as handle:
        handle.write(REAL)
        padding = b"y" * 4980
        for i in range(10_000):
            handle.write(b"def gen_%d(x):\n    return x + '%s'\n" % (i, padding))
    assert big.stat().st_size >= 50_000_000
    _w(tmp_path / "real.py", REAL)
    proc = run_cli(["--output-format", "json", "."], tmp_path, timeout=60)
    assert_clean_stderr(proc)
    assert proc.returncode == 1
    reported = [r[:3] for r in parse_report("json", proc.stdout)]
    assert ("generated.py", "NAG101", REAL_LINE) in reported and ("real.py", "NAG101", REAL_LINE) in reported


# -- inputs that must not kill, hang or exhaust the process ---------------------------------------
def _and_chain(n=10_000):
    return STREAM + b"x = " + b" and ".join([b"s"] * n) + b"\n"


def _dotted_import(n=8_000):
    return STREAM + b"import " + b".".join([b"a"] * n) + b"\n"


NATIVE_CRASHERS = {
    "and-chain": _and_chain,
    "or-chain": lambda: _and_chain().replace(b" and ", b" or "),
    "dotted-import": _dotted_import,
    "dotted-from-import": lambda: STREAM + b"from " + b".".join([b"a"] * 8_000) + b" import x\n",
}
# `ast` reads these (flat BoolOp, dotted names) where libcst's native parser overflows its stack
# (SIGSEGV, the whole process). Detection reads `ast` only; a fix guards the libcst parse.


@pytest.mark.parametrize("name", ["and-chain"])
def test_native_parser_crasher_in_a_pool_run(tmp_path, name):
    """With the process pool: the file is checked like any other, the rest reported."""
    _w(tmp_path / "bad.py", NATIVE_CRASHERS[name]())
    for i in range(8):  # enough files for the pool
        _w(tmp_path / f"real{i}.py", REAL)
    proc = run_cli(["-j", "2", "."], tmp_path)
    assert_clean_stderr(proc)
    assert proc.returncode == 1
    reported = parse_report("concise", proc.stdout)
    assert sum(r[1] == "NAG101" for r in reported) == 8
    assert [r for r in reported if r[0] == "bad.py"] == []


@pytest.mark.parametrize("name", list(NATIVE_CRASHERS))
def test_native_parser_crasher_serial(tmp_path, name):
    """Serial (-j 1, or fewer than 8 files): the same input is checked in this process."""
    _w(tmp_path / "bad.py", NATIVE_CRASHERS[name]())
    _w(tmp_path / "real.py", REAL)
    proc = run_cli(["-j", "1", "."], tmp_path)
    assert_clean_stderr(proc)
    reported = parse_report("concise", proc.stdout)
    assert ("real.py", "NAG101", REAL_LINE) in [r[:3] for r in reported]
    assert [r[1] for r in reported if r[0] == "bad.py"] == []


@pytest.mark.parametrize("name", list(NATIVE_CRASHERS))
def test_fix_never_feeds_a_crasher_to_libcst(tmp_path, name):
    """A finding in such a file is reported; its fix is not built (the libcst parse is refused
    before it can crash), and --fix leaves the file as it was."""
    data = REAL + NATIVE_CRASHERS[name]()[len(STREAM):]
    _w(tmp_path / "bad.py", data)
    proc = run_cli(["-j", "1", "--fix", "."], tmp_path)
    assert_clean_stderr(proc)
    assert proc.returncode == 1
    assert ("bad.py", "NAG101", REAL_LINE) in [r[:3] for r in parse_report("concise", proc.stdout)]
    assert (tmp_path / "bad.py").read_bytes() == data


def test_check_source_survives_native_crashers(tmp_path):
    """check_source is what the flake8 plugin and the language server call in-process."""
    script = textwrap.dedent("""
        import sys
        from nagle_lint.engine import check_source
        result = check_source(open(sys.argv[1], encoding="utf-8").read(), "bad.py")
        assert result.error is None or result.error.kind == "too-complex", result
    """)
    for name, make in NATIVE_CRASHERS.items():
        _w(tmp_path / f"{name}.py", make())
        proc = subprocess.run([sys.executable, "-c", script, str(tmp_path / f"{name}.py")], capture_output=True,
                              timeout=120)
        assert proc.returncode == 0, f"{name}: exit {proc.returncode} {proc.stderr.decode()[-500:]}"


_SPECIAL_BUG = ("BUG: read_source() opens any path ending in .py: a FIFO blocks open() forever, a symlink "
                "to /dev/zero reads until memory runs out (MemoryError -> exit 2, nothing reported); "
                "it should refuse non-regular files (O_NONBLOCK + fstat S_ISREG)")


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_special_files_named_py(tmp_path, kind):
    if kind == "fifo":
        os.mkfifo(tmp_path / "pipe.py")
    else:
        os.symlink("/dev/zero", tmp_path / "pipe.py")
    _w(tmp_path / "real.py", REAL)
    proc = run_cli(["-j", "1", "."], tmp_path, timeout=5, memory=1 << 30)
    assert_clean_stderr(proc)
    assert proc.returncode == 1
    reported = parse_report("concise", proc.stdout)
    assert ("real.py", "NAG101", REAL_LINE) in [r[:3] for r in reported]
    assert [(r[1], r[3].split(":")[0]) for r in reported if r[0] == "pipe.py"] == [("NAG001", "read error")]


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_special_files_beside_a_checked_file_are_not_read_for_the_project(tmp_path, kind):
    """Checking one file reads its project's other modules too (imports, subclasses): a FIFO or
    a /dev/zero link named *.py there is passed over, never waited on or read to the end."""
    if kind == "fifo":
        os.mkfifo(tmp_path / "pipe.py")
    else:
        os.symlink("/dev/zero", tmp_path / "pipe.py")
    _w(tmp_path / "client.py", b"import socket\n\n\nclass Client:\n    def __init__(self, host):\n"
       b"        self.sock = socket.create_connection((host, 1))\n\n    def ping(self):\n"
       b"        self.sock.sendall(b'PING')\n        self.sock.sendall(b'\\r\\n')\n"
       b"        return self.sock.recv(1)\n")
    proc = run_cli(["-j", "1", "client.py"], tmp_path, timeout=20, memory=1 << 30)
    assert_clean_stderr(proc)
    reported = parse_report("concise", proc.stdout)
    assert ("client.py", "NAG101", 10) in [r[:3] for r in reported]


# -- file names that are not valid UTF-8 -------------------------------------------------------
_NAME_BUG = ("BUG: a file name with bytes that are not UTF-8 (surrogate-escaped) is written raw into "
             "json (invalid UTF-8 output) and crashes sarif (UnicodeEncodeError in quote(), exit 2)")


@pytest.mark.parametrize("fmt", [
    "concise", "github",
    "json",
    "sarif",
])
def test_undecodable_file_name(tmp_path, fmt):
    raw = os.fsencode(tmp_path) + b"/caf\xe9.py"
    with open(raw, "wb") as handle:
        handle.write(REAL)
    _w(tmp_path / "real.py", REAL)
    proc = run_cli(["--output-format", fmt, "."], tmp_path)
    assert_clean_stderr(proc)
    assert proc.returncode == 1
    if fmt in ("json", "sarif"):
        reported = parse_report(fmt, proc.stdout)  # valid UTF-8 JSON
        assert len([r for r in reported if r[1] == "NAG101"]) == 2
    else:
        assert len([line for line in proc.stdout.splitlines() if b"NAG101" in line]) == 2


# -- paths that change during the run -----------------------------------------------------------
_VANISH_DRIVER = textwrap.dedent("""
    import os, shutil, sys
    import nagle_lint.engine as engine
    from nagle_lint.cli import main

    original = engine.discover

    def discover(*args, **kwargs):
        files, errors = original(*args, **kwargs)
        os.unlink("gone.py")            # a file listed, then deleted before it is read
        shutil.rmtree("gone_dir")       # a folder listed, then deleted
        return files, errors

    engine.discover = discover
    sys.exit(main(sys.argv[1:]))
""")


@pytest.mark.parametrize("fmt, jobs", [(fmt, "2") for fmt in FORMATS] + [("concise", "1")])
def test_path_vanishes_during_the_run(tmp_path, fmt, jobs):
    _w(tmp_path / "gone.py", REAL)
    (tmp_path / "gone_dir").mkdir()
    _w(tmp_path / "gone_dir" / "inside.py", REAL)
    for i in range(4 if jobs == "1" else 9):
        _w(tmp_path / f"real{i}.py", REAL)
    proc = subprocess.run([sys.executable, "-c", _VANISH_DRIVER, "--no-cache", "-j", jobs, "--output-format", fmt,
                           "."], cwd=tmp_path, capture_output=True, timeout=120)
    assert_clean_stderr(proc)
    assert proc.returncode == 1
    reported = parse_report(fmt, proc.stdout)
    assert sum(r[1] == "NAG101" for r in reported) == (4 if jobs == "1" else 9)
    errors = sorted((r[0], r[3].split(":")[0]) for r in reported if r[1] == "NAG001")
    assert errors == [("gone.py", "read error"), ("gone_dir/inside.py", "read error")]


def test_tree_churning_during_the_run(tmp_path):
    """Files and folders created, rewritten and deleted while the CLI runs: no traceback, exit
    0 or 1, every stable file reported."""
    import threading

    for i in range(12):
        _w(tmp_path / f"real{i}.py", REAL)
    churn = tmp_path / "churn"
    churn.mkdir()
    stop = threading.Event()
    done = [0]

    def churner():
        i = 0
        while not stop.is_set():
            i += 1
            folder = churn / f"d{i % 5}"
            try:
                folder.mkdir(exist_ok=True)
                for j in range(5):
                    _w(folder / f"f{j}.py", REAL[: (i * 97 + j * 31) % len(REAL)])
                if i % 2:
                    shutil.rmtree(folder, ignore_errors=True)
                (churn / f"x{i % 7}.py").unlink(missing_ok=True)
                _w(churn / f"x{(i + 3) % 7}.py", REAL)
            except OSError:
                pass
            done[0] = i

    thread = threading.Thread(target=churner, daemon=True)
    thread.start()
    try:
        procs = [run_cli(["-j", jobs, "--output-format", "json", "."], tmp_path) for jobs in ("1", "2")]
    finally:
        stop.set()
        thread.join(10)
    assert done[0] > 10
    for proc in procs:
        assert_clean_stderr(proc)
        assert proc.returncode in (0, 1)
        reported = parse_report("json", proc.stdout)
        assert {f"real{i}.py" for i in range(12)} <= {r[0] for r in reported if r[1] == "NAG101"}
        for path, code, _, message in reported:
            if code == "NAG001":
                assert re.match(r"(read|decode|syntax|too-complex) error: ", message), (path, message)


def test_a_syntax_error_names_the_python_that_read_the_file():
    from nagle_lint.engine import check_source

    # (so that code written for a newer Python, a 3.12 `type` alias read by 3.11, says why)
    result = check_source("import socket\ns = socket.create_connection(a)\nprint 'x'\n", "old.py")
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert result.error is not None and result.error.kind == "syntax"
    assert result.error.message.endswith(f"(read as Python {version})"), result.error.message
