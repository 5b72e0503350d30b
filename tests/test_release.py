"""Release tags: `v<version>` for every release, a CHANGELOG entry for each, and the pre-commit
snippet in the docs pinning the current tag, tested with a real pre-commit run against a local
clone (only the package index is needed: pre-commit pip-installs the hook's environment)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nagle_lint import __version__

PROJECT = Path(__file__).resolve().parent.parent
PUBLIC_REPO = "https://github.com/nagle-lint/nagle-lint"
BAD = 'import socket\ns = socket.create_connection(("h", 1))\ns.sendall(b"A")\ns.sendall(b"B")\ns.recv(1)\n'


def _git(*args, cwd=PROJECT) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def _tags() -> list[str]:
    if shutil.which("git") is None or _git("rev-parse", "--git-dir").returncode != 0:
        pytest.skip("not a git checkout")
    return [t for t in _git("tag", "--list", "v*").stdout.split() if t]


def _changelog_versions() -> list[str]:
    text = (PROJECT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## (\d+\.\d+\.\d+) \(\d{4}-\d{2}-\d{2}\)$", text, re.M)


def test_version_is_one_number():
    text = (PROJECT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(rf'^version = "{re.escape(__version__)}"$', text, re.M)


def _release_tags() -> list[str]:
    tags = _tags()
    if not tags:  # a clone made from the branch alone (CI's may be) carries no tags to check
        pytest.skip("this checkout carries no release tags")
    return tags


def test_every_tag_has_a_changelog_entry_and_the_current_version_is_tagged():
    tags = _release_tags()
    released = _changelog_versions()
    assert f"v{__version__}" in tags, f"tag the release: git tag v{__version__}"
    for tag in tags:
        assert tag[1:] in released, f"CHANGELOG.md has no '## {tag[1:]} (date)' entry for tag {tag}"
    for version in released:
        assert f"v{version}" in tags, f"CHANGELOG.md lists {version}, but there is no tag v{version}"


def _snippets() -> list[tuple[Path, str]]:
    """Every pre-commit config in README.md and docs/ that pins this repository."""
    found = []
    for path in [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]:
        for block in re.findall(r"```yaml\n(.*?)```", path.read_text(encoding="utf-8"), re.S):
            if f"repo: {PUBLIC_REPO}" in block:
                found.append((path, block))
    return found


def test_docs_pin_the_current_tag():
    snippets = _snippets()
    assert snippets, "no pre-commit snippet in the docs"
    for path, block in snippets:
        assert re.search(rf"rev: v{re.escape(__version__)}\b", block), f"{path.name}: pin rev: v{__version__}"


@pytest.mark.slow
def test_docs_snippet_runs_under_pre_commit(tmp_path):
    pytest.importorskip("pre_commit")
    if f"v{__version__}" not in _release_tags():
        pytest.fail(f"no tag v{__version__} to pin")
    path, block = next((p, b) for p, b in _snippets() if p.name == "integrations.md")
    clone = tmp_path / "nagle-lint"
    assert _git("clone", "-q", str(PROJECT), str(clone), cwd=tmp_path).returncode == 0
    repo = tmp_path / "project"
    repo.mkdir()
    _git("init", "-q", cwd=repo)
    (repo / "client.py").write_text(BAD)
    config = block if block.lstrip().startswith("repos:") else "repos:\n" + block
    (repo / ".pre-commit-config.yaml").write_text(config.replace(PUBLIC_REPO, str(clone)))
    _git("add", "-A", cwd=repo)
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update(PRE_COMMIT_HOME=str(home), HOME=str(home), GIT_CONFIG_NOSYSTEM="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    run = subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"], cwd=repo,
                         env=env, capture_output=True, text=True, timeout=600)
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "client.py:4:1: NAG101" in output, output
