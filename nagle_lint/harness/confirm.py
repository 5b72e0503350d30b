"""Run a command under the probe, as is and with TCP_NODELAY forced, and judge static findings.

The probe reaches every Python process the command starts through a ``sitecustomize`` shim
directory prepended to PYTHONPATH. Each process writes ``probe-<arm>-<pid>.json`` at exit and
appends every finished hold to ``probe-<arm>-<pid>.holds.jsonl`` as it happens, so a crash or a
kill loses the per-request events of that process but never its stalls.

Each arm is bounded by ``timeout``: the command runs in its own session (process group); at the
end of an arm (normal exit, crash or timeout) the group gets SIGTERM then SIGKILL, and any process
still carrying this run's token in its environment (a daemon that called setsid) is killed too.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field

from . import verdict
from .probe import ENV_ARM, ENV_DIR, ENV_FORCE, ENV_MODE

HERE = os.path.dirname(os.path.abspath(__file__))
SHIM_DIR = os.path.join(HERE, "_shim")
ENV_HOME = "NAGLE_LINT_PROBE_HOME"
ENV_RUN = "NAGLE_LINT_RUN_ID"
ARMS = (("as-is", False), ("nodelay", True))


@dataclass
class ArmResult:
    arm: str
    returncode: int | None = None
    timed_out: bool = False
    wall_s: float = 0.0
    runs: list[dict] = field(default_factory=list)  # one probe snapshot per process that exited
    holds: list[dict] = field(default_factory=list)
    pids: list[int] = field(default_factory=list)  # every probed process (from its result files)
    killed_leftovers: int = 0
    stdout_tail: str = ""
    stderr_tail: str = ""
    error: str = ""

    @property
    def exchanges(self) -> list[verdict.Exchange]:
        out = []
        for run in self.runs:
            out.extend(verdict.exchanges(run))
        return out

    def send_locs(self) -> set:
        locs = set()
        for run in self.runs:
            sites = run.get("sites", [])
            for ev in run.get("events", []):
                if ev[1].startswith("send") and 0 <= ev[5] < len(sites):
                    k = verdict.loc_key(sites[ev[5]])
                    if k:
                        locs.add(k)
        for h in self.holds:
            for key in ("site_loc", "prev_loc"):
                k = verdict.loc_key(h.get(key))
                if k:
                    locs.add(k)
        return locs

    def status(self) -> str:
        if self.error:
            return f"could not run: {self.error}"
        if self.timed_out:
            return f"timed out after {self.wall_s:.1f} s, process group killed"
        if self.returncode is None:
            return "not run"
        if self.returncode < 0:
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = str(-self.returncode)
            return f"killed by {name}"
        return f"exit {self.returncode}"


# ------------------------------------------------------------------------------ processes
def _pids_with_token(token: str) -> list[int]:
    needle = f"{ENV_RUN}={token}".encode()
    me = os.getpid()
    out = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return out
    for name in entries:
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as fh:
                env = fh.read()
        except OSError:
            continue
        if needle in env.split(b"\0"):
            try:
                with open(f"/proc/{name}/stat", "rb") as fh:
                    state = fh.read().rsplit(b")", 1)[1].split()[0]
                if state == b"Z":
                    continue
            except (OSError, IndexError):
                pass
            out.append(int(name))
    return out


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def cleanup(proc: subprocess.Popen, token: str, grace: float = 1.0) -> int:
    """SIGTERM then SIGKILL the command's process group and every process with our token.

    Returns how many processes were still alive after the command itself ended (bounded loops).
    """
    pgid = proc.pid
    leftovers = set()
    if _group_alive(pgid):
        try:
            os.killpg(pgid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
    leftovers.update(_pids_with_token(token))
    end = time.monotonic() + grace
    while time.monotonic() < end and (_group_alive(pgid) or _pids_with_token(token)):
        try:
            proc.wait(timeout=0.02)
        except subprocess.TimeoutExpired:
            pass
    kill_end = time.monotonic() + 3.0
    for _ in range(100):  # bounded: at most 100 rounds of SIGKILL, 3 s
        if time.monotonic() > kill_end:
            break
        pids = _pids_with_token(token)
        alive_group = _group_alive(pgid)
        if not pids and not alive_group:
            break
        leftovers.update(pids)
        if alive_group:
            try:
                os.killpg(pgid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            proc.wait(timeout=0.02)
        except subprocess.TimeoutExpired:
            pass
        time.sleep(0.02)  # a killed process takes a moment to go
    try:
        proc.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        pass
    leftovers.discard(proc.pid)
    return len(leftovers)


def _tail(path: str, limit: int = 2000) -> str:
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - limit))
            return fh.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _load_results(directory: str, arm: str, res: ArmResult) -> None:
    pids = set()
    for name in sorted(os.listdir(directory)):
        if not name.startswith(f"probe-{arm}-"):
            continue
        path = os.path.join(directory, name)
        try:
            pid = int(name[len(f"probe-{arm}-"):].split(".")[0])
        except ValueError:
            continue
        pids.add(pid)
        if name.endswith(".holds.jsonl"):
            with open(path, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    try:
                        res.holds.append(json.loads(line))
                    except ValueError:
                        continue  # a line cut short by a kill
        elif name.endswith(".json"):
            try:
                with open(path, encoding="utf-8") as fh:
                    res.runs.append(json.load(fh))
            except (OSError, ValueError):
                continue
    res.pids = sorted(pids)


def run_arm(command: list[str], arm: str, force_nodelay: bool, timeout: float = 60.0,
            cwd: str | None = None, mode: str = "full", workdir: str | None = None,
            env: dict | None = None, passthrough: bool = False) -> ArmResult:
    """Run the command once under the probe; always cleans up (processes and its temp dir)."""
    res = ArmResult(arm)
    own_dir = workdir is None
    directory = workdir or tempfile.mkdtemp(prefix="nagle-lint-confirm-")
    token = uuid.uuid4().hex
    base_env = dict(os.environ if env is None else env)
    pp = base_env.get("PYTHONPATH", "")
    base_env["PYTHONPATH"] = SHIM_DIR + (os.pathsep + pp if pp else "")
    base_env.update({ENV_DIR: directory, ENV_ARM: arm, ENV_FORCE: "1" if force_nodelay else "0",
                     ENV_MODE: mode, ENV_HOME: HERE, ENV_RUN: token})
    out_path = os.path.join(directory, f"stdout-{arm}.txt")
    err_path = os.path.join(directory, f"stderr-{arm}.txt")
    start = time.monotonic()
    proc = None
    try:
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            try:
                proc = subprocess.Popen(command, cwd=cwd, env=base_env, stdin=subprocess.DEVNULL,
                                        stdout=None if passthrough else out,
                                        stderr=None if passthrough else err,
                                        start_new_session=True)
            except OSError as exc:
                res.error = f"{type(exc).__name__}: {exc}"
                return res
            try:
                res.returncode = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                res.timed_out = True
            except KeyboardInterrupt:
                cleanup(proc, token, grace=0.2)
                raise
            res.wall_s = time.monotonic() - start
            res.killed_leftovers = cleanup(proc, token, grace=0.5 if res.timed_out else 1.0)
            if res.returncode is None:
                res.returncode = proc.returncode
        _load_results(directory, arm, res)
        res.stdout_tail = _tail(out_path)
        res.stderr_tail = _tail(err_path)
    finally:
        if proc is not None and proc.returncode is None:
            cleanup(proc, token, grace=0.2)
        if own_dir:
            shutil.rmtree(directory, ignore_errors=True)
    return res


# ------------------------------------------------------------------------------ findings
def finding_locs(finding) -> set:
    path = verdict.norm_path(finding.path)
    lines = {finding.span.line} | {r.span.line for r in getattr(finding, "related", ())}
    return {(path, line) for line in lines}


def static_findings(paths: list[str]) -> list:
    from nagle_lint.engine import check_paths  # noqa: PLC0415 - optional at import time
    from nagle_lint.settings import DEFAULT_SETTINGS

    out = []
    for fr in check_paths(list(paths), DEFAULT_SETTINGS):
        out.extend(f for f in fr.findings if f.code != "NAG001")
    return out


def _under(path: str, roots: list[str]) -> bool:
    p = verdict.norm_path(path)
    for r in roots:
        r = verdict.norm_path(r)
        if p == r or p.startswith(r.rstrip(os.sep) + os.sep):
            return True
    return False


def _waits(exchanges: list[verdict.Exchange], locs: set) -> list[float]:
    chosen = [e for e in exchanges
              if verdict.loc_key(e.last_loc) in locs or verdict.loc_key(e.first_loc) in locs]
    warm = [e for e in chosen if e.index >= 1]
    return [e.wait_ms for e in (warm or chosen)]


@dataclass
class ConfirmReport:
    command: list[str]
    arms: dict[str, ArmResult]
    findings: list[dict]
    misses: list[dict]
    paths: list[str]
    root: str
    compared: bool  # static findings were available

    @property
    def confirmed(self) -> bool:
        return any(f["verdict"] == "confirmed" for f in self.findings) or bool(self.misses)

    def exit_code(self) -> int:
        return 1 if self.confirmed else 0

    def to_dict(self) -> dict:
        return {
            "command": self.command,
            "compared_with_static_findings": self.compared,
            "arms": {name: {"status": a.status(), "returncode": a.returncode, "timed_out": a.timed_out,
                            "wall_s": round(a.wall_s, 3), "processes": len(a.pids),
                            "requests": len(a.exchanges), "holds": len(a.holds),
                            "stalls": sum(1 for h in a.holds if verdict.is_stall(h)),
                            "leftover_processes_killed": a.killed_leftovers,
                            "error": a.error}
                     for name, a in self.arms.items()},
            "findings": self.findings,
            "misses": self.misses,
            "stall_confirmed": self.confirmed,
        }


def _stall_dict(group: verdict.StallGroup, root: str) -> dict:
    hold = group.hold_ms
    return {
        "site": f"{verdict.fmt_loc(group.prev_loc, root)} -> {verdict.fmt_loc(group.held_loc, root)}",
        "stalls": len(group.holds),
        "hold_median_ms": round(verdict.median(hold), 3),
        "hold_max_ms": round(max(hold), 3),
        "sizes": group.sizes,
        "delayed_acks": group.delayed_acks,
    }


def judge(arms: dict[str, ArmResult], findings: list | None, paths: list[str], command: list[str],
          root: str | None = None) -> ConfirmReport:
    root = root or os.getcwd()
    before, after = arms.get("as-is"), arms.get("nodelay")
    groups = verdict.group_stalls(before.holds if before else [])
    ex_before = before.exchanges if before else []
    ex_after = after.exchanges if after else []
    exercised = before.send_locs() if before else set()
    used = set()
    out = []
    for f in findings or []:
        locs = finding_locs(f)
        matched = [g for g in groups if g.locs() & locs]
        entry = {"finding": f"{verdict.fmt_loc((f.path, f.span.line), root)}", "code": f.code,
                 "name": getattr(f, "name", ""), "pieces": list(getattr(f, "pieces", ()) or ()),
                 "side": getattr(f, "side", "")}
        wb, wa = _waits(ex_before, locs), _waits(ex_after, locs)
        entry["before"] = verdict.summary(wb)
        entry["after"] = verdict.summary(wa)
        if wb and wa:
            entry["mann_whitney_p"] = verdict.mann_whitney_greater(wb[-60:], wa[-60:])
        if matched:
            for g in matched:
                used.add(id(g))
            stalls = [h for g in matched for h in g.holds]
            entry["verdict"] = "confirmed"
            entry["stalls"] = len(stalls)
            entry["stall_sites"] = [_stall_dict(g, root) for g in matched]
            entry["delayed_acks"] = sum(g.delayed_acks for g in matched)
            entry["hold_median_ms"] = round(verdict.median([h["dur_ns"] / 1e6 for h in stalls]), 3)
            entry["waits_before_ms"] = wb
            entry["waits_after_ms"] = wa
        elif locs & exercised:
            entry["verdict"] = "not reproduced"
        else:
            entry["verdict"] = "not exercised"
        out.append(entry)
    misses = []
    for g in groups:
        if id(g) in used:
            continue
        d = _stall_dict(g, root)
        locs = g.locs()
        d["under_paths"] = bool(paths) and any(_under(p, paths) for p, _ in locs)
        wb, wa = _waits(ex_before, locs), _waits(ex_after, locs)
        d["before"], d["after"] = verdict.summary(wb), verdict.summary(wa)
        d["waits_before_ms"], d["waits_after_ms"] = wb, wa
        misses.append(d)
    return ConfirmReport(list(command), arms, out, misses, list(paths), root, findings is not None)


def confirm(command: list[str], paths: list[str] | None = None, findings: list | None = None,
            timeout: float = 60.0, cwd: str | None = None, mode: str = "full",
            counterfactual: bool = True, root: str | None = None) -> ConfirmReport:
    if not command:
        raise ValueError("no command to run")
    paths = list(paths or [])
    if findings is None and paths:
        findings = static_findings(paths)
    arms = {}
    for arm, force in ARMS:
        if force and not counterfactual:
            continue
        arms[arm] = run_arm(command, arm, force, timeout=timeout, cwd=cwd, mode=mode)
    return judge(arms, findings, paths, command, root=root or cwd)


# ------------------------------------------------------------------------------ text output
def _ms(s: dict, key: str) -> str:
    v = s.get(key)
    return "-" if v is None else f"{v:.1f} ms" if v >= 0.05 else "0.0 ms"


def format_text(rep: ConfirmReport, histogram: bool = True) -> str:
    from .plots import histogram as draw  # noqa: PLC0415

    lines = [f"nagle-lint confirm: {' '.join(rep.command)}"]
    for name, a in rep.arms.items():
        label = "as is" if name == "as-is" else "TCP_NODELAY forced"
        n_stall = sum(1 for h in a.holds if verdict.is_stall(h))
        extra = f", {a.killed_leftovers} leftover process(es) killed" if a.killed_leftovers else ""
        lines.append(f"  run {label}: {a.status()}, {a.wall_s:.2f} s, {len(a.pids)} Python process(es), "
                     f"{len(a.exchanges)} request(s), {n_stall} stall(s){extra}")
        if (a.timed_out or (a.returncode or 0) != 0 or a.error) and a.stderr_tail.strip():
            tail = a.stderr_tail.strip().splitlines()[-3:]
            lines.extend(f"    | {t}" for t in tail)
    lines.append("")
    for f in rep.findings:
        head = f"{f['finding']}: {f['code']} {f['verdict']}"
        if f["verdict"] == "confirmed":
            b, a = f["before"], f["after"]
            head += (f": {f['stalls']} stall(s), hold median {f['hold_median_ms']:.1f} ms, "
                     f"{f['delayed_acks']} delayed ACK(s)")
            lines.append(head)
            for s in f["stall_sites"]:
                lines.append(f"    stall site {s['site']} (pieces {'+'.join(map(str, s['sizes']))} B)")
            lines.append(f"    requests {b['n']}: wait median {_ms(b, 'median_ms')}, p99 {_ms(b, 'p99_ms')} as is; "
                         f"median {_ms(a, 'median_ms')}, p99 {_ms(a, 'p99_ms')} with TCP_NODELAY")
            if histogram and f.get("waits_before_ms"):
                lines.extend("    " + ln for ln in draw(f["waits_before_ms"], f.get("waits_after_ms", [])).splitlines())
        elif f["verdict"] == "not reproduced":
            b = f["before"]
            lines.append(head + f" (exercised, {b['n']} request(s), median wait {_ms(b, 'median_ms')}, no stall)")
        else:
            lines.append(head + " (no write at this site ran)")
    if rep.misses:
        lines.append("")
        title = ("stalls that match no static finding (analyser misses):" if rep.compared
                 else "stalls (no --paths given, not compared with static findings):")
        lines.append(title)
        for m in rep.misses:
            b, a = m["before"], m["after"]
            lines.append(f"  {m['site']}: {m['stalls']} stall(s), pieces {'+'.join(map(str, m['sizes']))} B, "
                         f"hold median {m['hold_median_ms']:.1f} ms, {m['delayed_acks']} delayed ACK(s); "
                         f"wait median {_ms(b, 'median_ms')} as is, {_ms(a, 'median_ms')} with TCP_NODELAY")
            if histogram and m.get("waits_before_ms"):
                lines.extend("    " + ln for ln in draw(m["waits_before_ms"], m.get("waits_after_ms", [])).splitlines())
    lines.append("")
    lines.append("result: stall confirmed" if rep.confirmed else "result: no stall confirmed")
    return "\n".join(lines)
