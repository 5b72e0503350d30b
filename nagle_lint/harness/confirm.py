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
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field

from . import verdict
from .probe import ENV_ARM, ENV_DIR, ENV_FORCE, ENV_MODE, ENV_PROGRESS

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

    def sockets(self) -> list[dict]:
        """Every TCP socket the probed processes described at exit, with its pid."""
        out = []
        for run in self.runs:
            for sock in run.get("sockets", []):
                out.append(dict(sock, pid=run.get("pid", 0)))
        return out

    def overhead(self) -> dict:
        calls = cost = wall = 0
        worst = 0.0
        for run in self.runs:
            o = run.get("overhead") or {}
            calls += o.get("calls", 0)
            cost += o.get("cost_ns", 0)
            wall = max(wall, o.get("wall_ns", 0))
            worst = max(worst, o.get("share", 0.0))
        return {"calls": calls, "cost_ms": round(cost / 1e6, 3),
                "per_call_us": round(cost / calls / 1e3, 2) if calls else 0.0,
                "share": round(worst, 4)}

    def tcp_traffic(self) -> bool:
        return bool(self.exchanges) or any(s.get("sends") for s in self.sockets()) or bool(self.holds)

    def problem(self, expect_status: int = 0) -> str:
        """Why this run cannot vouch for "no stall" ("" when it can)."""
        if self.error:
            return f"could not start: {self.error}"
        if self.timed_out:
            return f"timed out after {self.wall_s:.1f} s"
        if self.returncode is None:
            return "did not run"
        if self.returncode != expect_status:
            if self.returncode < 0:
                return f"{self.status()}, expected exit {expect_status}"
            return f"exited {self.returncode}, expected {expect_status}"
        return ""

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


def _tee(src, path: str, dest) -> threading.Thread:
    """Copy a pipe to a file (for the tails) and to our own stream (--show-output)."""
    def run() -> None:
        with open(path, "wb") as fh:
            while True:
                try:
                    chunk = os.read(src.fileno(), 65536)
                except OSError:
                    break
                if not chunk:
                    break
                fh.write(chunk)
                try:
                    dest.write(chunk)
                    dest.flush()
                except (OSError, ValueError):
                    pass
        src.close()

    t = threading.Thread(target=run, name="nagle-lint-tee", daemon=True)
    t.start()
    return t


