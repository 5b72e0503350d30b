"""confirm --fix: the safe fixes applied to a scratch copy, measured before and after."""
from __future__ import annotations

import shutil

import pytest

from nagle_lint.harness import cli, fixrun
from nagle_lint.harness.verdict import STALL_MS

from .helpers import PY, data

pytest.importorskip("libcst")


def _project(tmp_path, name):
    proj = tmp_path / "proj"
    proj.mkdir()
    shutil.copy(data(name), proj / name)
    return proj


@pytest.mark.parametrize("name, code", [
    ("seed000_client.py", "NAG101"),  # a client split
    ("http_keepalive.py", "NAG102"),  # a server split written by an http.server handler
    ("write_loop.py", "NAG103"),  # a write loop
])
def test_fix_removes_the_stall_in_the_copy_and_leaves_the_project_alone(tmp_path, name, code):
    proj = _project(tmp_path, name)
    original = (proj / name).read_text()
    rep = fixrun.confirm_fix([PY, name, "8"], cwd=str(proj), timeout=30)
    # a split and the missing TCP_NODELAY of its connection share one fix; the row is listed
    # under whichever of the two findings the fix was applied for
    partner = {"NAG101": "NAG201", "NAG102": "NAG202", "NAG103": "NAG201"}[code]
    [row] = [r for r in rep.rows if r.code == code] or [r for r in rep.rows if r.code == partner]
    assert row.before_stalls >= 3 and row.before_median_ms >= 30, fixrun.format_text(rep)
    assert row.after_stalls == 0 and row.after_median_ms < STALL_MS and row.result_same and row.removed
    assert (proj / name).read_text() == original  # without --write nothing changes
    assert rep.exit_code() == 0
    text = fixrun.format_text(rep)
    assert f"{name}:" in text and "same" in text and "result: no stall left" in text


def test_write_applies_only_fixes_that_removed_a_stall(tmp_path):
    proj = _project(tmp_path, "seed000_client.py")
    rep = fixrun.confirm_fix([PY, "seed000_client.py", "8"], cwd=str(proj), timeout=30, write=True)
    rows = {r.code: r for r in rep.rows}
    client = rows.get("NAG101") or rows["NAG201"]  # the client's split and its NODELAY share a fix
    assert client.written and not rows["NAG202"].written
    assert rows["NAG202"].note == "no stall to remove"
    text = (proj / "seed000_client.py").read_text()
    assert text.count("TCP_NODELAY, 1)") == 1  # the client's fix only, not the server's
    again = fixrun.confirm_fix([PY, "seed000_client.py", "8"], cwd=str(proj), timeout=30)
    assert not any(r.code in ("NAG101", "NAG201") for r in again.rows) and again.exit_code() == 0


def test_cli_fix_errors_are_one_line(capsys, tmp_path):
    assert cli.main(["confirm", "--write", "--", PY, "-c", "pass"]) == 2
    assert "--write needs --fix" in capsys.readouterr().err
    proj = _project(tmp_path, "crash_early.py")
    shutil.copy(data("clean.py"), proj / "clean.py")
    rc = cli.main(["confirm", "--fix", "--cwd", str(proj), "--", PY, "crash_early.py"])
    out = capsys.readouterr().out
    assert rc == 2 and "inconclusive" in out


def test_line_map_follows_inserted_and_joined_lines():
    old = "a\nb\nc\nd\n"
    assert fixrun.line_map(old, "a\nX\nb\nc\nd\n") == {1: 1, 2: 3, 3: 4, 4: 5}
    assert fixrun.line_map(old, "a\nbc\nd\n")[3] in (2, 3) and fixrun.line_map(old, "a\nbc\nd\n")[4] == 3
