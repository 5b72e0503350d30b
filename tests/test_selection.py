"""One selection contract (nagle_lint.selection) for the CLI and the flake8 plugin: the same
string enables the same rules in both, and opt-in rules need to be named (`NAG4`, `NAG401`) or ALL."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nagle_lint.rules import ALL_RULES
from nagle_lint.selection import is_enabled, select_codes

PROJECT = Path(__file__).resolve().parent.parent
# one default rule (NAG101), one opt-in rule (NAG401), one other group (NAG303)
FILES = [str(PROJECT / "corpus" / name) for name in (
    "pos_seed000_two_sendall_client.py", "pos_nodelay_helper_split.py", "pos_cork_held_client_sol_tcp.py")]


def enabled(**kwargs) -> set[str]:
    return {r.code for r in select_codes(ALL_RULES, **kwargs)}


def test_contract_table():
    defaults = {r.code for r in ALL_RULES if r.default_enabled}
    opt_in = {r.code for r in ALL_RULES if not r.default_enabled}
    assert "NAG401" in opt_in
    assert enabled() == defaults
    assert enabled(select=["NAG"]) == defaults          # a bare prefix does not reach opt-in rules
    assert enabled(extend_select=["NAG"]) == defaults
    assert "NAG401" in enabled(select=["NAG4"])
    assert "NAG401" in enabled(extend_select=["NAG401"])
    assert enabled(select=["ALL"]) == defaults | opt_in
    assert enabled(select=["NAG1"]) == {c for c in defaults if c.startswith("NAG1")}
    # the more specific pattern wins; on a tie, ignore wins
    assert enabled(select=["NAG101"], ignore=["NAG1"]) == {"NAG101"}
    assert "NAG101" not in enabled(select=["NAG1"], ignore=["NAG101"])
    assert enabled(select=["NAG101"], ignore=["NAG101"]) == set()
    assert enabled(select=["ALL"], ignore=["NAG"]) == set()
    # per-file ignores always remove
    assert not is_enabled("NAG101", True, select=["NAG101"], file_ignore=["NAG1"])


def _cli(args: list[str]) -> set[tuple[str, int, str]]:
    out = subprocess.run([sys.executable, "-m", "nagle_lint", "-q", "--no-cache", *args, *FILES],
                         capture_output=True, text=True, cwd=PROJECT, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    return _parse(out.stdout)


def _flake8(args: list[str]) -> set[tuple[str, int, str]]:
    pytest.importorskip("flake8")
    out = subprocess.run([sys.executable, "-m", "flake8", "--isolated", *args, *FILES],
                         capture_output=True, text=True, cwd=PROJECT, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    return {item for item in _parse(out.stdout) if item[2].startswith("NAG")}


def _parse(text: str) -> set[tuple[str, int, str]]:
    found = set()
    for line in text.splitlines():
        path, line_no, _col, rest = line.split(":", 3)
        found.add((Path(path).name, int(line_no), rest.split()[0]))
    return found


@pytest.mark.parametrize("args", [
    ["--select", "NAG"], ["--extend-select", "NAG"], ["--select", "NAG4"], ["--extend-select", "NAG401"],
    ["--select", "NAG1,NAG4"], ["--select", "NAG", "--ignore", "NAG1"], ["--select", "NAG101", "--ignore", "NAG1"],
], ids=" ".join)
def test_cli_and_flake8_select_the_same(args):
    cli = _cli(args)
    assert cli == _flake8(args)
    assert cli  # every case here selects something on these files


def test_a_bare_prefix_leaves_opt_in_rules_off_in_flake8():
    assert not any(code == "NAG401" for _, _, code in _flake8(["--select", "NAG"]))
    assert any(code == "NAG401" for _, _, code in _flake8(["--select", "NAG4"]))