class Progress:
    """One line on a terminal, rewritten in place: run, seconds, processes, requests, stalls."""

    def __init__(self, stream=None) -> None:
        self.stream = stream or sys.stderr
        self.width = 0

    def update(self, label: str, elapsed: float, directory: str, arm: str) -> None:
        procs = requests = stalls = 0
        try:
            names = os.listdir(directory)
        except OSError:
            return
        for name in names:
            if not name.startswith(f"probe-{arm}-"):
                continue
            path = os.path.join(directory, name)
            if name.endswith(".progress"):
                procs += 1
                try:
                    with open(path, encoding="ascii") as fh:
                        requests += int(fh.read().split()[0])
                except (OSError, ValueError, IndexError):
                    pass
            elif name.endswith(".holds.jsonl"):
                try:
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        for line in fh:
                            try:
                                stalls += verdict.is_stall(json.loads(line))
                            except ValueError:
                                pass
                except OSError:
                    pass
        text = (f"nagle-lint confirm: {label}: {elapsed:.0f} s, {procs} Python process(es), "
                f"{requests} request(s), {stalls} stall(s) so far")
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def run_arm(command: list[str], arm: str, force_nodelay: bool, timeout: float = 60.0,
            cwd: str | None = None, mode: str = "full", workdir: str | None = None,
            env: dict | None = None, passthrough: bool = False, tmp_root: str | None = None,
            progress: Progress | None = None, label: str = "") -> ArmResult:
    """Run the command once under the probe; always cleans up (processes and its temp dir).

    passthrough copies the command's output to ours while keeping the tails; tmp_root is where
    the results folder is made (default: the system temp folder)."""
    res = ArmResult(arm)
    own_dir = workdir is None
    directory = workdir or tempfile.mkdtemp(prefix="nagle-lint-confirm-", dir=tmp_root)
    token = uuid.uuid4().hex
    base_env = dict(os.environ if env is None else env)
    pp = base_env.get("PYTHONPATH", "")
    base_env["PYTHONPATH"] = SHIM_DIR + (os.pathsep + pp if pp else "")
    base_env.update({ENV_DIR: directory, ENV_ARM: arm, ENV_FORCE: "1" if force_nodelay else "0",
                     ENV_MODE: mode, ENV_HOME: HERE, ENV_RUN: token,
                     ENV_PROGRESS: "1" if progress is not None else "0"})
    out_path = os.path.join(directory, f"stdout-{arm}.txt")
    err_path = os.path.join(directory, f"stderr-{arm}.txt")
    start = time.monotonic()
    proc = None
    tees: list[threading.Thread] = []
    try:
        with open(out_path, "ab") as out, open(err_path, "ab") as err:
            try:
                proc = subprocess.Popen(command, cwd=cwd, env=base_env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE if passthrough else out,
                                        stderr=subprocess.PIPE if passthrough else err,
                                        start_new_session=True)
            except (OSError, ValueError) as exc:
                res.error = f"{type(exc).__name__}: {exc}" if not isinstance(exc, OSError) else \
                    f"{exc.strerror or exc}: {command[0]}"
                return res
            if passthrough:
                tees = [_tee(proc.stdout, out_path + ".tee", sys.stdout.buffer),
                        _tee(proc.stderr, err_path + ".tee", sys.stderr.buffer)]
            end = start + timeout
            try:
                while True:  # bounded by the timeout; wakes up for the progress line
                    left = end - time.monotonic()
                    if left <= 0:
                        res.timed_out = True
                        break
                    try:
                        res.returncode = proc.wait(timeout=min(left, 0.5 if progress else left))
                        break
                    except subprocess.TimeoutExpired:
                        if progress is not None:
                            progress.update(label or arm, time.monotonic() - start, directory, arm)
            except KeyboardInterrupt:
                cleanup(proc, token, grace=0.2)
                raise
            res.wall_s = time.monotonic() - start
            res.killed_leftovers = cleanup(proc, token, grace=0.5 if res.timed_out else 1.0)
            if res.returncode is None:
                res.returncode = proc.returncode
            for t in tees:
                t.join(2.0)
        if progress is not None:
            progress.clear()
        _load_results(directory, arm, res)
        res.stdout_tail = _tail(out_path + (".tee" if passthrough else ""))
        res.stderr_tail = _tail(err_path + (".tee" if passthrough else ""))
    finally:
        if proc is not None and proc.returncode is None:
            cleanup(proc, token, grace=0.2)
        if own_dir:
            shutil.rmtree(directory, ignore_errors=True)
    return res


def run_plain(command: list[str], timeout: float, cwd: str | None = None) -> int | None:
    """The command's exit status without the probe (None: timed out or could not start)."""
    try:
        proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    except (OSError, ValueError):
        return None
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    finally:
        if proc.returncode is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            proc.wait(5)


# ------------------------------------------------------------------------------ findings
def finding_locs(finding) -> set:
    path = verdict.norm_path(finding.path)
    lines = {finding.span.line} | {r.span.line for r in getattr(finding, "related", ())}
    return {(path, line) for line in lines}


def static_findings(paths: list[str]) -> list:
    from dataclasses import replace  # noqa: PLC0415

    from nagle_lint.config import ConfigError, load_settings  # noqa: PLC0415
    from nagle_lint.engine import check_paths  # noqa: PLC0415 - optional at import time
    from nagle_lint.settings import DEFAULT_SETTINGS

    try:
        settings = load_settings(paths[0] if paths else ".")
    except ConfigError:
        settings = DEFAULT_SETTINGS
    # the run measures what it exercises: a risk finding in a test file gets its verdict too
    settings = replace(settings, nodelay_in_tests=True)
    out = []
    for fr in check_paths(list(paths), settings):
        out.extend(f for f in fr.findings if f.code != "NAG001")
    return out


def command_paths(command: list[str], cwd: str | None = None) -> list[str]:
    """The command's own Python files: .py arguments, `-m pkg.mod` under cwd, directories under cwd."""
    root = os.path.realpath(cwd or os.getcwd())
    out = []
    args = list(command[1:])
    for i, a in enumerate(args):
        if a.startswith("-") and a != "-m":
            continue
        if a == "-m" and i + 1 < len(args):
            base = os.path.join(root, *args[i + 1].split("."))
            for cand in (base + ".py", os.path.join(base, "__main__.py")):
                if os.path.isfile(cand):
                    out.append(cand)
            continue
        path = os.path.realpath(os.path.join(root, a))
        if os.path.isfile(path) and path.endswith(".py"):
            out.append(path)
        elif os.path.isdir(path) and (path == root or path.startswith(root + os.sep)) and path != root:
            out.append(path)
    return sorted(set(out))


