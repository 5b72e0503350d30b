"""Output formats: concise, full, json, sarif (validated against the official 2.1.0 schema), github.

Most tests use hand-built results, so they pin the formats without depending on what the rules
find; the corpus test runs the real engine when it is there.
"""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from nagle_lint.model import (
    Applicability, Confidence, Edit, FileError, FileResult, Finding, Fix, Related, Severity, Span,
)
from nagle_lint.report import FORMATS, write_report
from nagle_lint.report.github import escape_data, escape_property
from nagle_lint.report.source import LineIndex, code_point_col_to_units, decode_source, read_source
from nagle_lint.rules.base import Rule

DATA = Path(__file__).parent / "data"
PROJECT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = DATA / "sarif-schema-2.1.0.json"

SOURCE = (
    'import socket\n'
    's = socket.create_connection(("127.0.0.1", 9))\n'
    's.sendall(b"HEAD")\n'
    's.sendall(b"BODY")\n'
    's.recv(1)\n'
)

FAKE_RULES = (
    Rule(code="NAG101", name="split-request", summary="Request written in pieces before a read",
         doc="Request written in pieces before a read.\n\n## What it does\nFlags split writes.\n\n"
             "## Why is this bad?\nNagle holds the second piece.\n"),
    Rule(code="NAG401", name="extra-segment", summary="Split writes on a NODELAY stream",
         doc="Split writes.\n\n## What it does\nOpt-in.\n", severity=Severity.INFO,
         confidence=Confidence.MEDIUM, default_enabled=False),
)


def _split_finding(path: str, source: str = SOURCE) -> Finding:
    start = source.index('s.sendall(b"HEAD")')
    end = source.index("s.recv")
    return Finding(
        code="NAG101", name="split-request",
        message="2 writes of one message before a read: first at 3:1, read at 5:1",
        path=path, span=Span(4, 1, 4, 19), severity=Severity.WARNING, confidence=Confidence.HIGH,
        related=(Related("first write", Span(3, 1, 3, 19)), Related("read", Span(5, 1, 5, 10))),
        fixes=(
            Fix("Join the writes into one sendall", "join", Applicability.SAFE,
                (Edit(start, end, 's.sendall(b"HEAD" + b"BODY")\n'),)),
            Fix("Send both pieces with one sendmsg", "sendmsg", Applicability.UNSAFE,
                (Edit(start, end, 's.sendmsg([b"HEAD", b"BODY"])\n'),)),
        ),
        pieces=(4, 4), side="client",
    )


@pytest.fixture
def tree(tmp_path):
    """A project with a bad client, a file that failed to parse and a file that is gone."""
    (tmp_path / "app").mkdir()
    client = tmp_path / "app" / "client.py"
    client.write_text(SOURCE)
    broken = tmp_path / "broken.py"
    broken.write_text("def f(:\n")
    gone = str(tmp_path / "gone.py")
    results = [
        FileResult(str(client), findings=(_split_finding(str(client)),)),
        FileResult(str(broken), error=FileError("syntax", "invalid syntax", 1, 7)),
        FileResult(gone, findings=(Finding("NAG201", "client-nodelay", "no TCP_NODELAY, 50%: a,b", gone,
                                           Span(2, 5, 3, 2), Severity.WARNING, Confidence.MEDIUM,
                                           fixes=(Fix("Set TCP_NODELAY", "nodelay", Applicability.SAFE,
                                                      (Edit(3, 3, "x"),)),)),)),
        FileResult(str(tmp_path / "clean.py")),
    ]
    return tmp_path, results


def render(fmt, results, root, **kwargs) -> str:
    out = io.StringIO()
    kwargs.setdefault("rules", FAKE_RULES)
    kwargs.setdefault("version", "9.9.9")
    write_report(fmt, results, out, root=root, **kwargs)
    return out.getvalue()


def test_formats_listed():
    assert FORMATS == ("concise", "full", "json", "sarif", "github")
    with pytest.raises(ValueError):
        write_report("xml", [], io.StringIO(), root=".")


