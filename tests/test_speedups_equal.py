"""Every speed-up keeps the findings: the same results with and without it (issue 6).

Compared, on corpus/ plus a sample of ~30 real standard-library files that mention sockets
(picked by a byte grep at test time, so the sample follows the installed Python):

- sparse parsing (Settings.sparse, default True) against whole-file parsing (sparse=False);
- replayed helper walks against walking every call of a helper again;
- one process (jobs=1) against a worker pool (jobs=2), including the order of the results;
- the result cache: a cold CLI run against a warm one (same --cache-dir), both against --no-cache,
  and a warm run after a file changed (the stale entry must not be used).

Each comparison is made twice: on the key the issue names (code, path, line, column, message),
then on everything a finding carries (end position, related places, fixes and their edits,
which are offsets into the file and so the first thing a region-mapping bug would shift).
If `sparse` has no effect yet the first comparison passes trivially; it guards the change.
"""
from __future__ import annotations

import ast
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from nagle_lint import engine
from nagle_lint.rules import ALL_RULES
from nagle_lint.settings import DEFAULT_SETTINGS, Settings

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SAMPLE_SIZE = 30
MAX_SAMPLE_BYTES = 100_000  # per file: keeps the whole module well under a minute on 2 cores

# every rule, the opt-in ones too: more code paths compared
ALL_CODES = tuple(rule.code for rule in ALL_RULES if not rule.default_enabled)
BASE = dataclasses.replace(DEFAULT_SETTINGS, extend_select=ALL_CODES)


def _stdlib_socket_files() -> list[str]:
    stdlib = sysconfig.get_paths()["stdlib"]
    found = []
    for dirpath, dirnames, filenames in os.walk(stdlib):
        dirnames[:] = sorted(d for d in dirnames if d not in ("site-packages", "__pycache__", "dist-packages"))
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            try:
                size = os.path.getsize(path)
                if size > MAX_SAMPLE_BYTES:
                    continue
                with open(path, "rb") as handle:
                    data = handle.read()
            except OSError:
                continue
            if b"socket" in data:
                found.append(path)
    found.sort()
    if len(found) <= SAMPLE_SIZE:
        return found
    step = len(found) / SAMPLE_SIZE  # evenly spread over the tree: asyncio, http, test, xmlrpc...
    return [found[int(i * step)] for i in range(SAMPLE_SIZE)]


@pytest.fixture(scope="module")
def sample() -> list[str]:
    files = _stdlib_socket_files()
    if len(files) < 10:
        pytest.skip("the installed standard library has too few socket files to sample")
    return files


@pytest.fixture(scope="module")
def paths(sample) -> list[str]:
    return [str(CORPUS)] + sample


@pytest.fixture(scope="module")
def baseline(paths):
    """Whole-file parsing, one process, no cache: the reference."""
    return engine.check_paths(paths, _with(BASE, sparse=False), jobs=1)


def _with(settings: Settings, **changes) -> Settings:
    known = {f.name for f in dataclasses.fields(Settings)}
    return dataclasses.replace(settings, **{k: v for k, v in changes.items() if k in known})


def _key(finding) -> tuple:
    return (finding.code, finding.path, finding.span.line, finding.span.col, finding.message)


def _full(finding) -> tuple:
    return (_key(finding), finding.span, finding.related, finding.fixes, finding.severity, finding.confidence,
            finding.pieces)


def _error(result):
    return None if result.error is None else (result.error.kind, result.error.line)


def _assert_same(expected, actual, what: str) -> None:
    assert [r.path for r in actual] == [r.path for r in expected], f"{what}: different files or order"
    for want, got in zip(expected, actual):
        assert _error(got) == _error(want), f"{what}: {want.path}: error {_error(want)} became {_error(got)}"
        assert [_key(f) for f in got.all_findings()] == [_key(f) for f in want.all_findings()], \
            f"{what}: {want.path}: findings differ"
    for want, got in zip(expected, actual):
        assert [_full(f) for f in got.all_findings()] == [_full(f) for f in want.all_findings()], \
            f"{what}: {want.path}: same findings, but their spans, related places or fixes differ"


