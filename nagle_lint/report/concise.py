"""`concise`: one line per finding, `path:line:col: CODE message`, 1-based column, sorted."""
from __future__ import annotations

from typing import Iterable, TextIO

from nagle_lint.model import FileResult
from nagle_lint.report.common import colored_head, iter_findings


def format_line(path: str, finding, color: bool = False) -> str:
    message = " ".join(finding.message.splitlines())
    return f"{colored_head(path, finding, color)} {message}"


def write_concise(results: Iterable[FileResult], out: TextIO, *, root=None, color: bool = False, **_) -> None:
    for path, finding in iter_findings(results, root):
        out.write(format_line(path, finding, color) + "\n")