def test_concise_lines_sorted_and_relative(tree):
    root, results = tree
    lines = render("concise", results, root).splitlines()
    assert lines == [
        "app/client.py:4:1: NAG101 2 writes of one message before a read: first at 3:1, read at 5:1",
        "broken.py:1:7: NAG001 syntax error: invalid syntax",
        "gone.py:2:5: NAG201 no TCP_NODELAY, 50%: a,b",
    ]
    # stable: the order of the input does not matter
    assert render("concise", list(reversed(results)), root).splitlines() == lines


def test_concise_empty(tree):
    root, _ = tree
    assert render("concise", [FileResult(str(root / "x.py"))], root) == ""


def test_path_outside_root_stays_absolute(tmp_path):
    outside = tmp_path / "elsewhere.py"
    root = tmp_path / "project"
    root.mkdir()
    finding = Finding("NAG101", "split-request", "m", str(outside), Span(1, 1, 1, 2), Severity.WARNING,
                      Confidence.HIGH)
    line = render("concise", [FileResult(str(outside), (finding,))], root)
    assert line.startswith(str(outside).replace(os.sep, "/") + ":1:1: NAG101")


def test_full_shows_source_related_and_fixes(tree):
    root, results = tree
    text = render("full", results, root)
    assert "app/client.py:4:1: NAG101 [split-request] 2 writes" in text
    assert '4 | s.sendall(b"BODY")' in text
    assert "  | ^^^^^^^^^^^^^^^^^^" in text
    assert 'first write: 3:1  s.sendall(b"HEAD")' in text
    assert "read: 5:1  s.recv(1)" in text
    assert "fix (safe, join): Join the writes into one sendall" in text
    assert "fix (unsafe, sendmsg): Send both pieces with one sendmsg" in text
    assert '-s.sendall(b"BODY")' in text and '+s.sendall(b"HEAD" + b"BODY")' in text
    # a file that is gone: header and notes, no crash
    assert "gone.py:2:5: NAG201 [client-nodelay]" in text
    assert "fix (safe, nodelay): Set TCP_NODELAY" in text
    assert "broken.py:1:7: NAG001 [cannot-analyse] syntax error" in text


def test_json_shape(tree):
    root, results = tree
    data = json.loads(render("json", results, root))
    assert isinstance(data, list)
    first = data[0]
    assert {k: first[k] for k in ("code", "name", "path", "line", "column", "end_line", "end_column",
                                  "severity", "confidence")} == {
        "code": "NAG101", "name": "split-request", "path": "app/client.py", "line": 4, "column": 1,
        "end_line": 4, "end_column": 19, "severity": "warning", "confidence": "high"}
    assert first["related"][0] == {"label": "first write", "line": 3, "column": 1, "end_line": 3,
                                   "end_column": 19}
    join = first["fixes"][0]
    assert join["strategy"] == "join" and join["applicability"] == "safe"
    edit = join["edits"][0]
    assert SOURCE[edit["start"]:edit["end"]].startswith('s.sendall(b"HEAD")')
    assert (edit["start_line"], edit["start_column"], edit["end_line"], edit["end_column"]) == (3, 1, 5, 1)
    assert first["pieces"] == [4, 4] and first["side"] == "client"
    codes = [f["code"] for f in data]
    assert codes == ["NAG101", "NAG001", "NAG201"]
    gone = data[2]
    assert gone["fixes"][0]["edits"][0]["start_line"] is None  # the file could not be read again


def test_json_empty():
    assert json.loads(render("json", [], ".")) == []


@pytest.fixture(scope="module")
def sarif_validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["id"].endswith("/sarif-schema-2.1.0.json")
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


def _validate(validator, log):
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])


