"""The declarative shape every rule module fills in: RULE, EXAMPLES and check()."""
from __future__ import annotations

from dataclasses import dataclass, field
from nagle_lint.model import Confidence, Severity

DOC_HEADINGS = ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Fix safety")


@dataclass(frozen=True)
class Valid:
    """Source the rule must not report."""

    code: str


@dataclass(frozen=True)
class Invalid:
    """Source the rule must report at `at` ("line:col", 1-based); `fixed` is the safe-fix result."""

    code: str
    at: str
    fixed: str | None = None
    strategy: str | None = None  # which fix strategy produces `fixed` (default: the first safe one)


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    summary: str  # one line, for `nagle-lint rules` and SARIF shortDescription
    doc: str  # the rule module's docstring (markdown)
    severity: Severity = Severity.WARNING
    confidence: Confidence = Confidence.HIGH
    fix: str = "never"  # never | sometimes | always
    default_enabled: bool = True
    examples: tuple = field(default=(), repr=False)

    @property
    def help_uri(self) -> str:
        return f"https://github.com/nagle-lint/nagle-lint/blob/main/docs/rules.md#{self.code.lower()}-{self.name}"