def seen_user_files(arm: "ArmResult") -> list[str]:
    """Source files of the probed program that made socket calls (not the stdlib, not packages)."""
    from .probe import classify_file  # noqa: PLC0415

    out = set()
    for run in arm.runs:
        for site in run.get("sites", []):
            path = site[0] if site else ""
            if (path and path.endswith(".py") and os.path.isfile(path) and classify_file(path) == 2
                    and "site-packages" not in path and "dist-packages" not in path):
                out.add(os.path.realpath(path))
    for h in arm.holds:
        loc = h.get("site_loc")
        if loc and loc[0].endswith(".py") and os.path.isfile(loc[0]):
            out.add(os.path.realpath(loc[0]))
    return sorted(out)


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


def _conn_waits(exchanges: list[verdict.Exchange], conns: set) -> list[float]:
    chosen = [e for e in exchanges if (e.pid, e.sid) in conns]
    warm = [e for e in chosen if e.index >= 1]
    return [e.wait_ms for e in (warm or chosen)]


def attribute_quickack(arm: "ArmResult") -> None:
    """Name a Nagle stall "quick-ACK once" when the connection's peer set TCP_QUICKACK fewer times
    than it read: the option wore off (the kernel leaves quick-ACK mode on its own)."""
    peers = {}
    for sock in arm.sockets():
        if sock.get("quickacks") and sock.get("laddr") and sock.get("raddr"):
            peers[(sock["laddr"], sock["raddr"])] = sock
    if not peers:
        return
    for h in arm.holds:
        if h.get("kind", "nagle") != "nagle":
            continue
        peer = peers.get((h.get("raddr"), h.get("laddr")))
        if peer and peer["quickacks"] < max(1, peer.get("reads", 0)):
            h["stall_kind"] = "quickack-once"
            h["quickack_loc"] = peer.get("quickack_loc")


RUNTIME_CODE, RUNTIME_NAME = "NAG501", "runtime-stall"


@dataclass
class ConfirmReport:
    command: list[str]
    arms: dict[str, ArmResult]
    findings: list[dict]
    misses: list[dict]
    paths: list[str]
    root: str
    compared: bool  # static findings were available
    expect_status: int = 0
    plain_status: int | None | str = "not run"  # the command's status without the probe
    notes: list[str] = field(default_factory=list)

    @property
    def confirmed(self) -> bool:
        return any(f["verdict"] == "confirmed" for f in self.findings) or bool(self.misses)

    def reason(self) -> str:
        """Why the result is inconclusive ("" when it is not)."""
        if self.confirmed:
            return ""
        before = self.arms.get("as-is")
        if before is None:
            return "the command did not run"
        why = before.problem(self.expect_status)
        if why:
            if not before.error and not before.timed_out and isinstance(self.plain_status, int):
                if self.plain_status != before.returncode:
                    why += f"; without the probe it exits {self.plain_status}: the probe changed the result"
                else:
                    why += " (the same without the probe)"
            return why
        if not before.pids:
            return "no Python process ran under the probe (not Python, or started with -S, -I or -E)"
        if not before.tcp_traffic():
            return "no TCP traffic: the command made no TCP request/response"
        if self.findings and all(f["verdict"] == "not exercised" for f in self.findings):
            return f"none of the {len(self.findings)} static finding(s) ran"
        return ""

    @property
    def result(self) -> str:
        if self.confirmed:
            return "stall confirmed"
        return "inconclusive" if self.reason() else "no stall"

    def exit_code(self) -> int:
        return {"stall confirmed": 1, "no stall": 0}.get(self.result, 2)

    def to_dict(self) -> dict:
        return {
            "command": self.command,
            "result": self.result,
            "exit_status": self.exit_code(),
            "reason": self.reason(),
            "compared_with_static_findings": self.compared,
            "analysed_paths": self.paths,
            "expected_status": self.expect_status,
            "status_without_probe": self.plain_status,
            "arms": {name: {"status": a.status(), "returncode": a.returncode, "timed_out": a.timed_out,
                            "wall_s": round(a.wall_s, 3), "processes": len(a.pids),
                            "requests": len(a.exchanges), "holds": len(a.holds),
                            "stalls": sum(1 for h in a.holds if verdict.is_stall(h)),
                            "leftover_processes_killed": a.killed_leftovers,
                            "probe_overhead": a.overhead(), "error": a.error}
                     for name, a in self.arms.items()},
            "findings": self.findings,
            "runtime_findings": self.misses,
            "misses": self.misses,
            "stall_confirmed": self.confirmed,
            "notes": self.notes,
        }


