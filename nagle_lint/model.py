"""Plain data shared by every layer: findings, fixes, file results.

No libcst objects live here, so results can cross process boundaries (pickle) and be written as
JSON by any report format.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Confidence(str, Enum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Applicability(str, Enum):
    SAFE = "safe"  # keeps behaviour and comments: applied by --fix
    UNSAFE = "unsafe"  # valid code, behaviour may change: needs --unsafe-fixes
    DISPLAY_ONLY = "display-only"  # a suggestion, never applied


@dataclass(frozen=True)
class Span:
    """1-based line and column (in code points); the end is exclusive."""

    line: int
    col: int
    end_line: int
    end_col: int


@dataclass(frozen=True)
class Related:
    """Another place that explains a finding: the first piece, the read, the creation."""

    label: str
    span: Span


@dataclass(frozen=True)
class Edit:
    """Replace source[start:end] (offsets in code points of the decoded text) with text."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Fix:
    """One way to fix a finding. strategy is one of: join, sendmsg, nodelay, loop."""

    title: str
    strategy: str
    applicability: Applicability
    edits: tuple[Edit, ...]


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    message: str
    path: str
    span: Span
    severity: Severity
    confidence: Confidence
    related: tuple[Related, ...] = ()
    fixes: tuple[Fix, ...] = ()
    # For the harness replay: estimated byte size of each written piece (0 = unknown) and the
    # side of the connection that writes them ("client" or "server"); empty for non-split rules.
    pieces: tuple[int, ...] = ()
    side: str = ""

    def sort_key(self) -> tuple:
        return (self.path, self.span.line, self.span.col, self.code)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        data["confidence"] = self.confidence.value
        for fix in data["fixes"]:
            fix["applicability"] = fix["applicability"].value
        return data


# Reserved code for a file that could not be analysed; every output format carries it.
ERROR_CODE = "NAG001"
ERROR_NAME = "cannot-analyse"


@dataclass(frozen=True)
class FileError:
    """Why a file could not be analysed, in one line (no traceback)."""

    kind: str  # read, decode, syntax, too-complex, crash
    message: str
    line: int = 1
    col: int = 1

    def as_finding(self, path: str) -> Finding:
        return Finding(
            code=ERROR_CODE,
            name=ERROR_NAME,
            message=f"{self.kind} error: {self.message}",
            path=path,
            span=Span(self.line, self.col, self.line, self.col),
            severity=Severity.ERROR,
            confidence=Confidence.HIGH,
        )


@dataclass(frozen=True)
class FileResult:
    """The outcome for one file: findings, or the error that stopped its analysis."""

    path: str
    findings: tuple[Finding, ...] = ()
    error: FileError | None = None
    skipped: str | None = None  # why the file was not analysed (triage, excluded): not an error
    warnings: tuple[str, ...] = ()  # one line each, e.g. an unknown code in a noqa comment
    source_hash: str = field(default="", compare=False)
    reads: tuple[str, ...] = field(default=(), compare=False)  # other project files the analysis used

    def all_findings(self) -> tuple[Finding, ...]:
        """Findings plus the file error as a NAG001 finding, for report formats."""
        if self.error is None:
            return self.findings
        return (self.error.as_finding(self.path),) + self.findings
