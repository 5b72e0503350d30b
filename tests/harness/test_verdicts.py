"""Verdicts a CI can gate on: each stall kind measured and named, and honest exit statuses for
programs that are clean, one-shot, crash, hang or cannot start."""
from __future__ import annotations

import json

import pytest

from nagle_lint.harness import cli
from nagle_lint.harness import confirm as cf

from .helpers import PY, data, finding, line_of


def _confirm(name, *args, **kw):
    kw.setdefault("timeout", 30)
    return cf.confirm([PY, data(name), *args], **kw)


def _kinds(rep) -> set:
    out = {k for f in rep.findings for k in f.get("stall_kinds", [])}
    return out | {m["kind"] for m in rep.misses}


@pytest.mark.parametrize("name, arg, kind, rule, option", [
    ("seed000_client.py", "6", "nagle", "NAG101", None),
    ("cork_held.py", "3", "cork", "NAG303", "CORK-SET"),
    ("small_sndbuf.py", "6", "send-buffer-full", "NAG302", "SNDBUF-SET"),
    ("quickack_once.py", "16", "quickack-once", "NAG301", "QUICKACK-ONCE"),  # (Linux ACKs the first turns at once)
])
def test_each_stall_kind_is_measured_named_and_attributed(name, arg, kind, rule, option):
    rep = _confirm(name, arg, findings=[], counterfactual=False)
    assert rep.result == "stall confirmed" and rep.exit_code() == 1, cf.format_text(rep)
    [m] = [m for m in rep.misses if m["kind"] == kind]
    assert m["rule"] == rule and m["code"] == "NAG501" and m["hold_median_ms"] >= 30
    if option:
        assert m["option_site"].endswith(f"{name}:{line_of(name, option)}")
    assert _kinds(rep) == {kind}


def test_nodelay_does_not_clear_cork_or_a_full_send_buffer():
    for name, n in (("cork_held.py", "3"), ("small_sndbuf.py", "6")):  # the first 3 uploads are quick
        rep = _confirm(name, n, findings=[])
        assert rep.arms["nodelay"].holds and rep.exit_code() == 1


def test_static_finding_on_the_option_line_is_confirmed_with_its_kind():
    f = finding("cork_held.py", "CORK-SET", "CORK-SET", code="NAG303", pieces=())
    rep = _confirm("cork_held.py", "3", findings=[f], counterfactual=False)
    [v] = rep.findings
    assert v["verdict"] == "confirmed" and v["stall_kinds"] == ["cork"] and rep.misses == []
    assert v["before"]["n"] >= 2 and max(v["waits_before_ms"]) >= 150  # the kernel's ~200 ms cork timer


@pytest.mark.parametrize("command, result, status, reason", [
    (["one_shot.py", "6"], "no stall", 0, ""),
    (["clean.py", "6"], "no stall", 0, ""),
    (["crash_early.py"], "inconclusive", 2, "exited 1, expected 0 (the same without the probe)"),
    (["sleeper.py"], "inconclusive", 2, "timed out after"),
    (None, "inconclusive", 2, "could not start"),
])
def test_exit_status_is_honest(command, result, status, reason):
    cmd = ["/nonexistent/nagle-lint-no-such-command"] if command is None else [PY, data(command[0]), *command[1:]]
    rep = cf.confirm(cmd, timeout=3 if command == ["sleeper.py"] else 30)
    assert (rep.result, rep.exit_code()) == (result, status), cf.format_text(rep)
    assert rep.reason().startswith(reason) if reason else rep.reason() == ""
    assert f"result: {result}" in cf.format_text(rep)


def test_no_tcp_traffic_is_inconclusive_and_expect_status_is_honoured():
    rep = cf.confirm([PY, "-c", "raise SystemExit(3)"], timeout=20, expect_status=3)
    assert rep.result == "inconclusive" and rep.reason().startswith("no TCP traffic")
    rep = cf.confirm([PY, "-c", "raise SystemExit(3)"], timeout=20, counterfactual=False)
    assert rep.reason().startswith("exited 3, expected 0")


def test_one_shot_split_is_not_reproduced_and_says_why():
    f = finding("one_shot.py", "OS-BODY", "OS-HEADER")
    rep = _confirm("one_shot.py", "5", findings=[f])
    [v] = rep.findings
    assert v["verdict"] == "not reproduced" and "first on its connection" in v["why"]
    assert rep.exit_code() == 0


