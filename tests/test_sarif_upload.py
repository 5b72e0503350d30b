"""SARIF for code-scanning uploads: fingerprints that survive line moves, failed files reported
as tool notifications, and no empty regions. Real runs of the engine on a temporary tree."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nagle_lint.engine import check_paths
from nagle_lint.report.sarif import FINGERPRINT_KEY, build_sarif
from nagle_lint.settings import Settings

SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"
CLIENT = (
    'import socket\n'
    's = socket.create_connection(("127.0.0.1", 9))\n'
    's.sendall(b"HI")\n'  # a first exchange: the connection is warm, the split below can stall
    's.recv(2)\n'
    's.sendall(b"HEAD")\n'
    's.sendall(b"BODY")\n'
    's.recv(1)\n'
)


def _log(tmp_path: Path) -> dict:
    results = check_paths([str(tmp_path)], Settings(), jobs=1)
    return build_sarif(results, root=tmp_path)


def _validate(log: dict) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft4Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(log)]
    assert not errors, errors[:5]


def _fingerprints(log: dict) -> dict[tuple[str, str], str]:
    out = {}
    for result in log["runs"][0]["results"]:
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        out[(result["ruleId"], uri)] = result["partialFingerprints"][FINGERPRINT_KEY]
    return out


def test_fingerprints_survive_lines_moving(tmp_path):
    (tmp_path / "client.py").write_text(CLIENT)
    before = _log(tmp_path)
    _validate(before)
    (tmp_path / "client.py").write_text('"""A docstring pushes everything down."""\n\n\n' + CLIENT)
    after = _log(tmp_path)
    start = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in after["runs"][0]["results"]]
    assert start and all(line > 3 for line in start)  # the findings did move
    assert _fingerprints(before) == _fingerprints(after)
    # a different finding gets a different fingerprint
    (tmp_path / "client.py").write_text(CLIENT.replace('b"BODY"', 'b"OTHER"'))
    assert _fingerprints(_log(tmp_path)) != _fingerprints(before)


def test_two_identical_findings_get_distinct_fingerprints(tmp_path):
    (tmp_path / "a.py").write_text(CLIENT + "\n\n" + CLIENT.split("\n", 1)[1])
    prints = [r["partialFingerprints"][FINGERPRINT_KEY] for r in _log(tmp_path)["runs"][0]["results"]
              if r["ruleId"] == "NAG101"]
    assert len(prints) == 2 and len(set(prints)) == 2


def test_files_not_analysed_fail_the_execution(tmp_path):
    (tmp_path / "ok.py").write_text(CLIENT)
    clean = _log(tmp_path)
    assert clean["runs"][0]["invocations"] == [{"executionSuccessful": True}]
    (tmp_path / "broken.py").write_text("import socket\ns = socket.socket(\n")
    log = _log(tmp_path)
    _validate(log)
    (invocation,) = log["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and note["descriptor"]["id"] == "NAG001"
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "broken.py"
    assert "syntax error" in note["message"]["text"]


def test_regions_are_never_empty(tmp_path):
    (tmp_path / "broken.py").write_text("import socket\ns = socket.socket(\n")
    (tmp_path / "client.py").write_text(CLIENT)
    log = _log(tmp_path)
    regions = [r["locations"][0]["physicalLocation"]["region"] for r in log["runs"][0]["results"]]
    assert any(True for r in log["runs"][0]["results"] if r["ruleId"] == "NAG001")
    for region in regions:
        assert (region["endLine"], region["endColumn"]) > (region["startLine"], region["startColumn"]), region