def _count(results) -> int:
    return sum(len(r.all_findings()) for r in results)


def test_sample_is_real(paths, baseline):
    # The comparison must have something to compare: files analysed and findings found.
    assert len(baseline) >= 64 + 10
    assert _count(baseline) >= 30
    analysed = [r for r in baseline if r.error is None and not r.skipped]
    assert len(analysed) >= 40


@pytest.fixture(scope="module")
def sparse_one(paths):
    """The default (sparse parsing), one process, no cache."""
    return engine.check_paths(paths, _with(BASE, sparse=True), jobs=1)


def test_sparse_parsing_same_findings(baseline, sparse_one):
    assert "sparse" in {f.name for f in dataclasses.fields(Settings)}, "Settings.sparse is gone: update this test"
    _assert_same(baseline, sparse_one, "sparse=True vs sparse=False")


def test_default_settings_are_sparse():
    assert Settings().sparse is True


def test_workers_same_findings_and_order(paths, baseline, sparse_one):
    two = engine.check_paths(paths, _with(BASE, sparse=True), jobs=2)
    _assert_same(sparse_one, two, "jobs=2 vs jobs=1")
    _assert_same(baseline, two, "jobs=2 (sparse) vs jobs=1 (whole files)")


# One helper writes the first piece of every request; it is called inside a for loop and inside
# a while loop. The while loop's call replays the for loop's walk, so the pieces it records must
# be renamed to the while loop: kept under the for loop, line 20 reads as a write loop (NAG103).
LOOPED_HELPER = """\
import socket


class Client:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 7000))

    def _head(self, verb):
        self.sock.sendall(verb + b" ")

    def put_many(self, keys):
        for key in keys:
            self._head(b"PUT")
            self.sock.sendall(key + b"\\n")
        return self.sock.recv(64)

    def get_many(self, keys):
        while keys:
            self._head(b"GET")
            self.sock.sendall(keys.pop() + b"\\n")
        return self.sock.recv(64)

    def del_many(self, keys):
        for key in keys:
            self._head(b"DEL")
        return self.sock.recv(64)
"""


def _walk_counting_replays(paths, monkeypatch, replay: bool):
    from nagle_lint.flow.paths import Walker

    replays, kept = [], Walker._replay

    def counted(self, *args):
        replays.append(args)
        return kept(self, *args)

    monkeypatch.setattr(Walker, "_replay", counted)
    if not replay:
        monkeypatch.setattr(Walker, "_replayable", lambda self, recorded: False)
    results = engine.check_paths(paths, _with(BASE, sparse=True), jobs=1)
    monkeypatch.undo()
    return results, len(replays)


def test_replayed_helper_walks_same_findings(paths, sparse_one, monkeypatch):
    """A helper walk recorded at one call site and replayed at another gives what walking the
    helper again there gives, on the sample."""
    walked, replays = _walk_counting_replays(paths, monkeypatch, replay=False)
    assert replays == 0
    _assert_same(walked, sparse_one, "replayed helper walks vs every call walked (sample)")


def test_replayed_helper_inside_other_loops(tmp_path, monkeypatch):
    (tmp_path / "client.py").write_text(LOOPED_HELPER)
    files = [str(tmp_path / "client.py")]
    replayed, replays = _walk_counting_replays(files, monkeypatch, replay=True)
    walked, _ = _walk_counting_replays(files, monkeypatch, replay=False)
    assert replays >= 1, "no helper walk was replayed: the case no longer tests replaying"
    _assert_same(walked, replayed, "replayed helper walks vs every call walked (helper in loops)")
    assert [(f.code, f.span.line) for f in replayed[0].all_findings()] == [
        ("NAG201", 6), ("NAG101", 14), ("NAG101", 20), ("NAG103", 25)]


