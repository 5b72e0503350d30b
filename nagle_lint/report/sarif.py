"""`sarif`: one SARIF 2.1.0 run for GitHub code scanning and other SARIF viewers.

- `tool.driver` lists every rule (id, name, short and full description, help in text and markdown
  from the rule docstring, helpUri, default level) plus the reserved NAG001 for files that could
  not be analysed.
- Each result has ruleId/ruleIndex, level, message, one physical location relative to
  `%SRCROOT%` (the report root), a 1-based region, related locations and fixes.
- `partialFingerprints["nagleLint/v1"]` hashes the rule, the path and the text of the flagged
  lines (not their numbers), so an alert keeps its identity when code above it moves.
- A file that could not be analysed makes `executionSuccessful` false and gets a
  `toolExecutionNotifications` entry (and its NAG001 result, as in every format).
- Regions are never empty: a point (a NAG001 position) covers one character.
- Columns count code points (`columnKind: unicodeCodePoints`), like every other format.
- Fix edits are code-point offsets in the model; the file is read again to turn them into regions.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
from pathlib import Path
from typing import Iterable, Sequence, TextIO
from urllib.parse import quote

from nagle_lint.model import ERROR_CODE, ERROR_NAME, FileResult, Finding, Severity, Span
from nagle_lint.report.common import SourceIndexes, iter_findings
from nagle_lint.report.source import LineIndex

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/nagle-lint/nagle-lint"
SRCROOT = "%SRCROOT%"

_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_PRECISION = {"high": "high", "medium": "medium", "low": "low"}


def level_of(severity) -> str:
    try:
        return _LEVELS[Severity(severity)]
    except ValueError:
        return "warning"


def _section(doc: str, heading: str) -> str:
    match = re.search(rf"^## {re.escape(heading)}\s*\n(.*?)(?=^## |\Z)", doc, re.S | re.M)
    return match.group(1).strip() if match else ""


def rule_descriptor(rule) -> dict:
    doc = inspect.cleandoc(rule.doc or "")
    what = _section(doc, "What it does") or rule.summary
    level = level_of(rule.severity)
    descriptor = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": " ".join(what.split())},
        "help": {"text": doc or rule.summary, "markdown": doc or rule.summary},
        "helpUri": rule.help_uri,
        "defaultConfiguration": {"level": level, "enabled": bool(rule.default_enabled)},
        "properties": {
            "tags": ["nagle", "performance", "networking"],
            "precision": _PRECISION.get(getattr(rule.confidence, "value", str(rule.confidence)), "medium"),
            "problem.severity": {"error": "error", "warning": "warning", "note": "recommendation"}[level],
            "fix": rule.fix,
        },
    }
    return descriptor


def error_descriptor() -> dict:
    text = "The file could not be analysed (read, decode or syntax error, or an analyser crash)."
    return {
        "id": ERROR_CODE,
        "name": ERROR_NAME,
        "shortDescription": {"text": "File could not be analysed"},
        "fullDescription": {"text": text},
        "help": {"text": text, "markdown": text},
        "helpUri": f"{INFORMATION_URI}/blob/main/docs/rules.md#{ERROR_CODE.lower()}-{ERROR_NAME}",
        "defaultConfiguration": {"level": "error"},
        "properties": {"tags": ["nagle"], "precision": "high", "problem.severity": "error"},
    }


def _uri(shown: str) -> tuple[str, str | None]:
    """(uri, uriBaseId): relative paths hang off %SRCROOT%, absolute ones are file URIs."""
    if os.path.isabs(shown) or re.match(r"^[A-Za-z]:/", shown):
        return Path(shown).as_uri(), None
    return quote(os.fsencode(shown), safe="/"), SRCROOT  # bytes: a non-UTF-8 name is percent-encoded


def _region(span: Span) -> dict:
    start_col = max(span.col, 1)
    end_line = max(span.end_line, span.line)
    end_col = max(span.end_col, 1)
    if end_line == span.line:
        end_col = max(end_col, start_col + 1)  # an empty region points at nothing in a viewer
    return {"startLine": max(span.line, 1), "startColumn": start_col, "endLine": end_line, "endColumn": end_col}


FINGERPRINT_KEY = "nagleLint/v1"
_DIGITS = re.compile(r"\d+")


def _fingerprint_base(shown: str, finding: Finding, lines: list[str] | None) -> str:
    """What identifies a finding apart from where it sits: rule, path, the flagged source text
    (whitespace-normalised) or, without the source, the message with its numbers blanked."""
    text = ""
    if lines is not None:
        text = "\n".join(" ".join(line.split()) for line in lines[finding.span.line - 1:finding.span.end_line])
    if not text:
        text = _DIGITS.sub("#", finding.message)
    return f"{finding.code}\0{shown}\0{text}"


def _artifact(shown: str) -> dict:
    uri, base = _uri(shown)
    return {"uri": uri, "uriBaseId": base} if base else {"uri": uri}


def _offset_region(index: LineIndex, start: int, end: int) -> dict:
    line, col = index.position(start)
    end_line, end_col = index.position(end)
    return {"startLine": line, "startColumn": col, "endLine": end_line, "endColumn": end_col}


def _fixes(shown: str, finding: Finding, index: LineIndex | None) -> list[dict]:
    if index is None:
        return []
    fixes, seen = [], set()
    for fix in finding.fixes:
        replacements = []
        for edit in sorted(fix.edits, key=lambda e: (e.start, e.end)):
            replacement = {"deletedRegion": _offset_region(index, edit.start, edit.end)}
            if edit.text:
                replacement["insertedContent"] = {"text": edit.text}
            replacements.append(replacement)
        if not replacements:
            continue
        key = json.dumps([fix.title, replacements], sort_keys=True)
        if key in seen:  # the schema wants unique fixes
            continue
        seen.add(key)
        fixes.append({
            "description": {"text": f"{fix.title} ({fix.applicability.value} fix)"},
            "artifactChanges": [{"artifactLocation": _artifact(shown), "replacements": replacements}],
            "properties": {"strategy": fix.strategy, "applicability": fix.applicability.value},
        })
    return fixes


def build_sarif(results: Iterable[FileResult], *, root=None, rules: Sequence | None = None,
                version: str | None = None) -> dict:
    results = list(results)
    if rules is None:
        from nagle_lint.rules import ALL_RULES as rules  # noqa: PLC0415 (lazy: report/ knows only model)
    if version is None:
        from nagle_lint import __version__ as version  # noqa: PLC0415
    descriptors = [rule_descriptor(rule) for rule in rules]
    if ERROR_CODE not in {d["id"] for d in descriptors}:
        descriptors.append(error_descriptor())
    rule_index = {d["id"]: i for i, d in enumerate(descriptors)}

    indexes = SourceIndexes()
    sarif_results = []
    seen_bases: dict[str, int] = {}
    source_lines: dict[str, list[str] | None] = {}
    for shown, finding in iter_findings(results, root):
        index = indexes.for_finding(finding)
        if finding.path not in source_lines:
            from nagle_lint.lines import split_lines
            from nagle_lint.report.source import read_source

            text = read_source(finding.path) if finding.code != ERROR_CODE else None
            source_lines[finding.path] = split_lines(text) if text is not None else None
        base = _fingerprint_base(shown, finding, source_lines[finding.path])
        occurrence = seen_bases[base] = seen_bases.get(base, 0) + 1  # equal lines stay distinct
        digest = hashlib.sha256(f"{base}\0{occurrence}".encode("utf-8", "surrogatepass")).hexdigest()
        result = {
            "ruleId": finding.code,
            "level": level_of(finding.severity),
            "message": {"text": finding.message},
            "locations": [{"physicalLocation": {"artifactLocation": _artifact(shown),
                                                "region": _region(finding.span)}}],
            "partialFingerprints": {FINGERPRINT_KEY: digest[:32]},
            "properties": {"confidence": finding.confidence.value, "name": finding.name},
        }
        if finding.code in rule_index:
            result["ruleIndex"] = rule_index[finding.code]
        if finding.related:
            result["relatedLocations"] = [
                {"id": i, "physicalLocation": {"artifactLocation": _artifact(shown),
                                               "region": _region(related.span)},
                 "message": {"text": related.label}}
                for i, related in enumerate(finding.related, start=1)
            ]
        fixes = _fixes(shown, finding, index)
        if fixes:
            result["fixes"] = fixes
        sarif_results.append(result)

    run = {
        "tool": {"driver": {
            "name": "nagle-lint",
            "version": version,
            "semanticVersion": version,
            "informationUri": INFORMATION_URI,
            "rules": descriptors,
        }},
        "invocations": [_invocation(results, root)],
        "columnKind": "unicodeCodePoints",
        "results": sarif_results,
    }
    if root is not None:
        run["originalUriBaseIds"] = {SRCROOT: {"uri": Path(os.path.abspath(root)).as_uri().rstrip("/") + "/"}}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _invocation(results, root) -> dict:
    """executionSuccessful is false when a file could not be analysed; one notification each."""
    from nagle_lint.report.common import display_path

    notifications = []
    for result in sorted(results, key=lambda r: r.path):
        if result.error is None:
            continue
        error = result.error
        line, col = max(error.line, 1), max(error.col, 1)
        notifications.append({
            "level": "error",
            "message": {"text": f"{error.kind} error: {error.message}"},
            "descriptor": {"id": ERROR_CODE},
            "locations": [{"physicalLocation": {
                "artifactLocation": _artifact(display_path(result.path, root)),
                "region": {"startLine": line, "startColumn": col, "endLine": line, "endColumn": col + 1}}}],
        })
    invocation: dict = {"executionSuccessful": not notifications}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return invocation


def write_sarif(results: Iterable[FileResult], out: TextIO, *, root=None, rules=None, version=None,
                **_) -> None:
    json.dump(build_sarif(results, root=root, rules=rules, version=version), out, indent=2,
              ensure_ascii=False)
    out.write("\n")