def test_compares_with_the_commands_own_files_by_default():
    rep = _confirm("seed000_client.py", "6", counterfactual=False)
    assert rep.compared and any(p.endswith("seed000_client.py") for p in rep.paths)
    codes = {f["code"]: f["verdict"] for f in rep.findings}
    assert codes.get("NAG101") == "confirmed" and rep.misses == []


def test_connection_findings_are_judged_by_the_connections_made_at_their_line():
    accept = line_of("seed000_client.py", "ACCEPT")
    f202 = finding("seed000_client.py", "ACCEPT", "ACCEPT", code="NAG202", side="server", pieces=())
    f201 = finding("close_handler.py", "CONNECT", "CONNECT", code="NAG201", pieces=())
    rep = _confirm("seed000_client.py", "6", findings=[f202], counterfactual=False)
    [v] = rep.findings
    assert v["verdict"] == "not reproduced" and v["connections"] == 1 and v["requests"] >= 4, v
    assert f"seed000_client.py:{accept}" in v["finding"]
    rep = _confirm("close_handler.py", "4", findings=[f201], counterfactual=False)
    [v] = rep.findings
    assert v["connections"] == 4 and v["verdict"] == "not reproduced"
    f201s = finding("seed000_client.py", "CONNECT", "CONNECT", code="NAG201", pieces=())
    rep = _confirm("seed000_client.py", "6", findings=[f201s], counterfactual=False)
    [v] = rep.findings
    assert v["verdict"] == "confirmed" and v["connections"] == 1 and v["splits"] >= 5 and v["stalls"] >= 3


def test_json_and_sarif_carry_the_verdict_and_runtime_findings(capsys, tmp_path):
    rc = cli.main(["confirm", "--no-compare", "--no-counterfactual", "--output-format", "json", "--",
                   PY, data("cork_held.py"), "2"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 1 and out["exit_status"] == 1 and out["result"] == "stall confirmed"
    assert [m["code"] for m in out["runtime_findings"]] == ["NAG501"]
    rc = cli.main(["confirm", "--no-compare", "--no-counterfactual", "--output-format", "sarif", "--",
                   PY, data("cork_held.py"), "2"])
    sarif = json.loads(capsys.readouterr().out)
    run = sarif["runs"][0]
    assert rc == 1 and [r["ruleId"] for r in run["results"]] == ["NAG501"]
    assert "NAG501" in {r["id"] for r in run["tool"]["driver"]["rules"]}
    assert run["invocations"][0]["exitCode"] == 1
    rc = cli.main(["confirm", "--output-format", "json", "--", "/nonexistent/nagle-lint-cmd"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 2 and out["result"] == "inconclusive" and out["reason"].startswith("could not start")


def test_show_output_passes_the_commands_output_through(capfd):
    rc = cli.main(["confirm", "--show-output", "--no-counterfactual", "--", PY, "-c",
                   "import sys; print('to-stdout'); print('to-stderr', file=sys.stderr)"])
    out, err = capfd.readouterr()
    assert "to-stdout" in out and "to-stderr" in err and rc == 2  # no TCP traffic
    rc = cli.main(["confirm", "--no-counterfactual", "--", PY, "-c", "print('hidden' + '-output')"])
    out, err = capfd.readouterr()
    assert "hidden-output" not in out + err


def test_progress_line_counts_requests_and_stalls(tmp_path):
    import io

    stream = io.StringIO()
    rep = cf.confirm([PY, data("seed000_client.py"), "30"], findings=[], counterfactual=False,
                     progress=cf.Progress(stream), timeout=30)
    text = stream.getvalue()
    assert rep.exit_code() == 1
    assert "request(s)" in text and "stall(s) so far" in text
    assert text.endswith("\r")  # the line is cleared at the end of each run


def test_probe_reports_its_own_overhead():
    rep = _confirm("seed000_client.py", "6", findings=[], counterfactual=False)
    o = rep.arms["as-is"].overhead()
    assert o["calls"] >= 12 and o["cost_ms"] > 0 and 0 < o["share"] < 1
    assert "probe" in cf.format_text(rep) and "us per socket call" in cf.format_text(rep)
