"""`--fix` fixes what it reported: one round of the reported findings' fixes; what the fixes bring
up is a follow-up, shown and left for the next run. The language server's fix-all applies the
very same round, so fix-on-save and `--fix` give the same file."""
from __future__ import annotations

import re

import pytest

from nagle_lint.fixer import fix_text
from nagle_lint.model import Applicability
from nagle_lint.settings import Settings
from tests.test_cli import run
from tests.test_lsp import _initialize, _shutdown, apply_text_edits, client  # noqa: F401 - fixture

CLIENT = "import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n"
# NAG201 on the connection and NAG103 on the loop. Fixing both (TCP_NODELAY, one joined write)
# leaves `s.sendall(head)` and the joined write as two segments on a NODELAY socket: NAG401,
# which nobody was shown before the fix.
LOOP = CLIENT + "s.sendall(head)\nfor p in parts:\n    s.sendall(p)\ns.recv(1)\n"


@pytest.fixture(autouse=True)
def strict_fixes(monkeypatch):
    monkeypatch.setenv("NAGLE_LINT_STRICT_FIXES", "1")


def test_one_round_applies_only_the_reported_findings_fixes():
    settings = Settings(select=("ALL",))
    first = fix_text(LOOP, "t.py", settings)
    assert [f.code for f in first.reported] == ["NAG201", "NAG103"]
    assert sorted(fix.strategy for _, fix in first.applied) == ["loop", "nodelay"]
    assert first.fixed == 2 and first.remaining == ()
    assert [f.code for f in first.followups] == ["NAG401"]
    # the follow-up's join is not applied in this round...
    assert "s.sendall(head)\ns.sendall(b''.join(parts))\n" in first.text
    # ...but by the next one
    second = fix_text(first.text, "t.py", settings)
    assert [f.code for f in second.reported] == ["NAG401"] and second.fixed == 1
    assert "s.sendall(head)\n" not in second.text and not fix_text(second.text, "t.py", settings).changed


def test_a_deselected_rule_is_not_fixed_and_brings_no_follow_up():
    only_loop = fix_text(LOOP, "t.py", Settings(select=("NAG103",)))
    assert [fix.strategy for _, fix in only_loop.applied] == ["loop"]
    assert "TCP_NODELAY" not in only_loop.text  # NAG201 was not reported, so not fixed
    assert only_loop.followups == ()


def test_two_fixes_adding_the_same_import_share_it_in_one_round():
    exchange = "{0}.sendall(b'x')\n{0}.recv(1)\n"
    src = ("from socket import create_connection\n"
           "a = create_connection(('h', 1))\n" + exchange.format("a") * 2 +
           "b = create_connection(('h', 2))\n" + exchange.format("b") * 2)
    outcome = fix_text(src, "t.py", Settings(select=("NAG201",)))
    assert outcome.fixed == 2 and outcome.remaining == () and outcome.followups == ()
    assert outcome.text.startswith("from socket import create_connection, IPPROTO_TCP, TCP_NODELAY\n")
    assert outcome.text.count("setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)") == 2


def _summary_numbers(stderr: str) -> tuple[int, int, int]:
    fixed = int(re.search(r"^Fixed (\d+) finding", stderr, re.MULTILINE).group(1))
    total = re.search(r"nagle-lint: (\d+) findings? (?:\((\d+) new after fixing\) )?in", stderr)
    return fixed, int(total.group(1)), int(total.group(2) or 0)


def test_cli_counts_match_the_report_and_name_the_follow_ups(tmp_path):
    (tmp_path / "loop.py").write_text(LOOP)
    check = run("--no-cache", "--select", "ALL", ".", cwd=tmp_path)
    reported = len(check.stdout.splitlines())
    assert reported == 2
    fix = run("--no-cache", "--select", "ALL", "--fix", ".", cwd=tmp_path)
    fixed, left, new = _summary_numbers(fix.stderr)
    assert (fixed, left, new) == (2, 1, 1), fix.stderr
    assert fixed + (left - new) == reported  # fixed + remaining = what the check reported
    assert len(fix.stdout.splitlines()) == left and "NAG401" in fix.stdout
    assert "1 new finding after fixing (follow-ups, not fixed in this run); run --fix again" in fix.stderr
    again = run("--no-cache", "--select", "ALL", "--fix", ".", cwd=tmp_path)
    assert _summary_numbers(again.stderr)[0] == 1 and again.returncode == 0, again.stderr


