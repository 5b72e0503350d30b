"""`nagle-lint --fix` over a copy of corpus/: every positive with a safe fix is fixed, every
negative is left byte for byte, every fixed file parses, and a second run changes nothing."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from nagle_lint.cli import main
from nagle_lint.engine import check_paths
from nagle_lint.fixes.tree import parse
from nagle_lint.model import Applicability
from nagle_lint.settings import Settings
from tests.corpus_score import CORPUS, expected

SETTINGS = Settings(select=("ALL",))


def _safe_fixable(directory: Path) -> dict[str, Counter]:
    """file name -> how many of its findings of each code offer a safe fix."""
    found: dict[str, Counter] = {}
    for result in check_paths([str(directory)], SETTINGS, jobs=1):
        for finding in result.findings:
            if any(f.applicability is Applicability.SAFE for f in finding.fixes):
                found.setdefault(Path(finding.path).name, Counter())[finding.code] += 1
    return found


def _counts(directory: Path) -> Counter:
    """(file name, code) -> how many findings."""
    return Counter((Path(f.path).name, f.code) for r in check_paths([str(directory)], SETTINGS, jobs=1)
                   for f in r.findings)


def _snapshot(directory: Path) -> dict[str, bytes]:
    """By file name, packages' modules included (their names are unique; __init__ files hold no cases)."""
    return {p.name: p.read_bytes() for p in sorted(directory.rglob("*.py")) if p.name != "__init__.py"}


@pytest.fixture(scope="module")
def fixed_copy(tmp_path_factory):
    copy = tmp_path_factory.mktemp("corpus") / "corpus"
    shutil.copytree(CORPUS, copy)
    before = _snapshot(copy)
    fixable = _safe_fixable(copy)
    counts = _counts(copy)
    main(["--fix", "--select", "ALL", "--no-cache", "--jobs", "1", "--quiet", "--exit-zero", str(copy)])
    return copy, before, fixable, counts


def test_negatives_are_byte_identical(fixed_copy):
    copy, before, _, _ = fixed_copy
    after = _snapshot(copy)
    negatives = [name for name in before if name.startswith("neg_")]
    assert negatives
    assert [n for n in negatives if after[n] != before[n]] == []


def test_every_positive_with_a_safe_fix_is_fixed(fixed_copy):
    copy, before, fixable, counts = fixed_copy
    labelled = {(name, code) for name, _, code in expected()}
    positives = {name for name, _ in labelled}
    with_fix = {name for name in positives if fixable.get(name, Counter()).keys() & {c for n, c in labelled if n == name}}
    assert len(with_fix) >= 25  # most positives have a safe fix
    after = _snapshot(copy)
    assert [n for n in sorted(with_fix) if after[n] == before[n]] == []
    remaining = _safe_fixable(copy)
    assert remaining == {}, remaining  # nothing left that --fix would change
    for name in with_fix:
        parse(after[name].decode("utf-8"))
    # each finding that had a safe fix is gone (a file may also hold findings of the same code
    # that have none: an asyncore dispatcher's send() pieces next to a handler's wfile pieces)
    still = _counts(copy)
    unfixed = sorted((n, c) for n, c in labelled
                     if n in with_fix and c in fixable[n] and still[(n, c)] > counts[(n, c)] - fixable[n][c])
    assert unfixed == []


def test_second_run_changes_nothing(fixed_copy):
    copy, _, _, _ = fixed_copy
    first = _snapshot(copy)
    main(["--fix", "--unsafe-fixes", "--select", "ALL", "--no-cache", "--jobs", "1", "--quiet", "--exit-zero",
          str(copy)])
    once_more = _snapshot(copy)
    main(["--fix", "--unsafe-fixes", "--select", "ALL", "--no-cache", "--jobs", "1", "--quiet", "--exit-zero",
          str(copy)])
    assert _snapshot(copy) == once_more
    changed = [n for n in first if first[n] != once_more[n]]
    positives = {name for name, _, _ in expected()}  # (a package's module with a finding among them)
    assert changed and [n for n in changed if n not in positives] == []
