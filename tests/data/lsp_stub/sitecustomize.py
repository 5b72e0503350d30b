"""Test stub for tests/test_lsp.py: replaces the engine's check_source in the language server
process with a fixed answer, so the LSP plumbing (positions in UTF-16, edits, titles) is tested
independently of what the rules find. Loaded only through PYTHONPATH in that test."""
import re

import nagle_lint.engine as _engine
from nagle_lint.model import (
    Applicability, Confidence, Edit, FileResult, Finding, Fix, Related, Severity, Span,
)

_CALL = re.compile(r'sendall\((b"BODY")\)')


def _position(text, offset):
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def check_source(source, path="<stdin>", settings=None, tree=None, cancelled=None, buffer=None):
    findings = []
    for match in _CALL.finditer(source):
        if source[match.start() - 2:match.start()] != "s.":
            continue
        start, end = match.start() - 2, match.end()
        line, col = _position(source, start)
        end_line, end_col = _position(source, end)
        arg_start, arg_end = match.span(1)
        findings.append(Finding(
            "NAG101", "split-request", "stub finding", path, Span(line, col, end_line, end_col),
            Severity.WARNING, Confidence.HIGH,
            related=(Related("first piece", Span(line, 1, line, 2)),),
            fixes=(
                Fix("Join the writes into one sendall", "join", Applicability.SAFE,
                    (Edit(arg_start, arg_end, 'b"HEAD" + b"BODY"'),)),
                Fix("Send both pieces with one sendmsg", "sendmsg", Applicability.UNSAFE,
                    (Edit(start, end, 's.sendmsg([b"HEAD", b"BODY"])'),)),
            )))
    return FileResult(path, findings=tuple(findings))


_engine.check_source = check_source
