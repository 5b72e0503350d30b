"""`# noqa` suppressions: per line (bare or with codes) and per file (`# nagle-lint: noqa`)."""
from __future__ import annotations

import re

from nagle_lint.lines import split_lines

_LINE = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_FILE = re.compile(r"^\s*#\s*nagle-lint:\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?\s*$",
                   re.IGNORECASE | re.MULTILINE)
_CODE = re.compile(r"[A-Z]+[0-9]+", re.IGNORECASE)


def _codes(text: str | None) -> frozenset[str] | None:
    """None means every code (a bare noqa)."""
    if not text:
        return None
    return frozenset(c.upper() for c in _CODE.findall(text))


def file_suppressions(source: str) -> frozenset[str] | None | bool:
    """False: nothing suppressed file-wide; None: the whole file; else the codes."""
    found: set[str] = set()
    for match in _FILE.finditer(source):
        codes = _codes(match.group("codes"))
        if codes is None:
            return None
        found |= codes
    return frozenset(found) if found else False


def line_suppressions(line: str) -> frozenset[str] | None | bool:
    match = _LINE.search(line)
    if match is None:
        return False
    return _codes(match.group("codes"))


def suppressed(code: str, rule: frozenset[str] | None | bool) -> bool:
    if rule is False:
        return False
    return rule is None or code in rule


def filter_findings(findings, source: str):
    whole = file_suppressions(source)
    lines = split_lines(source)
    kept = []
    for finding in findings:
        if suppressed(finding.code, whole):
            continue
        index = finding.span.line - 1
        if 0 <= index < len(lines) and suppressed(finding.code, line_suppressions(lines[index])):
            continue
        kept.append(finding)
    return kept
