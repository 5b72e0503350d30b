"""Every rule's examples are tests; the registry matches the rule modules on disk."""
from __future__ import annotations

import pkgutil
import re

import pytest

import nagle_lint.rules as rules_pkg
from nagle_lint.engine import check_source
from nagle_lint.fixes.tree import parse
from nagle_lint.fixer import fix_text
from nagle_lint.rules import ALL_RULES, RULE_MODULES
from nagle_lint.rules.base import DOC_HEADINGS, Invalid, Valid
from nagle_lint.settings import Settings


def every_example():
    for rule in ALL_RULES:
        for number, example in enumerate(rule.examples):
            yield pytest.param(rule, example, id=f"{rule.code}-{type(example).__name__}-{number}")


def findings_of(rule, source):
    result = check_source(source, "example.py", Settings(select=(rule.code,)))
    assert result.error is None, result.error
    return [f for f in result.findings if f.code == rule.code]


@pytest.mark.parametrize("rule, example", list(every_example()))
def test_example(rule, example):
    found = findings_of(rule, example.code)
    if isinstance(example, Valid):
        assert found == [], [f.message for f in found]
        return
    line, col = (int(x) for x in example.at.split(":"))
    assert [(f.span.line, f.span.col) for f in found] == [(line, col)]
    assert found[0].message  # a one-line message
    assert "\n" not in found[0].message
    if example.fixed is not None:  # the safe fix (of the example's strategy) gives exactly `fixed`
        settings = Settings(select=(rule.code,))
        outcome = fix_text(example.code, "example.py", settings, example.strategy)
        assert outcome.text == example.fixed
        if example.strategy:
            assert {fix.strategy for _, fix in outcome.applied} == {example.strategy}
        parse(outcome.text)
        assert not fix_text(outcome.text, "example.py", settings, example.strategy).changed


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.code)
def test_rule_has_examples_and_docs(rule):
    valid = [e for e in rule.examples if isinstance(e, Valid)]
    invalid = [e for e in rule.examples if isinstance(e, Invalid)]
    assert len(valid) >= 2 and len(invalid) >= 2
    for heading in DOC_HEADINGS:
        assert heading in rule.doc, f"{rule.code} docstring lacks {heading!r}"
    assert re.fullmatch(r"NAG\d{3}", rule.code)
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", rule.name)


def test_registry_matches_modules_on_disk():
    on_disk = {m.name for m in pkgutil.iter_modules(rules_pkg.__path__) if re.match(r"nag\d{3}_", m.name)}
    registered = {m.__name__.rsplit(".", 1)[1] for m in RULE_MODULES}
    assert on_disk == registered
    codes = [r.code for r in ALL_RULES]
    assert len(codes) == len(set(codes))
    for module in RULE_MODULES:
        assert module.__name__.rsplit(".", 1)[1].startswith(module.RULE.code.lower() + "_")


def test_rules_reference_is_generated_and_current():
    from pathlib import Path

    from nagle_lint.docs import rules_markdown

    on_disk = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    assert on_disk == rules_markdown(), "run: python -m nagle_lint.docs > docs/rules.md"
