"""pytest --nagle / --nagle=fail, run in a subprocess on a throwaway test file."""
from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys

from .helpers import data

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _plugin_args() -> list[str]:
    eps = importlib.metadata.entry_points(group="pytest11")
    if any(ep.value == "nagle_lint.pytest_plugin" for ep in eps):
        return []
    return ["-p", "nagle_lint.pytest_plugin"]


def _run(tmp_path, *args):
    shutil.copy(data("stall_cases.py"), tmp_path / "test_stall_cases.py")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
           *_plugin_args(), *args, "test_stall_cases.py"]
    return subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_nagle_fail_fails_the_stalling_test_and_passes_its_twin(tmp_path):
    proc = _run(tmp_path, "--nagle=fail")
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert "FAILED test_stall_cases.py::test_split_request" in out
    assert "test_one_write" not in out.split("short test summary")[-1]
    assert "FAILED test_stall_cases.py::test_fixture" in out  # it stalls on purpose
    assert "FAILED test_stall_cases.py::test_cork_never_cleared" in out
    assert "cork held (NAG303)" in out
    assert "3 failed" in out and "2 passed" in out
    assert "Nagle / delayed-ACK stall" in out
    assert "test_stall_cases.py:" in out  # call sites named


def test_nagle_report_only_reports(tmp_path):
    proc = _run(tmp_path, "--nagle")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "nagle-lint" in proc.stdout and "test_split_request" in proc.stdout
    assert "Nagle hold (NAG101)" in proc.stdout
    assert "5 passed" in proc.stdout


def test_inert_without_the_option(tmp_path):
    proc = _run(tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "5 passed" in proc.stdout and "nagle-lint" not in proc.stdout


def test_under_confirm_the_plugin_reuses_the_probe_of_the_run(tmp_path):
    """`confirm -- pytest --nagle`: one probe, not two patching each other; the run still sees it."""
    from nagle_lint.harness import confirm as cf

    shutil.copy(data("stall_cases.py"), tmp_path / "test_stall_cases.py")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
           *_plugin_args(), "--nagle", "test_stall_cases.py"]
    arm = cf.run_arm(cmd, "as-is", False, cwd=str(tmp_path), env=env, timeout=120)
    assert arm.returncode == 0, arm.stdout_tail + arm.stderr_tail
    assert "5 passed" in arm.stdout_tail  # the fixture and --nagle ran on the run's probe
    assert [h for h in arm.holds if h["dur_ns"] >= 30e6]  # and the run's probe saw the stalls
