"""The real-world accuracy set (bench/realworld) is well formed: every case names a release, a
.py file, lines, a known rule code or `silent`, a judgement that fits, and its evidence.

Downloading and scoring the releases is a benchmark (it needs the package index), not a test.
"""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from nagle_lint.rules import RULES_BY_CODE

BENCH = Path(__file__).resolve().parents[1] / "bench" / "realworld"
sys.path.insert(0, str(BENCH))
import manifest  # noqa: E402
import run  # noqa: E402


def test_manifest_loads_without_errors():
    loaded = manifest.load()
    assert loaded.errors == []
    assert loaded.cases, "bench/realworld/cases holds no case"


def test_every_code_in_the_manifest_is_a_rule_of_the_tool():
    assert manifest.RULE_CODES == set(RULES_BY_CODE)


def test_every_release_has_a_case_and_every_package_a_positive_or_a_negative():
    loaded = manifest.load()
    with_cases = {(c.package, c.version) for c in loaded.cases}
    assert {(r.package, r.version) for r in loaded.releases} <= with_cases


BAD_CASES = {
    "unknown code": ('code = "NAG999"', "neither a rule code"),
    "absolute file": ('file = "/etc/x.py"', "relative path"),
    "no lines": ("lines = []", "non-empty list"),
    "silent with a positive judgement": ('code = "silent"', "judgement"),
    "unknown release": ('version = "9.9"', "not a [[release]]"),
    "no link": ('link = "see the PR"', "https"),
}


@pytest.mark.parametrize("name", sorted(BAD_CASES))
def test_a_malformed_case_is_reported(tmp_path, name):
    replacement, expected = BAD_CASES[name]
    key = replacement.split(" = ")[0]
    good = {
        "version": '"1.0"', "file": '"pkg/net.py"', "lines": "[3]", "code": '"NAG201"',
        "judgement": '"real-risk"', "confidence": '"high"', "side": '"client"',
        "style": '"sync"', "where": '"library"',
        "evidence": '"Connects once and sends one command per call, Nagle on."',
        "link": '"https://example.org/pkg/commit/1"',
    }
    body = "\n".join(f"{k} = {v}" for k, v in good.items() if k != key)
    (tmp_path / "pkg.toml").write_text(textwrap.dedent(f"""\
        package = "pkg"
        [[release]]
        version = "1.0"
        role = "before-fix"
        [[case]]
        {replacement}
        """) + body + "\n")
    loaded = manifest.load(tmp_path)
    assert len(loaded.errors) == 1 and expected in loaded.errors[0]
    assert loaded.cases == []


def _case(file, lines, code, judgement="real-risk"):
    return manifest.Case("p", "1", file, tuple(lines), code, judgement, "high", "client",
                         "sync", "library", "evidence text long enough", "https://x", "t")


def test_scoring_counts_true_silent_wrong_code_duplicate_and_unlabelled():
    cases = [_case("a.py", [10, 11], "NAG101"), _case("a.py", [20], "silent", "correct"),
             _case("a.py", [30], "NAG201")]
    findings = [
        {"path": "a.py", "line": 11, "code": "NAG101", "message": ""},  # true
        {"path": "a.py", "line": 10, "code": "NAG101", "message": ""},  # same case again
        {"path": "a.py", "line": 20, "code": "NAG201", "message": ""},  # silent line
        {"path": "a.py", "line": 30, "code": "NAG101", "message": ""},  # wrong code
        {"path": "b.py", "line": 1, "code": "NAG201", "message": ""},   # unlabelled
    ]
    result = run.score(cases, {("p", "1"): findings})
    t = result.overall
    assert (t.findings, t.true, t.duplicate, t.on_silent, t.wrong_code, t.unlabelled) == (5, 1, 1, 1, 1, 1)
    assert (t.labels, t.found) == (2, 1)
    assert result.per_rule["NAG201"].recall() == 0.0
    assert result.per_rule["NAG101"].precision() == pytest.approx(1 / 3)
