"""`github`: one GitHub Actions workflow command per finding, shown as an annotation on the diff.

    ::warning file=app/client.py,line=4,endLine=4,col=1,endColumn=19,title=NAG101::message

`col`/`endColumn` are given only for one-line spans. Data escapes `%`, CR and LF; property values
also escape `:` and `,`.
"""
from __future__ import annotations

from typing import Iterable, TextIO

from nagle_lint.model import FileResult, Severity
from nagle_lint.report.common import iter_findings

_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def format_command(path: str, finding) -> str:
    span = finding.span
    props = [("file", path), ("line", str(span.line)), ("endLine", str(max(span.end_line, span.line)))]
    if span.end_line == span.line:
        props += [("col", str(span.col)), ("endColumn", str(max(span.end_col, span.col)))]
    props.append(("title", f"{finding.code} ({finding.name})"))
    command = _COMMANDS.get(finding.severity, "warning")
    rendered = ",".join(f"{key}={escape_property(value)}" for key, value in props)
    return f"::{command} {rendered}::{escape_data(finding.code + ' ' + finding.message)}"


def write_github(results: Iterable[FileResult], out: TextIO, *, root=None, **_) -> None:
    for path, finding in iter_findings(results, root):
        out.write(format_command(path, finding) + "\n")
