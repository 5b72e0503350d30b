"""Harness under faults, the part test_faults.py does not cover: a probed command that opens
thousands of sockets (and then exits, or hangs until the timeout). The harness reports it and
leaves nothing behind: no process with the run's token, no harness thread, no socket or file
descriptor of its own, no temporary folder."""
from __future__ import annotations

import glob
import os
import tempfile
import threading

import pytest

from nagle_lint.harness import confirm as cf

from .helpers import PY, data

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
def test_thousands_of_sockets(hang):
    before_fds, before_sockets = _fds(), _sockets_of(os.getpid())
    before_dirs = set(glob.glob(os.path.join(tempfile.gettempdir(), "nagle-lint-confirm-*")))
    env = dict(os.environ, MANY_SOCKETS=str(N), MANY_SOCKETS_HANG="1" if hang else "0")
    arm = cf.run_arm([PY, data("many_sockets.py")], "as-is", False, timeout=6.0 if hang else 60.0, env=env)
    assert f"opened {N} clients, accepted {N}" in arm.stdout_tail
    if hang:
        assert arm.timed_out and "timed out" in arm.status()
    else:
        assert arm.returncode == 0 and not arm.timed_out and len(arm.runs) == 1
    assert not [t for t in threading.enumerate() if t.name.startswith("nagle-lint")]
    assert _sockets_of(os.getpid()) == before_sockets
    assert _fds() - before_fds == set()
    assert set(glob.glob(os.path.join(tempfile.gettempdir(), "nagle-lint-confirm-*"))) == before_dirs
    # the command's process group is gone (nothing of it holds the 6000 sockets any more)
    with open("/proc/net/sockstat") as fh:
        used = int(fh.read().split("TCP: inuse ")[1].split()[0])
    assert used < N