def test_cli_without_follow_ups_says_nothing_about_them(tmp_path):
    (tmp_path / "loop.py").write_text(LOOP)
    fix = run("--no-cache", "--fix", "--select", "NAG103", ".", cwd=tmp_path)
    assert "Fixed 1 finding." in fix.stderr and "new" not in fix.stderr and fix.returncode == 0


def test_diff_counts_the_same_round_as_fix(tmp_path):
    (tmp_path / "loop.py").write_text(LOOP)
    diff = run("--no-cache", "--select", "ALL", "--diff", ".", cwd=tmp_path)
    assert "Would fix 2 findings." in diff.stderr and "would appear after these fixes" in diff.stderr
    assert "+s.sendall(head)" not in diff.stdout and "-s.sendall(head)" not in diff.stdout


CASES = {
    "loop.py": LOOP,
    "split.py": CLIENT + "s.sendall(head)\ns.sendall(body)\ns.recv(1)\n",
    "handler.py": ("import socketserver\n\n\nclass H(socketserver.StreamRequestHandler):\n"
                   "    def handle(self):\n        for line in self.rfile:\n"
                   "            self.wfile.write(b'> ')\n            self.wfile.write(line)\n"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_lsp_fix_all_gives_the_file_that_cli_fix_gives(client, tmp_path, name):  # noqa: F811
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\nselect = ['ALL']\n")
    source = CASES[name]
    path = tmp_path / name
    path.write_text(source)
    uri = path.as_uri()
    _initialize(client, tmp_path)
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": source}})
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                                                "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": [], "only": ["source.fixAll"]}})
    (fix_all,) = actions
    in_editor = apply_text_edits(source, fix_all["edit"]["changes"][uri])
    _shutdown(client)
    assert in_editor != source
    assert run("--no-cache", "--fix", name, cwd=tmp_path).returncode in (0, 1)
    assert path.read_text() == in_editor


def _fake_engine(monkeypatch, fixed_when):
    """check_source that reports one finding with a fix appending `# x`, gone when fixed_when(text)."""
    import nagle_lint.fixer as fixer
    from nagle_lint.engine import check_source
    from nagle_lint.model import Confidence, Edit, FileResult, Finding, Fix, Severity, Span

    def fake(text, path, settings):
        real = check_source(text, path, settings)
        if fixed_when(text):
            return FileResult(path, source_hash=real.source_hash)
        fix = Fix("append", "nodelay", Applicability.SAFE, (Edit(len(text), len(text), "# x\n"),))
        finding = Finding("NAG201", "n", "m", path, Span(1, 1, 1, 2), Severity.WARNING, Confidence.HIGH,
                          fixes=(fix,))
        return FileResult(path, findings=(finding,), source_hash=real.source_hash)

    monkeypatch.setattr(fixer, "check_source", fake)


def test_a_fix_that_leaves_its_finding_is_not_applied(monkeypatch):
    _fake_engine(monkeypatch, fixed_when=lambda text: False)  # the fix never helps
    outcome = fix_text("x = 1\n", "t.py", Settings())
    assert outcome.applied == [] and outcome.text == "x = 1\n"  # no run would add it again
    assert len(outcome.remaining) == 1 and outcome.fixed == 0


def test_a_fix_that_removes_its_finding_is_applied(monkeypatch):
    _fake_engine(monkeypatch, fixed_when=lambda text: "# x" in text)
    outcome = fix_text("x = 1\n", "t.py", Settings())
    assert outcome.text == "x = 1\n# x\n" and outcome.fixed == 1 and outcome.remaining == ()


def test_lsp_fix_all_is_offered_for_a_buffer_that_parses_only(client, tmp_path):  # noqa: F811
    # the findings kept on screen while the buffer does not parse are the old text's: no fix-all
    # is built from them
    source = CASES["split.py"]
    path = tmp_path / "split.py"
    path.write_text(source)
    uri = path.as_uri()
    _initialize(client, tmp_path)
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": source}})
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}

    def fix_all():
        return client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": whole,
            "context": {"diagnostics": [], "only": ["source.fixAll"]}})

    assert len(fix_all()) == 1
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": "x = (\n" + source}]})
    assert fix_all() == []
    _shutdown(client)
