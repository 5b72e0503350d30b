"""The command line: exit status, formats, configuration errors, subcommands."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

# A kept connection (one exchange made), then a split request: NAG201 at 2:5 and NAG101 at 6:1.
SPLIT = ("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n"
         "s.sendall(b'A')\ns.sendall(b'B')\ns.recv(1)\n")


def run(*args, cwd):
    proc = subprocess.run([sys.executable, "-m", "nagle_lint", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)
    assert "Traceback" not in proc.stderr
    return proc


@pytest.fixture
def project(tmp_path):
    (tmp_path / "bad.py").write_text(SPLIT)
    (tmp_path / "good.py").write_text("import socket\ns = socket.create_connection(('h', 1))\ns.close()\n")
    return tmp_path


def test_exit_status_and_summary(project):
    proc = run("bad.py", "--no-cache", cwd=project)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("bad.py:2:5: NAG201 ") and lines[1].startswith("bad.py:6:1: NAG101 ")
    assert "2 findings in 1 file" in proc.stderr
    assert run("good.py", "--no-cache", cwd=project).returncode == 0
    assert run("bad.py", "--exit-zero", "--no-cache", cwd=project).returncode == 0
    quiet = run("bad.py", "-q", "--no-cache", cwd=project)
    assert quiet.stderr == "" and quiet.returncode == 1


def test_json_is_a_list_with_required_fields(project):
    proc = run(".", "--output-format", "json", "--no-cache", cwd=project)
    data = json.loads(proc.stdout)
    assert isinstance(data, list) and len(data) == 2
    assert [(d["code"], d["line"], d["column"]) for d in data] == [("NAG201", 2, 5), ("NAG101", 6, 1)]
    for item in data:
        assert {"code", "path", "line", "column", "end_line", "end_column", "message", "severity"} <= set(item)
    assert proc.stderr == ""  # machine formats print no summary


def test_usage_and_config_errors_exit_2(project):
    assert run("--select", "XYZ", ".", cwd=project).returncode == 2
    (project / "pyproject.toml").write_text("[tool.nagle-lint]\nselectt = ['NAG1']\n")
    proc = run(".", cwd=project)
    assert proc.returncode == 2 and "selectt" in proc.stderr
    (project / "pyproject.toml").write_text("[tool.nagle-lint]\nignore = ['NAG101']\n")
    proc = run(".", "--no-cache", cwd=project)
    assert proc.returncode == 1 and "NAG201" in proc.stdout and "NAG101" not in proc.stdout
    (project / "pyproject.toml").write_text("[tool.nagle-lint]\nignore = ['NAG101', 'NAG201']\n")
    assert run(".", "--no-cache", cwd=project).returncode == 0


def test_rules_explain_and_settings(project):
    rules = run("rules", cwd=project)
    assert rules.returncode == 0 and "NAG303" in rules.stdout and "opt-in" in rules.stdout
    explain = run("explain", "NAG102", cwd=project)
    assert explain.returncode == 0 and "## Why is this bad?" in explain.stdout
    assert run("explain", "NAG999", cwd=project).returncode == 2
    settings = run("--show-settings", cwd=project)
    assert settings.returncode == 0 and "rules: NAG101" in settings.stdout


def test_cache_gives_the_same_answer(project):
    first = run(".", "--cache-dir", str(project / "c"), cwd=project)
    second = run(".", "--cache-dir", str(project / "c"), cwd=project)
    assert first.stdout == second.stdout and first.returncode == second.returncode == 1
    assert list((project / "c").glob("results-*.pickle"))


def test_diff_writes_nothing_and_fix_fixes(project):
    before = (project / "bad.py").read_text()
    diff = run("bad.py", "--diff", cwd=project)
    assert diff.returncode == 1 and "+s.sendall(b" in diff.stdout
    assert (project / "bad.py").read_text() == before
    fixed = run("bad.py", "--fix", cwd=project)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert (project / "bad.py").read_text() != before
    assert run("bad.py", "--no-cache", cwd=project).returncode == 0


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("where, target", [
    ("root", "."), ("sub", "."), ("sub", "ABS"), ("elsewhere", "ABS"),
])
def test_diff_applies_with_git_apply_from_any_folder(tmp_path, where, target):
    repo = tmp_path / "repo"
    (repo / "sub").mkdir(parents=True)
    (repo / "sub" / "c.py").write_text(SPLIT)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    cwd = {"root": repo, "sub": repo / "sub", "elsewhere": tmp_path}[where]
    path = str(repo / "sub" / "c.py") if target == "ABS" else target
    proc = run("--diff", "--no-cache", path, cwd=cwd)
    assert proc.stdout.startswith("--- a/sub/c.py\n+++ b/sub/c.py\n"), proc.stdout[:80]
    check = subprocess.run(["git", "apply", "--check", "-"], input=proc.stdout, text=True,
                           cwd=repo if where == "elsewhere" else cwd, capture_output=True)
    assert check.returncode == 0, check.stderr
    if shutil.which("patch") is None:
        return  # git apply checked above; patch(1) is not installed here
    patch = subprocess.run(["patch", "-p1", "--dry-run"], input=proc.stdout, text=True, cwd=repo,
                           capture_output=True)
    assert patch.returncode == 0, patch.stdout + patch.stderr


def test_fixes_are_built_only_for_outputs_that_print_them(project, monkeypatch, capsys):
    """concise and github print no fix, so no libcst tree is built for them; json, full, sarif
    and --diff still carry every fix."""
    from nagle_lint import cli
    from nagle_lint.fixes import tree

    built = []
    real = tree.FixView.__init__

    def counting(self, source):
        built.append(1)
        real(self, source)

    monkeypatch.setattr(tree.FixView, "__init__", counting)
    monkeypatch.chdir(project)
    for fmt in ("concise", "github"):
        assert cli.main(["bad.py", "--no-cache", "--jobs", "1", "--output-format", fmt]) == 1
    assert built == []
    capsys.readouterr()
    assert cli.main(["bad.py", "--no-cache", "--jobs", "1", "--output-format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert built and all(item["fixes"] for item in data)
