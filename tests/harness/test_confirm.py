"""confirm: run real scripts under the probe, as is and with TCP_NODELAY forced."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nagle_lint.harness import confirm as cf
from nagle_lint.harness import cli

from .helpers import PY, data, finding, line_of


def _only(rep, path_part):
    return [f for f in rep.findings if path_part in f["finding"]]


def test_seed000_client_confirmed_before_and_after():
    f = finding("seed000_client.py", "SEND-BODY", "SEND-HEADER")
    rep = cf.confirm([PY, data("seed000_client.py"), "10"], findings=[f], timeout=30)
    assert rep.exit_code() == 1
    [v] = rep.findings
    assert v["verdict"] == "confirmed", v
    assert v["before"]["median_ms"] >= 30
    assert v["after"]["median_ms"] < 5
    assert v["stalls"] >= 5 and v["stall_sites"][0]["sizes"] == [16, 32]
    assert rep.misses == []
    assert rep.arms["nodelay"].holds == []
    text = cf.format_text(rep)
    assert f"seed000_client.py:{line_of('seed000_client.py', 'SEND-BODY')}: NAG101 confirmed" in text


def test_http_server_keepalive_handler_confirmed():
    f = finding("http_keepalive.py", "BODY", "HEADERS", code="NAG102", side="server", pieces=(0, 100))
    rep = cf.confirm([PY, data("http_keepalive.py"), "8"], findings=[f], timeout=30)
    [v] = rep.findings
    assert v["verdict"] == "confirmed", v
    assert v["before"]["median_ms"] >= 30 and v["after"]["median_ms"] < 5
    site = v["stall_sites"][0]["site"]
    assert site.endswith(f"http_keepalive.py:{line_of('http_keepalive.py', 'BODY')}")


def test_asyncio_client_not_reproduced():
    f = finding("asyncio_client.py", "WRITE-BODY", "WRITE-HEADER")
    rep = cf.confirm([PY, data("asyncio_client.py"), "8"], findings=[f], timeout=30)
    [v] = rep.findings
    assert v["verdict"] == "not reproduced", v
    assert rep.misses == [] and rep.exit_code() == 0


def test_handler_closing_after_each_response_not_reproduced():
    f = finding("close_handler.py", "RESP-BODY", "RESP-HEADER", code="NAG102", side="server")
    rep = cf.confirm([PY, data("close_handler.py"), "8"], findings=[f], timeout=30)
    [v] = rep.findings
    assert v["verdict"] == "not reproduced", v
    assert rep.exit_code() == 0


def test_unrun_finding_not_exercised_and_stall_without_finding_is_a_miss():
    f = finding("asyncio_client.py", "WRITE-BODY", "WRITE-HEADER")  # not run by this command
    rep = cf.confirm([PY, data("seed000_client.py"), "6"], findings=[f], timeout=30,
                     counterfactual=False)
    assert rep.findings[0]["verdict"] == "not exercised"
    assert len(rep.misses) == 1 and rep.misses[0]["sizes"] == [16, 32]
    assert rep.exit_code() == 1


def test_cli_json_and_exit_codes(tmp_path, capsys):
    report = tmp_path / "r.html"
    rc = cli.main(["confirm", "--output-format", "json", "--report", str(report), "--",
                   PY, data("seed000_client.py"), "6"])
    assert rc == 1
    out = json.loads(capsys.readouterr().out)
    assert out["stall_confirmed"] is True and out["arms"]["as-is"]["stalls"] >= 3
    assert out["result"] == "stall confirmed" and out["exit_status"] == 1 and out["reason"] == ""
    assert out["arms"]["nodelay"]["stalls"] == 0
    assert "<svg" in report.read_text()
    assert cli.main(["confirm", "--", PY, data("seed000_client.py"), "--fixed", "6"]) == 0
    assert cli.main(["confirm"]) == 2
    assert cli.main(["confirm", "--paths", "/nonexistent/x.py", "--", PY, "-c", "pass"]) == 2
    assert cli.main(["confirm", "--timeout", "-1", "--", PY]) == 2


def test_module_entry_point_runs():
    proc = subprocess.run([sys.executable, "-m", "nagle_lint.harness.cli", "confirm", "--no-counterfactual",
                           "--", PY, data("asyncio_client.py"), "3"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "result: no stall, exit 0" in proc.stdout


def test_missing_command_is_inconclusive(tmp_path):
    rep = cf.confirm(["/nonexistent/binary-nagle"], findings=[], timeout=5, tmp_root=str(tmp_path))
    assert "could not run" in rep.arms["as-is"].status()
    assert rep.result == "inconclusive" and rep.exit_code() == 2
    assert rep.reason().startswith("could not start")
    assert "nodelay" not in rep.arms  # nothing to compare: the second run is skipped
    assert list(tmp_path.iterdir()) == []


def test_engine_paths_when_available():
    try:
        import nagle_lint.engine  # noqa: F401
    except ImportError:
        pytest.skip("nagle_lint.engine not available yet")
    rep = cf.confirm([PY, data("seed000_client.py"), "6"], paths=[data("seed000_client.py")], timeout=30)
    confirmed = [f for f in rep.findings if f["verdict"] == "confirmed"]
    assert confirmed or rep.misses  # either the analyser found it or the miss is listed
    assert rep.exit_code() == 1