def _stall_dict(group: verdict.StallGroup, root: str) -> dict:
    hold = group.hold_ms
    d = {
        "kind": group.kind,
        "kind_label": group.label,
        "rule": group.rule,
        "site": f"{verdict.fmt_loc(group.prev_loc, root)} -> {verdict.fmt_loc(group.held_loc, root)}"
        if group.kind in ("nagle", "quickack-once") else verdict.fmt_loc(group.held_loc, root),
        "held_loc": list(group.held_loc) if group.held_loc else None,
        "stalls": len(group.holds),
        "hold_median_ms": round(verdict.median(hold), 3),
        "hold_max_ms": round(max(hold), 3),
        "sizes": group.sizes,
        "delayed_acks": group.delayed_acks,
        "first_stall_exchange": min(h.get("exchange", 0) for h in group.holds),
    }
    if group.option_loc:
        d["option_site"] = verdict.fmt_loc(group.option_loc, root)
    return d


def _connections(arm: ArmResult | None, locs: set) -> list[dict]:
    if arm is None:
        return []
    out = []
    for sock in arm.sockets():
        created = {verdict.loc_key(c) for c in sock.get("created", []) if c}
        if created & locs:
            out.append(sock)
    return out


def judge(arms: dict[str, ArmResult], findings: list | None, paths: list[str], command: list[str],
          root: str | None = None, expect_status: int = 0) -> ConfirmReport:
    root = root or os.getcwd()
    before, after = arms.get("as-is"), arms.get("nodelay")
    if before is not None:
        attribute_quickack(before)
    groups = verdict.group_stalls(before.holds if before else [])
    ex_before = before.exchanges if before else []
    ex_after = after.exchanges if after else []
    exercised = before.send_locs() if before else set()
    used = set()
    out = []
    for f in findings or []:
        locs = finding_locs(f)
        entry = {"finding": f"{verdict.fmt_loc((f.path, f.span.line), root)}", "code": f.code,
                 "name": getattr(f, "name", ""), "pieces": list(getattr(f, "pieces", ()) or ()),
                 "side": getattr(f, "side", ""), "path": f.path, "line": f.span.line,
                 "message": getattr(f, "message", "")}
        if f.code in ("NAG201", "NAG202"):
            _judge_connection(entry, f, locs, before, after, groups, used, ex_before, ex_after, root)
            out.append(entry)
            continue
        matched = [g for g in groups if g.locs() & locs]
        wb, wa = _waits(ex_before, locs), _waits(ex_after, locs)
        entry["before"] = verdict.summary(wb)
        entry["after"] = verdict.summary(wa)
        if wb and wa:
            entry["mann_whitney_p"] = verdict.mann_whitney_greater(wb[-60:], wa[-60:])
        if matched:
            if not wb:  # a finding on a setsockopt line: the requests are those of the held writes
                glocs = set().union(*(g.locs() for g in matched))
                wb, wa = _waits(ex_before, glocs), _waits(ex_after, glocs)
                entry["before"], entry["after"] = verdict.summary(wb), verdict.summary(wa)
            _confirmed(entry, matched, used, root, wb, wa)
        elif locs & exercised or _option_exercised(f, before):
            entry["verdict"] = "not reproduced"
            mine = [e for e in ex_before
                    if verdict.loc_key(e.last_loc) in locs or verdict.loc_key(e.first_loc) in locs]
            if mine and all(e.index == 0 for e in mine):
                entry["why"] = "every request was the first on its connection (quick-ACK start)"
        else:
            entry["verdict"] = "not exercised"
        out.append(entry)
    misses = []
    for g in groups:
        if id(g) in used:
            continue
        d = _stall_dict(g, root)
        d["code"] = RUNTIME_CODE
        locs = g.locs()
        d["under_paths"] = bool(paths) and any(_under(p, paths) for p, _ in locs)
        wb, wa = _waits(ex_before, locs), _waits(ex_after, locs)
        d["before"], d["after"] = verdict.summary(wb), verdict.summary(wa)
        d["waits_before_ms"], d["waits_after_ms"] = wb, wa
        misses.append(d)
    return ConfirmReport(list(command), arms, out, misses, list(paths), root, findings is not None,
                         expect_status=expect_status)


