"""`# noqa` comment that suppresses nothing.

## What it does
Flags nagle-lint codes in a line `# noqa: ...` comment that silence nothing on that line: the
rule does not report there (unused), the rule is not enabled (non-enabled), or no rule has that
code (unknown). Codes of other tools (`E501`, `F401`) and bare `# noqa` are left alone. Opt-in:
enable it with `--extend-select NAG002` (or `NAG0`, or `ALL`).

## Why is this bad?
A stale suppression hides the next real stall written on that line, and tells readers a
problem exists where there is none. This is ruff's RUF100 for nagle-lint's codes (ruff cannot
judge them: it does not run nagle-lint).

## Example
```python
sock.sendall(b"".join(parts))  # noqa: NAG101
```

## Use instead
```python
sock.sendall(b"".join(parts))
```

## Fix safety
Safe: removes the unused codes from the comment, or the whole directive when no code is left
(only comment text changes). No fix when other text follows the codes in the same comment.

## Options
- Not run under flake8: noqa comments are flake8's there (use flake8-noqa's NQA102).
"""
from __future__ import annotations

from nagle_lint.lines import LineIndex
from nagle_lint.model import Applicability, Confidence, Edit, Finding, Fix, Severity, Span
from nagle_lint.rules.base import Invalid, Rule, Valid

EXAMPLES = (
    Valid("x = 1  # noqa: E501\n"),
    Valid("x = 1  # noqa\n"),
    Invalid("sock.close()  # noqa: NAG101\n", at="1:15", fixed="sock.close()\n"),
    Invalid("x = 1  # noqa: E501, NAG999\n", at="1:8", fixed="x = 1  # noqa: E501\n"),
)

RULE = Rule(
    code="NAG002", name="unused-noqa",
    summary="`# noqa` names a nagle-lint code that suppresses nothing on its line",
    doc=__doc__, severity=Severity.WARNING, fix="always", default_enabled=False, examples=EXAMPLES,
)


def check(ctx):
    """Nothing per file: the engine calls unused_noqa with every other rule's findings."""
    return iter(())


def unused_noqa(source: str, path: str, findings, enabled: frozenset[str], known: frozenset[str]) -> list[Finding]:
    """NAG002 findings for `source`, given the findings before noqa filtering."""
    from nagle_lint.noqa import _OUR_CODE, directives

    reported: dict[int, set[str]] = {}
    for finding in findings:
        reported.setdefault(finding.span.line, set()).add(finding.code)
    index = None
    out = []
    for directive in directives(source):
        groups: dict[str, list[str]] = {"unused": [], "non-enabled": [], "unknown": []}
        for code in directive.codes:
            if not _OUR_CODE.match(code) or code == RULE.code:
                continue
            if code not in known:
                groups["unknown"].append(code)
            elif code not in enabled:
                groups["non-enabled"].append(code)
            elif code not in reported.get(directive.line, ()):
                groups["unused"].append(code)
        stale = [c for kind in groups.values() for c in kind]
        if not stale:
            continue
        index = index or LineIndex(source)
        detail = "; ".join(f"{kind}: {', '.join(codes)}" for kind, codes in groups.items() if codes)
        span = Span(directive.line, directive.start + 1, directive.line, directive.end + 1)
        fix = _fix(index, directive, stale)
        out.append(Finding(RULE.code, RULE.name, f"unused `noqa` directive ({detail})", path, span,
                           RULE.severity, Confidence.HIGH, fixes=(fix,) if fix else ()))
    return out


def _fix(index: LineIndex, directive, stale: list[str]) -> Fix | None:
    line_start = index.starts[directive.line - 1]
    text = index.line_text(directive.line)
    if text[directive.end:].strip():
        return None  # more comment text follows: leave the wording to a person
    kept = [c for c in directive.codes if c not in stale]
    if kept:
        start = line_start + text.index(":", directive.start) + 1
        edit = Edit(start, line_start + directive.end, " " + ", ".join(kept))
        title = f"Remove unused {', '.join(stale)} from the noqa comment"
    else:
        cut = len(text[:directive.start].rstrip())
        edit = Edit(line_start + cut, line_start + len(text), "")
        title = "Remove the unused noqa directive"
    return Fix(title, "noqa", Applicability.SAFE, (edit,))
