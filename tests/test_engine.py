"""Engine behaviour: triage, sparse parsing, noqa, selection, discovery."""
from __future__ import annotations

import os

import pytest

from nagle_lint.engine import check_paths, check_source, discover
from nagle_lint.settings import Settings

# A kept connection (one exchange already made), then a split request: NAG201 at the connection
# (line 2) and NAG101 at the second piece (line 6).
SPLIT = ("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n"
         "s.sendall(b'A')\ns.sendall(b'B'){}\ns.recv(1)\n")


def codes(source, settings=Settings()):
    result = check_source(source, "t.py", settings)
    assert result.error is None, result.error
    return [(f.code, f.span.line) for f in result.findings]


def test_file_without_stream_source_is_not_parsed():
    result = check_source("def f(:\n  send(x)\n", "t.py")
    assert result.skipped == "no socket code" and result.error is None


def test_syntax_error_in_socket_code_is_one_line():
    result = check_source("import socket\nsocket.socket(\n", "t.py")
    assert result.error is not None and result.error.kind == "syntax"
    assert "\n" not in result.error.message


@pytest.mark.parametrize("comment, expected", [
    ("", [("NAG201", 2), ("NAG101", 6)]),
    ("  # noqa", [("NAG201", 2)]),  # a line noqa silences only its own line
    ("  # noqa: NAG101", [("NAG201", 2)]),
    ("  # noqa: NAG201", [("NAG201", 2), ("NAG101", 6)]),
])
def test_line_noqa(comment, expected):
    assert codes(SPLIT.format(comment)) == expected


def test_file_noqa_and_ignore_noqa():
    assert codes("# nagle-lint: noqa: NAG101\n" + SPLIT.format("")) == [("NAG201", 3)]
    assert codes("# nagle-lint: noqa: NAG101, NAG201\n" + SPLIT.format("")) == []
    assert codes(SPLIT.format("  # noqa"), Settings(apply_noqa=False)) == [("NAG201", 2), ("NAG101", 6)]


def test_select_and_ignore_prefixes():
    assert codes(SPLIT.format(""), Settings(ignore=("NAG1",))) == [("NAG201", 2)]
    assert codes(SPLIT.format(""), Settings(ignore=("NAG2",))) == [("NAG101", 6)]
    assert codes(SPLIT.format(""), Settings(select=("NAG2",))) == [("NAG201", 2)]  # rules are independent
    nodelay = SPLIT.format("").replace("s.sendall(b'HI')\n", "s.setsockopt(6, 1, 1)\ns.sendall(b'HI')\n")
    assert codes(nodelay) == []
    assert codes(nodelay, Settings(extend_select=("NAG401",))) == [("NAG401", 7)]
    assert codes(nodelay, Settings(select=("NAG",))) == []  # opt-in needs NAG4 or more specific


def test_user_stream_factory_from_settings():
    source = "import mylib\nc = mylib.connect()\nc.sendall(b'HI')\nc.recv(2)\nc.sendall(b'A')\nc.sendall(b'B')\nc.recv(1)\n"
    assert codes(source) == []
    assert codes(source, Settings(streams=(("mylib.connect", "tcp"),))) == [("NAG201", 2), ("NAG101", 6)]
    assert codes(source, Settings(streams=(("mylib.connect", "tcp-nodelay"),))) == []


ALIASED = '''from socket import create_connection as connect


def unrelated():
    return 1


def client():
    s = connect(("h", 1))
    s.sendall(b"HI")
    s.recv(2)
    s.sendall(b"A")
    s.sendall(b"B")
    return s.recv(1)
'''


def test_sparse_parsing_keeps_aliased_sources():
    assert codes(ALIASED) == codes(ALIASED, Settings(sparse=False)) == [("NAG201", 9), ("NAG101", 13)]


def test_discovery_prunes_excludes_and_symlink_loops(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = 1\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "b.py").write_text("x = 1\n")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "c.py").write_text("x = 1\n")
    os.symlink(tmp_path / "pkg", tmp_path / "pkg" / "loop")
    files, errors = discover([str(tmp_path)], Settings(extend_exclude=("vendor",)))
    assert [os.path.relpath(f, tmp_path) for f in files] == ["pkg/a.py"]
    assert errors == []
    files, errors = discover([str(tmp_path / "missing.py")])
    assert files == [] and errors[0].error.kind == "read"


def test_check_paths_is_sorted_and_parallel_equals_serial(tmp_path):
    for i in range(12):
        (tmp_path / f"m{i:02}.py").write_text(SPLIT.format(""))
    serial = check_paths([str(tmp_path)], Settings(), jobs=1)
    parallel = check_paths([str(tmp_path)], Settings(), jobs=2)
    assert [r.path for r in serial] == sorted(r.path for r in serial)
    assert [(r.path, r.findings) for r in serial] == [(r.path, r.findings) for r in parallel]
    assert all([f.code for f in r.findings] == ["NAG201", "NAG101"] for r in serial)


def test_exclude_patterns_by_name_and_by_path(tmp_path):
    for rel in ("app/gen/x.py", "app/core/y.py", "app/core/y_pb2.py", "lib/gen/z.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    files, _ = discover([str(tmp_path)], Settings(extend_exclude=("app/gen", "*_pb2.py")))
    assert sorted(os.path.relpath(f, tmp_path) for f in files) == ["app/core/y.py", "lib/gen/z.py"]
    named = str(tmp_path / "app/gen/x.py")
    assert discover([named], Settings(extend_exclude=("app/gen",)))[0] == [named]  # named files are checked
    assert discover([named], Settings(extend_exclude=("app/gen",)), force_exclude=True)[0] == []
