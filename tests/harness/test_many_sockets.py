"""Harness under faults, the part test_faults.py does not cover: a probed command that opens
thousands of sockets (and then exits, or hangs until the timeout). The harness reports it and
leaves nothing behind: no process with the run's token, no harness thread, no socket or file
descriptor of its own, no temporary folder."""
from __future__ import annotations

import os
import threading

import pytest

from nagle_lint.harness import confirm as cf

from .helpers import PY, data, pid_alive

N = 3000


def _fds() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def _sockets_of(pid: int) -> int:
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                count += 1
        except OSError:
            pass
    return count


@pytest.mark.parametrize("hang", [False, True], ids=["exits", "hangs"])
def test_thousands_of_sockets(hang, tmp_path):
    before_fds, before_sockets = _fds(), _sockets_of(os.getpid())
    env = dict(os.environ, MANY_SOCKETS=str(N), MANY_SOCKETS_HANG="1" if hang else "0")
    # this test's own folder: a machine-wide glob would see other runs' folders come and go
    arm = cf.run_arm([PY, data("many_sockets.py")], "as-is", False, timeout=6.0 if hang else 60.0, env=env,
                     tmp_root=str(tmp_path))
    assert f"opened {N} clients, accepted {N}" in arm.stdout_tail
    if hang:
        assert arm.timed_out and "timed out" in arm.status()
    else:
        assert arm.returncode == 0 and not arm.timed_out and len(arm.runs) == 1
    assert not [t for t in threading.enumerate() if t.name.startswith("nagle-lint")]
    assert _sockets_of(os.getpid()) == before_sockets
    assert _fds() - before_fds == set()
    assert list(tmp_path.iterdir()) == []
    # the command's processes are gone (nothing of it holds the 6000 sockets any more); checked
    # per process: the machine-wide socket count also moves with other runs on the machine
    assert arm.pids or hang  # a killed process writes no results file
    assert not any(pid_alive(p) for p in arm.pids)
