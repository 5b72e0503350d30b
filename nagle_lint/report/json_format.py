"""`json`: a top-level list with every finding as plain data (like ruff's). Schema:
docs/integrations.md.

    [
      {"code": "NAG101", "name": "split-request", "message": "...", "path": "app/client.py",
       "line": 4, "column": 1, "end_line": 4, "end_column": 19,
       "severity": "warning", "confidence": "high",
       "related": [{"label": "first write", "line": 3, "column": 1, "end_line": 3, "end_column": 19}],
       "fixes": [{"title": "...", "strategy": "join", "applicability": "safe",
                  "edits": [{"start": 51, "end": 89, "text": "...",
                             "start_line": 3, "start_column": 1, "end_line": 4, "end_column": 19}]}],
       "pieces": [4, 4], "side": "client"}]

Lines and columns are 1-based and count code points; end positions are exclusive. Edit offsets are
code points into the decoded file text; the edit's line/column fields are null when the file could
not be read again.
"""
from __future__ import annotations

import json
from typing import Iterable, TextIO

from nagle_lint.model import FileResult, Finding, Span
from nagle_lint.report.common import SourceIndexes, iter_findings
from nagle_lint.report.source import LineIndex


def _span(span: Span) -> dict:
    return {"line": span.line, "column": span.col, "end_line": span.end_line, "end_column": span.end_col}


def finding_to_json(path: str, finding: Finding, index: LineIndex | None) -> dict:
    fixes = []
    for fix in finding.fixes:
        edits = []
        for edit in fix.edits:
            item = {"start": edit.start, "end": edit.end, "text": edit.text,
                    "start_line": None, "start_column": None, "end_line": None, "end_column": None}
            if index is not None:
                item["start_line"], item["start_column"] = index.position(edit.start)
                item["end_line"], item["end_column"] = index.position(edit.end)
            edits.append(item)
        fixes.append({"title": fix.title, "strategy": fix.strategy,
                      "applicability": fix.applicability.value, "edits": edits})
    return {
        "code": finding.code,
        "name": finding.name,
        "message": finding.message,
        "path": path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace"),
        **_span(finding.span),
        "severity": finding.severity.value,
        "confidence": finding.confidence.value,
        "related": [{"label": r.label, **_span(r.span)} for r in finding.related],
        "fixes": fixes,
        "pieces": list(finding.pieces),
        "side": finding.side,
    }


def build_json(results: Iterable[FileResult], *, root=None, version: str | None = None) -> list:
    indexes = SourceIndexes()
    return [finding_to_json(shown, finding, indexes.for_finding(finding))
            for shown, finding in iter_findings(results, root)]


def write_json(results: Iterable[FileResult], out: TextIO, *, root=None, version=None, **_) -> None:
    json.dump(build_json(results, root=root, version=version), out, indent=2, ensure_ascii=False)
    out.write("\n")
