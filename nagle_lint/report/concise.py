"""`concise`: one line per finding, `path:line:col: CODE message`, 1-based column, sorted."""
from __future__ import annotations

from typing import Iterable, TextIO

from nagle_lint.model import FileResult
from nagle_lint.report.common import iter_findings


def format_line(path: str, finding) -> str:
    message = " ".join(finding.message.splitlines())
    return f"{path}:{finding.span.line}:{finding.span.col}: {finding.code} {message}"


def write_concise(results: Iterable[FileResult], out: TextIO, *, root=None, **_) -> None:
    for path, finding in iter_findings(results, root):
        out.write(format_line(path, finding) + "\n")
