"""`full`: each finding with its source lines, related locations and the fixes with their safety.

    app/client.py:4:1: NAG101 [split-request] 2 writes of one message before a read; ...
       |
     4 | s.sendall(b"BODY")
       | ^^^^^^^^^^^^^^^^^^
       = first write: 3:1  s.sendall(b"HEAD")
       = read: 5:1  s.recv(1)
       = fix (safe, join): Join the writes into one sendall
         -s.sendall(b"HEAD")
         -s.sendall(b"BODY")
         +s.sendall(b"HEAD" + b"BODY")

The file is read again for the source lines; a file that is gone or unreadable gets the header
and the notes only.
"""
from __future__ import annotations

import difflib
from typing import Iterable, TextIO

from nagle_lint.model import FileResult, Finding, Fix
from nagle_lint.report.common import colored_head, group_by_file
from nagle_lint.report.source import LineIndex, read_source

MAX_SOURCE_LINES = 6  # longer spans show their first lines and an ellipsis


def apply_edits(text: str, edits) -> str:
    """text with non-overlapping edits applied (later edits first, so offsets stay valid)."""
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        text = text[: edit.start] + edit.text + text[edit.end :]
    return text


def fix_diff(text: str, fix: Fix) -> list[str]:
    """The changed lines of one fix as -/+ lines (no headers, no context)."""
    new = apply_edits(text, fix.edits)
    lines = []
    for line in difflib.unified_diff(text.splitlines(), new.splitlines(), lineterm="", n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        lines.append(line)
    return lines


def _source_block(index: LineIndex, finding: Finding) -> list[str]:
    span = finding.span
    last = min(span.end_line, index.line_count)
    if last < span.line:
        last = span.line
    numbers = list(range(span.line, last + 1))
    shown = numbers[:MAX_SOURCE_LINES]
    width = len(str(shown[-1]))
    gutter = " " * width
    block = [f"{gutter} |"]
    for number in shown:
        block.append(f"{number:>{width}} | {index.line_text(number).expandtabs(8)}".rstrip())
    if len(numbers) > len(shown):
        block.append(f"{gutter} | ...")
    if span.line == span.end_line:
        text = index.line_text(span.line)
        prefix = text[: max(span.col - 1, 0)].expandtabs(8)
        marked = text[max(span.col - 1, 0) : max(span.end_col - 1, span.col)].expandtabs(8)
        block.append(f"{gutter} | {' ' * len(prefix)}{'^' * max(len(marked), 1)}")
    return block


def format_finding(path: str, finding: Finding, index: LineIndex | None, color: bool = False) -> list[str]:
    message = " ".join(finding.message.splitlines())
    head = f"{colored_head(path, finding, color)} [{finding.name}] {message}"
    lines = [head]
    if index is not None and finding.span.line <= index.line_count:
        lines.extend("  " + line for line in _source_block(index, finding))
    for related in finding.related:
        where = f"{related.span.line}:{related.span.col}"
        snippet = index.line_text(related.span.line).strip() if index is not None else ""
        lines.append(f"  = {related.label}: {where}" + (f"  {snippet}" if snippet else ""))
    lines.append(f"  = severity {finding.severity.value}, confidence {finding.confidence.value}")
    for fix in finding.fixes:
        lines.append(f"  = fix ({fix.applicability.value}, {fix.strategy}): {fix.title}")
        if index is not None:
            try:
                diff = fix_diff(index.text, fix)
            except Exception:  # a bad edit must not stop the report
                diff = []
            lines.extend("      " + line for line in diff)
    return lines


def write_full(results: Iterable[FileResult], out: TextIO, *, root=None, color: bool = False, **_) -> None:
    first = True
    for shown, read_path, findings in group_by_file(results, root):
        text = read_source(read_path)
        index = LineIndex(text) if text is not None else None
        for finding in findings:
            if not first:
                out.write("\n")
            first = False
            out.write("\n".join(format_finding(shown, finding, index, color)) + "\n")
