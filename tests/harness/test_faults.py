"""Harness under faults: the probed command crashes, hangs, forks; nothing is left behind."""
from __future__ import annotations

import os
import threading

from nagle_lint.harness import confirm as cf

from .helpers import PY, data, pid_alive


def test_crash_is_reported_and_stalls_survive(tmp_path):
    rep = cf.confirm([PY, data("crash.py")], findings=[], timeout=30, counterfactual=False,
                     tmp_root=str(tmp_path))
    arm = rep.arms["as-is"]
    assert arm.returncode == 1 and "exit 1" in arm.status()
    assert "deliberate crash" in arm.stderr_tail
    assert rep.misses and rep.misses[0]["stalls"] >= 1
    assert "RuntimeError" in cf.format_text(rep)
    assert rep.result == "stall confirmed" and rep.exit_code() == 1  # measured stalls stand
    assert list(tmp_path.iterdir()) == []


def test_hang_is_killed_at_the_timeout_with_its_children(tmp_path):
    pidfile = tmp_path / "pids"
    env = dict(os.environ, HANG_PIDFILE=str(pidfile))
    arm = cf.run_arm([PY, data("hang.py")], "as-is", False, timeout=3.0, env=env, tmp_root=str(tmp_path))
    assert arm.timed_out and "timed out" in arm.status()
    pids = [int(x) for x in pidfile.read_text().split()]
    assert len(pids) == 2
    assert not any(pid_alive(p) for p in pids)
    assert [h for h in arm.holds if h["dur_ns"] >= 30e6]  # stalls before the hang were kept
    assert not [t for t in threading.enumerate() if t.name.startswith("nagle-lint")]


def test_fork_child_is_probed_and_daemon_grandchild_killed(tmp_path):
    pidfile = tmp_path / "pids"
    env = dict(os.environ, FORK_PIDFILE=str(pidfile))
    arm = cf.run_arm([PY, data("fork.py")], "as-is", False, timeout=20.0, env=env, tmp_root=str(tmp_path))
    assert arm.returncode == 0 and not arm.timed_out
    assert len(arm.pids) == 2  # parent and forked child each wrote results
    stall_pids = {h["pid"] for h in arm.holds if h["dur_ns"] >= 30e6}
    assert stall_pids and arm.pids[0] != 0
    daemon = int(pidfile.read_text().split()[0])
    assert arm.killed_leftovers >= 1
    assert not pid_alive(daemon)