def _option_exercised(f, arm: ArmResult | None) -> bool:
    """NAG301/302/303 sit on a setsockopt line: it ran if a socket records the option there."""
    if arm is None or f.code not in ("NAG301", "NAG302", "NAG303"):
        return False
    key = (verdict.norm_path(f.path), f.span.line)
    for sock in arm.sockets():
        for k in ("quickack_loc", "cork_loc", "sndbuf_loc"):
            if verdict.loc_key(sock.get(k)) == key:
                return True
    for h in arm.holds:
        for k in ("quickack_loc", "cork_loc", "sndbuf_loc"):
            if verdict.loc_key(h.get(k)) == key:
                return True
    return False


def _confirmed(entry, matched, used, root, wb, wa) -> None:
    for g in matched:
        used.add(id(g))
    stalls = [h for g in matched for h in g.holds]
    entry["verdict"] = "confirmed"
    entry["stalls"] = len(stalls)
    entry["stall_kinds"] = sorted({g.kind for g in matched})
    entry["stall_sites"] = [_stall_dict(g, root) for g in matched]
    entry["delayed_acks"] = sum(g.delayed_acks for g in matched)
    entry["hold_median_ms"] = round(verdict.median([h["dur_ns"] / 1e6 for h in stalls]), 3)
    entry["waits_before_ms"] = wb
    entry["waits_after_ms"] = wa


def _judge_connection(entry, f, locs, before, after, groups, used, ex_before, ex_after, root) -> None:
    """NAG201/NAG202: judged by the connections created at the finding's line."""
    conns = _connections(before, locs)
    keys = {(c["pid"], c["sid"]) for c in conns}
    keys_after = {(c["pid"], c["sid"]) for c in _connections(after, locs)}
    wb, wa = _conn_waits(ex_before, keys), _conn_waits(ex_after, keys_after)
    entry["before"], entry["after"] = verdict.summary(wb), verdict.summary(wa)
    entry["connections"] = len(conns)
    entry["requests"] = sum(1 for e in ex_before if (e.pid, e.sid) in keys)
    entry["splits"] = sum(c.get("splits", 0) for c in conns)
    matched = []
    for g in groups:
        if any((h.get("pid"), h.get("sid")) in keys for h in g.holds):
            matched.append(g)
    if matched:
        _confirmed(entry, matched, used, root, wb, wa)
        entry["stalls"] = sum(1 for g in matched for h in g.holds if (h.get("pid"), h.get("sid")) in keys)
    elif conns:
        entry["verdict"] = "not reproduced"
    else:
        entry["verdict"] = "not exercised"


def confirm(command: list[str], paths: list[str] | None = None, findings: list | None = None,
            timeout: float = 60.0, cwd: str | None = None, mode: str = "full",
            counterfactual: bool = True, root: str | None = None, expect_status: int = 0,
            show_output: bool = False, progress: Progress | None = None,
            tmp_root: str | None = None, compare: bool | None = None) -> ConfirmReport:
    """Run the command as is and with TCP_NODELAY forced, and judge the static findings.

    With no findings and no paths given, the command's own Python files are analysed (the .py
    files it names and every user file that made a socket call); compare=False turns that off."""
    if not command:
        raise ValueError("no command to run")
    paths = list(paths or [])
    if findings is None and paths:
        findings = static_findings(paths)
    arms = {}
    notes = []
    kw = dict(timeout=timeout, cwd=cwd, mode=mode, passthrough=show_output, tmp_root=tmp_root,
              progress=progress)
    arms["as-is"] = run_arm(command, "as-is", False, label="run 1 of 2, as is" if counterfactual else "as is", **kw)
    first = arms["as-is"]
    if findings is None and compare is not False:
        paths = sorted(set(command_paths(command, cwd)) | set(seen_user_files(first)))
        if paths:
            try:
                findings = static_findings(paths)
            except ImportError as exc:
                notes.append(f"static analysis unavailable ({exc}); stalls are listed without verdicts")
    hopeless = first.error or (first.timed_out and not any(verdict.is_stall(h) for h in first.holds))
    if counterfactual and not hopeless:
        arms["nodelay"] = run_arm(command, "nodelay", True, label="run 2 of 2, TCP_NODELAY forced", **kw)
    elif counterfactual:
        notes.append("the TCP_NODELAY run was skipped: the first run gave nothing to compare")
    rep = judge(arms, findings, paths, command, root=root or cwd, expect_status=expect_status)
    rep.notes.extend(notes)
    if (not first.error and not first.timed_out and first.returncode != expect_status):
        rep.plain_status = run_plain(command, timeout, cwd)  # did the probe cause the status?
    share = max((a.overhead()["share"] for a in arms.values()), default=0.0)
    if share >= OVERHEAD_WARN:
        rep.notes.append(f"the probe took {share:.0%} of a process's run time: timings may be distorted "
                         f"(try --mode light, or fewer, larger writes)")
    return rep