def test_sarif_valid_and_complete(tree, sarif_validator):
    root, results = tree
    log = json.loads(render("sarif", results, root))
    _validate(sarif_validator, log)
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    driver = run["tool"]["driver"]
    assert driver["name"] == "nagle-lint" and driver["version"] == "9.9.9"
    ids = [r["id"] for r in driver["rules"]]
    assert ids == ["NAG101", "NAG401", "NAG001"]
    nag101 = driver["rules"][0]
    assert nag101["shortDescription"]["text"] == "Request written in pieces before a read"
    assert nag101["fullDescription"]["text"] == "Flags split writes."
    assert "## Why is this bad?" in nag101["help"]["markdown"]
    assert nag101["helpUri"] == FAKE_RULES[0].help_uri
    assert nag101["defaultConfiguration"]["level"] == "warning"
    assert driver["rules"][1]["defaultConfiguration"] == {"level": "note", "enabled": False}
    assert driver["rules"][2]["defaultConfiguration"]["level"] == "error"

    split, error, gone = run["results"]
    assert split["ruleId"] == "NAG101" and split["ruleIndex"] == 0 and split["level"] == "warning"
    location = split["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "app/client.py", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 4, "startColumn": 1, "endLine": 4, "endColumn": 19}
    assert [r["message"]["text"] for r in split["relatedLocations"]] == ["first write", "read"]
    assert split["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 3
    join, sendmsg = split["fixes"]
    assert join["description"]["text"] == "Join the writes into one sendall (safe fix)"
    assert sendmsg["description"]["text"].endswith("(unsafe fix)")
    (change,) = join["artifactChanges"]
    (replacement,) = change["replacements"]
    assert replacement["deletedRegion"] == {"startLine": 3, "startColumn": 1, "endLine": 5, "endColumn": 1}
    assert replacement["insertedContent"]["text"] == 's.sendall(b"HEAD" + b"BODY")\n'
    assert error["ruleId"] == "NAG001" and error["level"] == "error"
    assert error["locations"][0]["physicalLocation"]["region"]["startColumn"] == 7
    assert "fixes" not in gone  # offsets cannot be turned into regions without the file
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].startswith("file://")


def test_sarif_empty_run_is_valid(sarif_validator):
    log = json.loads(render("sarif", [], "."))
    _validate(sarif_validator, log)
    assert log["runs"][0]["results"] == []


def test_github_commands_and_escaping(tree):
    root, results = tree
    lines = render("github", results, root).splitlines()
    assert lines[0] == ("::warning file=app/client.py,line=4,endLine=4,col=1,endColumn=19,"
                        "title=NAG101 (split-request)::NAG101 2 writes of one message before a read: "
                        "first at 3:1, read at 5:1")
    assert lines[1].startswith("::error file=broken.py,line=1,endLine=1,col=7,endColumn=7,")
    # multi-line span: no col/endColumn; % in data escaped; , and : escaped only in properties
    assert lines[2] == ("::warning file=gone.py,line=2,endLine=3,title=NAG201 (client-nodelay)"
                        "::NAG201 no TCP_NODELAY, 50%25: a,b")
    assert escape_data("a%b\r\nc") == "a%25b%0D%0Ac"
    assert escape_property("x:y,z%\n") == "x%3Ay%2Cz%25%0A"


def test_github_escapes_paths(tmp_path):
    odd = tmp_path / "a,b:c.py"
    finding = Finding("NAG101", "split-request", "line one\nline two", str(odd), Span(1, 1, 1, 2),
                      Severity.WARNING, Confidence.HIGH)
    (line,) = render("github", [FileResult(str(odd), (finding,))], tmp_path).splitlines()
    assert line.startswith("::warning file=a%2Cb%3Ac.py,line=1,")
    assert line.endswith("::NAG101 line one%0Aline two")


# -- offsets, encodings and line endings --------------------------------------------------------

def test_line_index_positions():
    text = "a\r\nbé😀c\rd\ne\x0cf\n"
    index = LineIndex(text)
    assert index.line_count == 5
    assert index.position(0) == (1, 1)
    assert index.position(text.index("b")) == (2, 1)
    assert index.position(text.index("c")) == (2, 4)  # code points: the emoji counts once
    assert index.position(text.index("d")) == (3, 1)
    assert index.position(text.index("f")) == (4, 3)  # a form feed does not end a line
    assert index.line_text(2) == "bé😀c"
    assert index.offset(2, 4) == text.index("c")
    assert code_point_col_to_units("bé😀c", 4) == 4  # UTF-16: the emoji is two units
    assert code_point_col_to_units("bé😀c", 4, "utf-8") == 7
    assert code_point_col_to_units("bé😀c", 4, "utf-32") == 3


def test_read_source_decodes_like_python(tmp_path):
    bom = tmp_path / "bom.py"
    bom.write_bytes(b"\xef\xbb\xbfx = 1\r\n")
    assert read_source(str(bom)) == "x = 1\r\n"  # BOM dropped, CRLF kept
    latin = tmp_path / "latin.py"
    latin.write_bytes(b"# -*- coding: latin-1 -*-\ns = '\xe9'\n")
    assert read_source(str(latin)).endswith("s = 'é'\n")
    assert read_source(str(tmp_path / "missing.py")) is None
    assert decode_source(b"a\nb") == "a\nb"


def test_sarif_regions_from_offsets_with_crlf_and_astral(tmp_path, sarif_validator):
    source = 'x = "😀"\r\ns.sendall(a)\r\ns.sendall(b)\r\n'
    path = tmp_path / "crlf.py"
    path.write_bytes(source.encode("utf-8"))
    start = source.index("s.sendall(a)")
    end = source.index("s.sendall(b)") + len("s.sendall(b)")
    finding = Finding("NAG101", "split-request", "m", str(path), Span(3, 1, 3, 13), Severity.WARNING,
                      Confidence.HIGH, fixes=(Fix("join", "join", Applicability.SAFE,
                                                  (Edit(start, end, "s.sendall(a + b)"),)),))
    log = json.loads(render("sarif", [FileResult(str(path), (finding,))], tmp_path))
    _validate(sarif_validator, log)
    region = log["runs"][0]["results"][0]["fixes"][0]["artifactChanges"][0]["replacements"][0]["deletedRegion"]
    assert region == {"startLine": 2, "startColumn": 1, "endLine": 3, "endColumn": 13}


# -- with the real engine ----------------------------------------------------------------------

def _engine():
    try:
        from nagle_lint import engine
        from nagle_lint.settings import Settings
    except ImportError as error:
        pytest.skip(f"engine not available yet: {error}")
    return engine, Settings


def test_real_finding_every_format(tmp_path, sarif_validator):
    engine, Settings = _engine()
    path = tmp_path / "client.py"
    # a kept connection (one exchange made) and then a split request: the split (NAG101) and the
    # missing TCP_NODELAY on the connection (NAG201) are both reported
    path.write_text(SOURCE.replace('s.sendall(b"HEAD")\n', 's.sendall(b"HI")\ns.recv(2)\ns.sendall(b"HEAD")\n'))
    results = engine.check_paths([str(path)], Settings())
    findings = [f for r in results for f in r.all_findings()]
    assert [(f.code, f.span.line, f.span.col) for f in findings] == [("NAG201", 2, 5), ("NAG101", 6, 1)]
    assert findings[1].related and findings[1].related[0].label == "connection made here"
    for fmt in FORMATS:
        out = io.StringIO()
        write_report(fmt, results, out, root=tmp_path)
        assert "NAG101" in out.getvalue() and "NAG201" in out.getvalue()
    out = io.StringIO()
    write_report("sarif", results, out, root=tmp_path)
    log = json.loads(out.getvalue())
    _validate(sarif_validator, log)
    sarif_results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in sarif_results] == ["NAG201", "NAG101"]
    for result, finding in zip(sarif_results, findings):
        assert [r["message"]["text"] for r in result.get("relatedLocations", [])] == [r.label for r in finding.related]
        if finding.fixes:  # the fixes come with the autofix work; when they do, SARIF carries them
            assert [f["properties"]["strategy"] for f in result["fixes"]] == [f.strategy for f in finding.fixes]
    assert findings[1].fixes, "the split request has fixes"


def test_corpus_sarif_validates(sarif_validator):
    engine, Settings = _engine()
    corpus = PROJECT / "corpus"
    if not any(corpus.glob("**/*.py")):
        pytest.skip("corpus/ has no files yet")
    results = engine.check_paths([str(corpus)], Settings())
    out = io.StringIO()
    write_report("sarif", results, out, root=PROJECT)
    log = json.loads(out.getvalue())
    _validate(sarif_validator, log)
    assert log["runs"][0]["results"], "the corpus has positive cases: expected results"
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert all(uri.startswith("corpus/") for uri in uris)