# smtplib's shape: the reply reader closes the connection when the server hangs up, and the
# command loop's second turn walks put() and getreply() again at the same call sites (done again,
# not walked). cmds() is kept with both in its journal and replayed for again().
CLOSING_READER = """\
import socket


class Client:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 25))
        self.file = self.sock.makefile("rb")

    def close(self):
        sock, self.sock = self.sock, None
        if sock:
            sock.close()

    def getreply(self):
        line = self.file.readline()
        if not line:
            self.close()
            raise OSError("closed")
        return line

    def put(self, verb):
        self.sock.sendall(verb)
        self.sock.sendall(b"\\r\\n")

    def cmds(self, verbs):
        for verb in verbs:
            self.put(verb)
            self.getreply()

    def batch(self, verbs):
        self.cmds(verbs)
        return self.getreply()

    def again(self, verbs):
        self.cmds(verbs)
        return self.getreply()
"""


def test_replayed_walks_with_closes_and_walks_done_again(tmp_path, monkeypatch):
    from nagle_lint.flow.paths import Walker

    (tmp_path / "client.py").write_text(CLOSING_READER)
    files = [str(tmp_path / "client.py")]
    again, kept = [], Walker._replay

    def counted(self, replay, *args):
        again.append(any(entry[0] == "again" for entry in self._journal[replay.began:replay.ended]))
        return kept(self, replay, *args)

    monkeypatch.setattr(Walker, "_replay", counted)
    replayed = engine.check_paths(files, _with(BASE, sparse=True), jobs=1)
    monkeypatch.undo()
    walked, _ = _walk_counting_replays(files, monkeypatch, replay=False)
    assert any(again), "no replay held a walk done again: the case no longer tests that"
    _assert_same(walked, replayed, "replayed helper walks vs every call walked (closing reader)")
    assert [(f.code, f.span.line) for f in replayed[0].all_findings()] == [("NAG201", 6), ("NAG101", 23)]