OVERHEAD_WARN = 0.10


# ------------------------------------------------------------------------------ text output
def _ms(s: dict, key: str) -> str:
    v = s.get(key)
    return "-" if v is None else f"{v:.1f} ms" if v >= 0.05 else "0.0 ms"


def _sizes(sizes) -> str:
    return "+".join(map(str, sizes)) + " B" if sizes else "? B"


def format_text(rep: ConfirmReport, histogram: bool = True) -> str:
    from .plots import histogram as draw  # noqa: PLC0415

    lines = [f"nagle-lint confirm: {' '.join(rep.command)}"]
    for name, a in rep.arms.items():
        label = "as is" if name == "as-is" else "TCP_NODELAY forced"
        n_stall = sum(1 for h in a.holds if verdict.is_stall(h))
        extra = f", {a.killed_leftovers} leftover process(es) killed" if a.killed_leftovers else ""
        o = a.overhead()
        cost = (f", probe {o['per_call_us']:.1f} us per socket call ({o['share']:.1%} of the run)"
                if o["calls"] else "")
        lines.append(f"  run {label}: {a.status()}, {a.wall_s:.2f} s, {len(a.pids)} Python process(es), "
                     f"{len(a.exchanges)} request(s), {n_stall} stall(s){extra}{cost}")
        if (a.timed_out or (a.returncode or 0) != 0 or a.error) and a.stderr_tail.strip():
            tail = a.stderr_tail.strip().splitlines()[-3:]
            lines.extend(f"    | {t}" for t in tail)
    if rep.compared:
        lines.append(f"  compared with the static findings of {len(rep.paths)} path(s): "
                     f"{len(rep.findings)} finding(s)")
    else:
        lines.append("  not compared with static findings (no Python source of the command found)")
    lines.append("")
    for f in rep.findings:
        head = f"{f['finding']}: {f['code']} {f['verdict']}"
        if f["verdict"] == "confirmed":
            b, a = f["before"], f["after"]
            kinds = ", ".join(verdict.KINDS.get(k, (k,))[0] for k in f.get("stall_kinds", []))
            head += (f": {f['stalls']} stall(s) ({kinds}), hold median {f['hold_median_ms']:.1f} ms, "
                     f"{f['delayed_acks']} delayed ACK(s)")
            lines.append(head)
            for s in f["stall_sites"]:
                opt = f", option set at {s['option_site']}" if s.get("option_site") else ""
                lines.append(f"    {s['kind_label']} ({s['rule']}) at {s['site']} (pieces {_sizes(s['sizes'])}{opt})")
            lines.append(f"    requests {b['n']}: wait median {_ms(b, 'median_ms')}, p99 {_ms(b, 'p99_ms')} as is; "
                         f"median {_ms(a, 'median_ms')}, p99 {_ms(a, 'p99_ms')} with TCP_NODELAY")
            if histogram and f.get("waits_before_ms"):
                lines.extend("    " + ln for ln in draw(f["waits_before_ms"], f.get("waits_after_ms", [])).splitlines())
        elif f["code"] in ("NAG201", "NAG202") and "connections" in f:
            lines.append(head + f" ({f['connections']} connection(s) made here, {f['requests']} request(s), "
                         f"{f['splits']} split write(s), no stall)"
                         if f["connections"] else head + " (no connection was made at this line)")
        elif f["verdict"] == "not reproduced":
            b = f["before"]
            why = f"; {f['why']}" if f.get("why") else ""
            lines.append(head + f" (exercised, {b['n']} request(s), median wait {_ms(b, 'median_ms')}, "
                         f"no stall{why})")
        else:
            lines.append(head + " (no write at this site ran)")
    if rep.misses:
        lines.append("")
        title = ("stalls the static analysis did not find (runtime findings):" if rep.compared
                 else "stalls (runtime findings; not compared with static findings):")
        lines.append(title)
        for m in rep.misses:
            b, a = m["before"], m["after"]
            opt = f", option set at {m['option_site']}" if m.get("option_site") else ""
            lines.append(f"  {m['site']}: {RUNTIME_CODE} {m['kind_label']} (as {m['rule']}): {m['stalls']} stall(s), "
                         f"pieces {_sizes(m['sizes'])}, hold median {m['hold_median_ms']:.1f} ms, "
                         f"{m['delayed_acks']} delayed ACK(s){opt}; "
                         f"wait median {_ms(b, 'median_ms')} as is, {_ms(a, 'median_ms')} with TCP_NODELAY")
            if histogram and m.get("waits_before_ms"):
                lines.extend("    " + ln for ln in draw(m["waits_before_ms"], m.get("waits_after_ms", [])).splitlines())
    for n in rep.notes:
        lines.append(f"note: {n}")
    lines.append("")
    reason = rep.reason()
    lines.append(f"result: {rep.result}" + (f" ({reason})" if reason else "") + f", exit {rep.exit_code()}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------ SARIF
def runtime_rule():
    from types import SimpleNamespace  # noqa: PLC0415

    from nagle_lint.model import Confidence, Severity  # noqa: PLC0415

    doc = ("## What it does\nReports a stall that `nagle-lint confirm` measured while the command ran "
           "and that no static finding explains: a Nagle hold, a corked write, a full send buffer or a "
           "quick-ACK that wore off. The message names the held write, the pieces and the median hold.")
    return SimpleNamespace(code=RUNTIME_CODE, name=RUNTIME_NAME, summary="stall measured at run time, "
                           "not found by the static analysis", doc=doc, severity=Severity.ERROR,
                           help_uri="https://github.com/nagle-lint/nagle-lint/blob/main/docs/harness.md",
                           default_enabled=True, confidence=Confidence.HIGH, fix="none")


def report_findings(rep: ConfirmReport) -> list:
    """Static findings (message carries the verdict) and NAG501 runtime findings as model Findings."""
    from nagle_lint.model import Confidence, Finding, Severity, Span  # noqa: PLC0415

    out = []
    for f in rep.findings:
        sev = Severity.ERROR if f["verdict"] == "confirmed" else Severity.INFO
        msg = f"{f['message']} [confirm: {f['verdict']}"
        if f["verdict"] == "confirmed":
            msg += f", {f['stalls']} stall(s), hold median {f['hold_median_ms']:.1f} ms"
        msg += "]"
        span = Span(f["line"], 1, f["line"], 1)
        out.append(Finding(code=f["code"], name=f["name"], message=msg, path=f["path"], span=span,
                           severity=sev, confidence=Confidence.HIGH))
    for m in rep.misses:
        loc = m.get("held_loc") or ["?", 1]
        msg = (f"{m['kind_label']} measured at run time ({m['rule']}): {m['stalls']} stall(s), pieces "
               f"{_sizes(m['sizes'])}, hold median {m['hold_median_ms']:.1f} ms at {m['site']}; "
               "no static finding covers it")
        out.append(Finding(code=RUNTIME_CODE, name=RUNTIME_NAME, message=msg, path=loc[0],
                           span=Span(int(loc[1]), 1, int(loc[1]), 1), severity=Severity.ERROR,
                           confidence=Confidence.HIGH))
    return out


def to_sarif(rep: ConfirmReport) -> dict:
    from nagle_lint.model import FileResult  # noqa: PLC0415
    from nagle_lint.report.sarif import build_sarif  # noqa: PLC0415
    from nagle_lint.rules import ALL_RULES  # noqa: PLC0415

    results = [FileResult(path=f.path, findings=(f,)) for f in report_findings(rep)]
    sarif = build_sarif(results, root=rep.root, rules=list(ALL_RULES) + [runtime_rule()])
    run = sarif["runs"][0]
    run["invocations"] = [{"executionSuccessful": rep.result != "inconclusive",
                           "exitCode": rep.exit_code(),
                           "properties": {"result": rep.result, "reason": rep.reason()}}]
    return sarif
