"""Discovery: .gitignore / .ignore respected by default (as ruff does), dangling links skipped with
a warning, and files with no stream source never an error, even when they do not decode."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from nagle_lint.discovery import IgnoreFile, discover
from nagle_lint.engine import check_file, check_paths
from nagle_lint.settings import Settings

PROJECT = Path(__file__).resolve().parent.parent
# a first exchange (HI) makes the connection warm: the split A/B that follows can stall
CLIENT = 'import socket\ns = socket.create_connection(("h", 1))\ns.sendall(b"HI")\ns.recv(2)\ns.sendall(b"A")\ns.sendall(b"B")\ns.recv(1)\n'


def names(files, root: Path) -> list[str]:
    return sorted(Path(f).relative_to(root).as_posix() for f in files)


def test_gitignore_and_ignore_files(tmp_path):
    (tmp_path / ".git").mkdir()
    for rel in ("app/client.py", "env/lib/site.py", "myenv/x.py", "gen/a_pb2.py", "gen/keep_pb2.py",
                "logs/tool.py", "docs/x.py", "deep/sub/build.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    (tmp_path / ".gitignore").write_text("# venvs\nenv/\nmyenv\n*_pb2.py\n!keep_pb2.py\n/logs\n")
    (tmp_path / "deep" / ".ignore").write_text("sub/build.py\n")
    (tmp_path / ".git" / "info").mkdir()
    (tmp_path / ".git" / "info" / "exclude").write_text("docs/\n")
    files, errors = discover([str(tmp_path)])
    assert not errors
    assert names(files, tmp_path) == ["app/client.py", "gen/keep_pb2.py"]
    everything, _ = discover([str(tmp_path)], Settings(respect_gitignore=False))
    assert len(everything) == 8
    # a subfolder walked on its own still sees the repository's .gitignore
    sub, _ = discover([str(tmp_path / "gen")])
    assert names(sub, tmp_path) == ["gen/keep_pb2.py"]
    # a file named explicitly is checked unless --force-exclude
    named = str(tmp_path / "env" / "lib" / "site.py")
    assert discover([named])[0] == [named]
    assert discover([named], force_exclude=True)[0] == []


def test_gitignore_patterns():
    rules = IgnoreFile("/r", "a/**/b.py\n**/tmp\n[abc]x.py\n\\#lit.py\nspace\\ \n")
    assert rules.verdict("/r/a/b.py", False) and rules.verdict("/r/a/x/y/b.py", False)
    assert rules.verdict("/r/q/tmp", True) and rules.verdict("/r/tmp", False)
    assert rules.verdict("/r/bx.py", False) and rules.verdict("/r/dx.py", False) is None
    assert rules.verdict("/r/#lit.py", False)
    assert rules.verdict("/r/zzz/a/b.py", False) is None  # anchored to the file's folder


def test_gitignore_counts_in_a_repository_only(tmp_path):
    # as in ruff: .gitignore needs a git repository, .ignore does not
    for name in ("a/x.py", "b/y.py"):
        (tmp_path / name).parent.mkdir()
        (tmp_path / name).write_text("x = 1\n")
    (tmp_path / ".gitignore").write_text("a/\n")
    (tmp_path / ".ignore").write_text("b/\n")
    assert names(discover([str(tmp_path)])[0], tmp_path) == ["a/x.py"]
    (tmp_path / ".git").mkdir()
    assert names(discover([str(tmp_path)])[0], tmp_path) == []


def test_no_respect_gitignore_flag(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "env").mkdir()
    (tmp_path / "env" / "client.py").write_text(CLIENT)
    (tmp_path / ".gitignore").write_text("env/\n")
    run = [sys.executable, "-m", "nagle_lint", "--no-cache", "."]
    assert subprocess.run(run, cwd=tmp_path, capture_output=True, timeout=60).returncode == 0
    loud = subprocess.run(run + ["--no-respect-gitignore"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert loud.returncode == 1 and "env/client.py:6:1: NAG101" in loud.stdout
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\nrespect-gitignore = false\n")
    assert subprocess.run(run, cwd=tmp_path, capture_output=True, timeout=60).returncode == 1


def test_dangling_links_are_skipped_with_a_warning(tmp_path):
    (tmp_path / "ok.py").write_text(CLIENT)
    os.symlink(tmp_path / "gone.py", tmp_path / "link.py")
    warnings: list[str] = []
    results = check_paths([str(tmp_path)], Settings(), jobs=1, warnings=warnings)
    assert [Path(r.path).name for r in results] == ["ok.py"]
    assert len(warnings) == 1 and "link.py" in warnings[0] and "dangling" in warnings[0]
    out = subprocess.run([sys.executable, "-m", "nagle_lint", "--no-cache", "link.py", "ok.py"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    assert "warning: skipping link.py: dangling symbolic link" in out.stderr
    assert "NAG001" not in out.stdout and "ok.py:6:1: NAG101" in out.stdout


def test_files_without_stream_source_are_never_errors(tmp_path):
    (tmp_path / "fixture.py").write_bytes(b"caf\xe9 = 1  # latin-1 bytes, no cookie\n")
    (tmp_path / "blob.py").write_bytes(b"\x00\x01\x02binary")
    (tmp_path / "noqa.py").write_bytes(b"x = 1  # noqa: E501 \xff\n")
    for name in ("fixture.py", "blob.py", "noqa.py"):
        result = check_file(str(tmp_path / name))
        assert result.error is None and result.skipped, (name, result)
    # the same bytes next to a socket are reported
    (tmp_path / "bad.py").write_bytes(b"import socket\ns = socket.socket()\ncaf\xe9 = 1\n")
    assert check_file(str(tmp_path / "bad.py")).error.kind == "decode"