# -- the cache, through the CLI --------------------------------------------------------------------
def _cli(args: list[str], cwd: Path) -> list[dict]:
    proc = subprocess.run([sys.executable, "-m", "nagle_lint", "--output-format", "json", "--exit-zero",
                           "--extend-select", ",".join(ALL_CODES) or "NAG401", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _cli_key(item: dict) -> tuple:
    return (item["code"], item["path"], item["line"], item["column"], item["message"])


def test_findings_do_not_depend_on_the_hash_seed(paths, tmp_path):
    """Two runs of the same files give the same output whatever order Python's sets of strings
    take (a connection named by which of two a helper picks was once chosen by that order)."""
    runs = []
    for seed in ("0", "1"):
        proc = subprocess.run([sys.executable, "-m", "nagle_lint", "--output-format", "json", "--exit-zero",
                               "--no-cache", "--extend-select", ",".join(ALL_CODES) or "NAG401", *paths],
                              capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert proc.returncode == 0, proc.stderr
        runs.append(json.loads(proc.stdout))
    assert runs[0] == runs[1]
    assert len(runs[0]) >= 30


def test_cache_cold_and_warm_same_findings(paths, sparse_one, tmp_path):
    cache = tmp_path / "cache"
    cold = _cli(["--cache-dir", str(cache), *paths], tmp_path)
    assert any(cache.glob("*")), "the cold run wrote no cache"
    warm = _cli(["--cache-dir", str(cache), *paths], tmp_path)
    # the cold CLI run agrees with the engine run without a cache (paths made absolute: the CLI
    # prints them relative to its working directory)
    engine_keys = sorted((f.code, os.path.realpath(f.path), f.span.line, f.span.col, f.message)
                         for r in sparse_one for f in r.all_findings())
    cold_keys = sorted((i["code"], os.path.realpath(tmp_path / i["path"]), i["line"], i["column"], i["message"])
                       for i in cold)
    assert cold_keys == engine_keys, (f"CLI (cache) only: {sorted(set(cold_keys) - set(engine_keys))[:5]}; "
                                      f"engine only: {sorted(set(engine_keys) - set(cold_keys))[:5]}")
    assert [_cli_key(i) for i in warm] == [_cli_key(i) for i in cold]
    assert warm == cold  # everything: spans, related places, fixes and their edits
    assert len(cold) >= 30


def test_cache_sees_a_changed_file(tmp_path):
    cache = tmp_path / "cache"
    work = tmp_path / "src"
    work.mkdir()
    target = work / "client.py"
    shutil.copy(CORPUS / "pos_seed000_two_sendall_client.py", target)
    before = _cli(["--cache-dir", str(cache), str(work)], tmp_path)
    assert before, "the copied corpus file should have findings"
    text = target.read_text(encoding="utf-8")
    target.write_text("# one more line\n" + text, encoding="utf-8")
    os.utime(target, ns=(os.stat(target).st_atime_ns, os.stat(target).st_mtime_ns + 10**9))
    after = _cli(["--cache-dir", str(cache), str(work)], tmp_path)
    fresh = _cli(["--no-cache", str(work)], tmp_path)
    assert [_cli_key(i) for i in after] == [_cli_key(i) for i in fresh]
    assert [i["line"] for i in after] == [i["line"] + 1 for i in before]


def test_cache_key_includes_sparse(paths, tmp_path):
    # A cached result made with one setting must not answer for another.
    from nagle_lint.cache import settings_key

    assert settings_key(_with(BASE, sparse=True)) != settings_key(_with(BASE, sparse=False))


# Edits that move code without changing it, and the edit after them that does change it
_EDITS = (
    ("blank line at the top", lambda lines, at: ["\n", *lines]),
    ("comment line above the finding", lambda lines, at: [*lines[:at], _indent(lines[at]) + "# note\n", *lines[at:]]),
    ("comment at the finding line's end", lambda lines, at: [*lines[:at], _commented(lines[at]), *lines[at + 1:]]),
    # (a definition the sparse read passes over, before the first one it reads: nothing it
    # analysed changed, though every statement after it moved down the module)
    ("an unrelated function added before the first definition", lambda lines, at: _before_first_def(lines)),
    ("a comment naming a socket", lambda lines, at: ["# socket.socket() .sendall( unix\n", *lines]),
    # (the columns after it move: analysed afresh)
    ("a space after the finding line's first parenthesis",
     lambda lines, at: [*lines[:at], lines[at].replace("(", "( ", 1), *lines[at + 1:]]),
    ("code added at the end", lambda lines, at: [*lines, "\n_edited = 1\n"]),
)


def _before_first_def(lines: list[str]) -> list[str]:
    tree = ast.parse("".join(lines))
    first = next((min([node.lineno, *(d.lineno for d in node.decorator_list)]) for node in tree.body
                  if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))), len(lines) + 1)
    return [*lines[:first - 1], "def _unrelated_helper(value):\n", "    return value * 2\n", "\n", "\n",
            *lines[first - 1:]]


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip())]


def _commented(line: str) -> str:
    body = line.rstrip("\r\n")
    return body + ("  # note" if not body.endswith("\\") else "") + line[len(body):]


