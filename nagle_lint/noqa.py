"""`# noqa` suppressions: per line (bare or with codes) and per file (`# nagle-lint: noqa`)."""
from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass

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


# -- noqa comments themselves: unknown codes (a warning) and unused codes (NAG002) --------------
_OUR_CODE = re.compile(r"NAG\d+\Z")
# what a line holding a directive with one of our codes contains (other tools' codes, `# noqa: E501`,
# are in most files of an installed environment: tokenizing those for nothing was half of its run)
_MAYBE_OURS = re.compile(r"noqa:[^\n]*nag\d", re.IGNORECASE)


@dataclass(frozen=True)
class Directive:
    """One `# noqa: ...` comment with codes: where it is and which codes it names."""

    line: int  # 1-based
    start: int  # column (0-based, code points) of the `#`
    end: int  # column just past the directive
    codes: tuple[str, ...]


def directives(source: str) -> list[Directive]:
    """Line `# noqa: CODES` directives in real comments (not in strings), in source order, of a
    file where one of them names a nagle-lint code (none otherwise: what is asked of them is
    about our codes only, and tokenizing a file costs more than analysing it)."""
    if _MAYBE_OURS.search(source) is None:
        return []
    lines = split_lines(source)
    comments: list[tuple[int, int]] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT and "noqa" in token.string.lower():
                comments.append(token.start)
    except (tokenize.TokenError, SyntaxError, ValueError):  # a broken file: read the lines instead
        comments = [(number, 0) for number, text in enumerate(lines, 1) if "noqa" in text.lower()]
    found = []
    for number, col in comments:
        text = lines[number - 1] if number - 1 < len(lines) else ""
        match = _LINE.search(text, col)
        if match is None or not match.group("codes"):
            continue
        codes = tuple(c.upper() for c in _CODE.findall(match.group("codes")))
        found.append(Directive(number, match.start(), match.end(), codes))
    return found


def unknown_code_warnings(source: str, known: frozenset[str]) -> tuple[str, ...]:
    """`N: ...` (N the line) for each NAG code in a noqa comment that names no rule (other tools' codes
    are theirs to judge)."""
    out = []
    for directive in directives(source):
        for code in directive.codes:
            if _OUR_CODE.match(code) and code not in known:
                out.append(f"{directive.line}: unknown rule code {code} in `# noqa`")
    return tuple(out)


def judge(result, source: str, apply_noqa: bool, enabled: frozenset[str]):
    """A FileResult computed without noqa, with noqa applied, NAG002 added when enabled (it needs
    the findings before suppression) and warnings for unknown codes."""
    from dataclasses import replace

    from nagle_lint.rules import RULES_BY_CODE
    from nagle_lint.rules.nag002_unused_noqa import unused_noqa

    known = frozenset(RULES_BY_CODE) | {"NAG001"}
    warnings = unknown_code_warnings(source, known)
    if not apply_noqa:
        return replace(result, warnings=warnings)
    findings = list(result.findings)
    if "NAG002" in enabled and result.error is None:
        findings.extend(unused_noqa(source, result.path, findings, enabled, known))
    findings = sorted(filter_findings(findings, source), key=lambda f: f.sort_key())
    return replace(result, findings=tuple(findings), skipped=result.skipped if not findings else None,
                   warnings=warnings)