def test_an_edit_that_moves_code_is_reported_from_the_last_analysis(sparse_one):
    """The language server's Buffer: after each edit, the same findings as a fresh analysis of
    the text, spans, related places and messages included, and the walk skipped where no code
    changed (nothing here is cached between the fresh analyses)."""
    from nagle_lint.edits import Buffer

    settings = _with(BASE, fixes=False)
    files = [r.path for r in sparse_one if r.findings]
    assert len(files) >= 100
    reused = tried = passed_over = 0
    for path in files:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines(keepends=True)
        buffer = Buffer()
        first = engine.check_source("".join(lines), path, settings, buffer=buffer)
        at = first.findings[0].span.line - 1
        for name, edit in _EDITS:
            text = "".join(edit(lines, at))
            before = buffer.reused
            got = engine.check_source(text, path, settings, buffer=buffer)
            want = engine.check_source(text, path, settings)
            assert [_full(f) for f in got.all_findings()] == [_full(f) for f in want.all_findings()], \
                f"{path}: after the edit '{name}'"
            if name == "code added at the end":
                assert buffer.reused == before, f"{path}: a code edit was answered from the last analysis"
            elif name == "an unrelated function added before the first definition":
                passed_over += buffer.reused - before
            elif name not in ("a comment naming a socket", "a space after the finding line's first parenthesis"):
                tried += 1
                reused += buffer.reused - before
    # (a comment at the end of a line inside a string, or of a line a statement continues past,
    # changes the tree: analysed afresh)
    assert reused >= 0.9 * tried, f"only {reused} of {tried} edits that move code were answered from the last analysis"
    # (where the sparse read keeps every statement, the new function too, it is analysed afresh)
    assert passed_over >= 0.9 * len(files), \
        f"only {passed_over} of {len(files)} functions the sparse read passes over were answered from the last analysis"


def _fresh_and_buffered(path: Path, texts: list[str], buffer=None) -> list[tuple[list, list, bool]]:
    """Each text in turn through one Buffer (a new one unless given), and afresh: (buffered,
    fresh, answered from the last analysis)."""
    from nagle_lint.edits import Buffer

    settings = _with(BASE, fixes=False)
    buffer, out = buffer or Buffer(), []
    for text in texts:
        before = buffer.reused
        got = engine.check_source(text, str(path), settings, buffer=buffer)
        want = engine.check_source(text, str(path), settings)
        out.append(([_full(f) for f in got.findings], [_full(f) for f in want.findings], buffer.reused > before))
    return out


def test_an_edit_after_the_module_it_imports_appeared_is_analysed_afresh(tmp_path):
    # the editor has client.py open before wire.py is written: a comment typed afterwards must
    # not answer from the analysis that found no wire.py
    client = tmp_path / "client.py"
    text = ("import socket\n\nfrom wire import send_frame\n\n\nclass Client:\n"
            "    def __init__(self, port):\n        self.sock = socket.create_connection(('127.0.0.1', port))\n\n"
            "    def call(self, body):\n        send_frame(self.sock, body)\n        return self.sock.recv(64)\n")
    client.write_text(text)
    from nagle_lint.edits import Buffer

    buffer = Buffer()
    first = _fresh_and_buffered(client, [text], buffer)
    (tmp_path / "wire.py").write_text("def send_frame(sock, body):\n    sock.sendall(len(body).to_bytes(4, 'big'))\n"
                                      "    sock.sendall(body)\n")
    again = _fresh_and_buffered(client, ["# note\n" + text], buffer)
    assert first[0][0] == [] and again[0][1], "the module written meanwhile changes the findings"
    assert again[0][0] == again[0][1]


def test_a_comment_that_changes_which_modules_are_linked_is_analysed_afresh(tmp_path):
    # a class built in another module (dial.py) is linked unless this file's text builds it too,
    # comments included: a comment `FramedLink(sock)` changes what the analysis reads
    package = tmp_path / "rw_built_elsewhere"
    shutil.copytree(CORPUS / "rw_built_elsewhere", package)
    path = package / "framedlinks.py"
    text = path.read_text()
    commented = text.replace("class FramedLink:\n", "# FramedLink(sock) and LocalLink(sock) come from dial.py\n"
                                                   "class FramedLink:\n", 1)
    assert commented != text
    for got, want, _ in _fresh_and_buffered(path, [text, commented, text]):
        assert got == want
