#!/usr/bin/env python3
"""Side-by-side benchmark: nagle-lint against ruff, flake8 (with and without the NAG plugin)
and semgrep (bench/semgrep/nagle.yml), over the same tree, with the same exclusion.

Installs nothing. Peers that are not installed are skipped (install them with
`pip install -e '.[bench]'`). Every run is bounded by --timeout; a run that times out is
reported as such and its time is not used.

    python bench/bench.py                       # stdlib (minus site-packages), 3 runs, growth on
    python bench/bench.py --runs 5 --markdown docs/bench-latest.md --json out.json
    python bench/bench.py --tree ~/src/project --no-growth

Measures, per tool: median / min / max wall time (time.perf_counter around the process),
CPU time (user + sys of the whole process tree, from wait4), max RSS of the largest single
process (wait4 ru_maxrss) and the peak of the summed RSS of every process in the run's session
(sampled from /proc every 20 ms: it catches worker pools). Tools run alternately, round by round.

Prints a markdown report (machine, versions, per-tool table, the ratios issue 6 asks for) that can
be pasted into docs/performance.md.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEMGREP_RULES = HERE / "semgrep" / "nagle.yml"
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

# Runs flake8 in-process after hiding (or not) the nagle-lint distribution from
# importlib.metadata, so flake8's plugin finder never sees the NAG entry point. Both the "with"
# and the "without" run go through this same wrapper, so its cost cancels out. flake8's worker
# processes are forked from this process and inherit the filtered plugin list.
FLAKE8_WRAPPER = r"""
import importlib.metadata as md, sys
hide = sys.argv.pop(1)
if hide != "-":
    _orig = md.distributions
    def _filtered(**kw):
        for dist in _orig(**kw):
            name = (dist.metadata["Name"] or "").lower().replace("_", "-")
            if name != hide:
                yield dist
    md.distributions = _filtered
sys.argv[0] = "flake8"
from flake8.main.cli import main
sys.exit(main())
"""

# Fallback copy of the engine's triage words, used only if nagle_lint cannot be imported.
_FALLBACK_TRIAGE = ("socket(", "SocketType(", "create_connection", "create_server", "open_connection",
                    "start_server", "RequestHandler")


# -- measuring one process ---------------------------------------------------------------------
@dataclass
class Run:
    wall: float
    cpu: float
    maxrss_mb: float  # largest single process (wait4)
    tree_rss_mb: float  # peak of the sum over the session (sampled)
    rc: int
    timed_out: bool
    stdout: str = ""
    stderr: str = ""


def _session_rss(sid: int) -> int:
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read()
            fields = stat[stat.rindex(b")") + 2:].split()
            if int(fields[3]) != sid:  # field 6 of stat: session id
                continue
            with open(f"/proc/{entry}/statm", "rb") as handle:
                total += int(handle.read().split()[1]) * PAGE
        except (OSError, ValueError, IndexError):
            continue
    return total


def measure(cmd: list[str], timeout: float, cwd: str | None = None, env: dict | None = None,
            keep_output: bool = False) -> Run:
    """Run cmd once in its own session; never longer than timeout (the session is killed)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=cwd, env=env,
                                start_new_session=True)
        peak = 0
        stop = threading.Event()
        killed = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not stop.is_set():
                peak = max(peak, _session_rss(proc.pid))
                stop.wait(0.02)

        def kill() -> None:
            killed.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # only the session this function started
            except ProcessLookupError:
                pass

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            wall = time.perf_counter() - start
            timer.cancel()
            stop.set()
            sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if killed.is_set():
            # The tool is dead; its orphaned helpers (if any) were in the same session: killed too.
            pass
        text_out = text_err = ""
        out.seek(0)
        err.seek(0)
        text_out = out.read().decode("utf-8", "replace") if keep_output else ""
        text_err = err.read().decode("utf-8", "replace")[-20000:]
    return Run(wall=wall, cpu=usage.ru_utime + usage.ru_stime, maxrss_mb=usage.ru_maxrss / 1024,
               tree_rss_mb=peak / 2**20, rc=proc.returncode, timed_out=killed.is_set(),
               stdout=text_out, stderr=text_err)


# -- machine and tools -------------------------------------------------------------------------
def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def find_tool(name: str) -> str | None:
    local = Path(sys.executable).parent / name
    if local.exists():
        return str(local)
    return shutil.which(name)


QUIET_ENV = dict(os.environ, SEMGREP_SEND_METRICS="off", SEMGREP_ENABLE_VERSION_CHECK="0", NO_COLOR="1")


def version_of(cmd: list[str]) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, check=False,
                             env=QUIET_ENV)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"? ({exc})"
    text = (out.stdout or out.stderr).strip().splitlines()
    return text[0] if text else "?"


def code_stamp() -> str | None:
    """Sizes and mtimes of nagle-lint's modules. nagle-lint's cache key includes them, so an edit
    between priming and a warm run turns the warm run cold: such a run is detected and redone."""
    try:
        import importlib.util

        spec = importlib.util.find_spec("nagle_lint")
        folder = Path(spec.origin).parent if spec and spec.origin else None
    except (ImportError, ValueError):
        folder = None
    if folder is None:
        return None
    stamps = []
    for path in sorted(folder.rglob("*.py")):
        try:
            info = path.stat()
        except OSError:
            continue
        stamps.append((str(path), info.st_size, info.st_mtime_ns))
    return repr(stamps)


# -- the tree ----------------------------------------------------------------------------------
@dataclass
class TreeStats:
    files: int = 0
    total_bytes: int = 0
    candidate_files: int = 0
    candidate_bytes: int = 0
    how: str = ""


def tree_stats(tree: str, exclude: tuple[str, ...]) -> TreeStats:
    """Files nagle-lint would check, and the bytes of those that pass its triage."""
    stats = TreeStats()
    try:
        from nagle_lint import engine
        from nagle_lint.settings import Settings

        settings = Settings(extend_exclude=exclude)
        files, _ = engine.discover([tree], settings)
        passes = functools.partial(engine.triaged, settings=settings)
        stats.how = "nagle_lint.engine.discover + triaged"
    except Exception as exc:  # noqa: BLE001 - the bench still runs without the package
        pattern = re.compile("|".join(re.escape(w) for w in _FALLBACK_TRIAGE).encode())
        passes = pattern.search
        files = []
        for dirpath, dirnames, filenames in os.walk(tree):
            dirnames[:] = [d for d in dirnames if d not in exclude]
            files += [os.path.join(dirpath, f) for f in filenames if f.endswith((".py", ".pyi"))]
        stats.how = f"fallback walk + copied triage words ({type(exc).__name__})"
    for path in files:
        try:
            data = Path(path).read_bytes()
        except OSError:
            continue
        stats.files += 1
        stats.total_bytes += len(data)
        if passes(data):
            stats.candidate_files += 1
            stats.candidate_bytes += len(data)
    return stats


# -- the contestants ---------------------------------------------------------------------------
@dataclass
class Contestant:
    key: str
    label: str
    cmd: list[str]
    env: dict | None = None
    prime: list[str] | None = None  # run once, untimed, before the timed runs (the warm cache)
    runs: list[Run] = field(default_factory=list)
    runs_wanted: int = 3
    keep_output: bool = False


def build(args, tools: dict, tree: str, workdir: str) -> list[Contestant]:
    ex = args.exclude
    quiet_env = QUIET_ENV
    out: list[Contestant] = []
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []
    if tools.get("ruff"):
        cmd = [tools["ruff"], "check", "--no-cache", "--isolated", "--exit-zero", "--output-format", "concise"]
        cmd += ["--extend-exclude", ex] if ex else []
        out.append(Contestant("ruff", "ruff check --no-cache --isolated (default rules)", cmd + [tree]))
    if tools.get("nagle-lint"):
        base = [tools["nagle-lint"], "--exit-zero"] + jobs + (["--extend-exclude", ex] if ex else [])
        out.append(Contestant("nagle_cold", "nagle-lint --no-cache (cold)", base + ["--no-cache", tree]))
        cache = os.path.join(workdir, "nagle-cache")
        warm = base + ["--cache-dir", cache, tree]
        out.append(Contestant("nagle_warm", "nagle-lint, cache primed (warm)", warm, prime=warm))
    if tools.get("semgrep"):
        json_out = os.path.join(workdir, "semgrep.json")
        cmd = [tools["semgrep"], "scan", "--config", str(SEMGREP_RULES), "--metrics=off",
               "--disable-version-check", "--no-git-ignore", "--x-ignore-semgrepignore-files", "--quiet",
               "--json", "--output", json_out]
        cmd += ["--exclude", ex] if ex else []
        if args.jobs:
            cmd += ["--jobs", str(args.jobs)]
        out.append(Contestant("semgrep", "semgrep scan, bench/semgrep/nagle.yml", cmd + [tree], env=quiet_env))
    if tools.get("flake8"):
        common = ["--isolated", "--exit-zero", "--jobs", str(args.jobs or os.cpu_count() or 1)]
        common += ["--extend-exclude", ex] if ex else []
        # (the plugin keeps results in .nagle_lint_cache of the working folder, workdir here: the
        # cold run is told not to, the warm one reads what its priming run wrote)
        for key, hide, label, extra in (
                ("flake8_plain", "nagle-lint", "flake8 (default plugins, NAG hidden)", []),
                ("flake8_nag", "-", "flake8 + NAG plugin, --nagle-no-cache (cold)", ["--nagle-no-cache"]),
                ("flake8_nag_warm", "-", "flake8 + NAG plugin, its cache primed (warm)", [])):
            cmd = [sys.executable, "-c", FLAKE8_WRAPPER, hide] + common + extra + [tree]
            out.append(Contestant(key, label, cmd, prime=cmd if key == "flake8_nag_warm" else None,
                                  runs_wanted=args.flake8_runs, keep_output=True))
    for c in out:
        if not c.key.startswith("flake8_"):
            c.runs_wanted = args.runs
    return out


# -- report ------------------------------------------------------------------------------------
def med(runs: list[Run], attr: str) -> float | None:
    values = [getattr(r, attr) for r in runs if not r.timed_out]
    return statistics.median(values) if values else None


def fmt(value, unit="", digits=2) -> str:
    if value is None:
        return "n/a"
    return f"{value:.{digits}f}{unit}"


def fx(value) -> str:
    return "n/a" if value is None else f"{value:.2f}x"


def verdict(value, limit, lower_is_better=True) -> str:
    if value is None:
        return "not measured"
    ok = value <= limit if lower_is_better else value >= limit
    return "met" if ok else "MISSED"


def main(argv=None) -> int:
    default_tree = sysconfig.get_paths()["stdlib"]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", default=default_tree, help=f"tree to lint (default: {default_tree})")
    parser.add_argument("--exclude", default="site-packages",
                        help="one directory name excluded from --tree by every tool (default: site-packages; "
                             "'' for none)")
    parser.add_argument("--tree2", default=None,
                        help="larger tree for the growth measurement (default: --tree without the exclusion)")
    parser.add_argument("--no-growth", action="store_true", help="skip the growth measurement")
    parser.add_argument("--growth-runs", type=int, default=1, help="nagle-lint cold runs on tree 2 (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per tool (default 3)")
    parser.add_argument("--flake8-runs", type=int, default=None, help="runs for each flake8 variant (default --runs)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds allowed per run (default 900)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="workers for nagle-lint, flake8 and semgrep (default: each tool's own default; "
                             "flake8 gets all cores)")
    parser.add_argument("--tools", default="ruff,nagle-lint,semgrep,flake8",
                        help="comma-separated subset of ruff,nagle-lint,semgrep,flake8")
    parser.add_argument("--markdown", help="also write the markdown report to this file")
    parser.add_argument("--json", help="write every raw run to this JSON file")
    args = parser.parse_args(argv)
    args.flake8_runs = args.flake8_runs or args.runs
    tree = os.path.abspath(args.tree)
    if not os.path.isdir(tree):
        parser.error(f"no such directory: {tree}")

    wanted = {t.strip() for t in args.tools.split(",") if t.strip()}
    tools = {name: find_tool(name) for name in ("ruff", "nagle-lint", "semgrep", "flake8") if name in wanted}
    versions = {}
    if tools.get("ruff"):
        versions["ruff"] = version_of([tools["ruff"], "--version"])
    if tools.get("nagle-lint"):
        versions["nagle-lint"] = version_of([tools["nagle-lint"], "--version"])
    if tools.get("semgrep"):
        versions["semgrep"] = version_of([tools["semgrep"], "--version", "--disable-version-check"])
    if tools.get("flake8"):
        versions["flake8"] = version_of([tools["flake8"], "--version"])
    for name, path in tools.items():
        print(f"# {name}: {path or 'not installed, skipped'}", file=sys.stderr)

    exclude = (args.exclude,) if args.exclude else ()
    stats1 = tree_stats(tree, exclude)
    print(f"# tree 1: {tree} (excluding {args.exclude or 'nothing'}): {stats1.files} files, "
          f"{stats1.total_bytes / 2**20:.1f} MB, {stats1.candidate_files} candidate files "
          f"({stats1.candidate_bytes / 2**20:.1f} MB)", file=sys.stderr)

    load_before = loadavg()
    workdir = tempfile.mkdtemp(prefix="nagle-bench-")
    contestants = build(args, tools, tree, workdir)
    primed_with: dict[str, str | None] = {}

    def prime(c: Contestant) -> None:
        print(f"# priming: {c.label}", file=sys.stderr)
        primed_with[c.key] = code_stamp()
        measure(c.prime, args.timeout, cwd=workdir, env=c.env)

    for c in contestants:
        if c.prime:
            prime(c)
    redone = 0
    rounds = max((c.runs_wanted for c in contestants), default=0)
    for i in range(rounds):
        order = contestants[i % len(contestants):] + contestants[:i % len(contestants)] if contestants else []
        for c in order:
            if len(c.runs) >= c.runs_wanted:
                continue
            for attempt in range(3):
                if c.prime and primed_with.get(c.key) != code_stamp():
                    prime(c)  # nagle-lint was edited since priming: the cache is stale by design
                run = measure(c.cmd, args.timeout, cwd=workdir, env=c.env, keep_output=c.keep_output)
                if not (c.prime and primed_with.get(c.key) != code_stamp()):
                    break
                redone += 1
                print(f"# {c.key}: nagle-lint's code changed during the run; primed again and redone",
                      file=sys.stderr)
            c.runs.append(run)
            note = " TIMEOUT" if run.timed_out else (f" rc={run.rc}" if run.rc not in (0, 1) else "")
            print(f"# round {i + 1}: {c.key:13s} {run.wall:8.2f} s wall {run.cpu:8.2f} s cpu "
                  f"{run.maxrss_mb:7.1f} MB max RSS {run.tree_rss_mb:7.1f} MB tree{note}", file=sys.stderr)
            if run.rc not in (0, 1) and run.stderr:
                print("#   " + run.stderr.strip().splitlines()[-1][:300], file=sys.stderr)

    by = {c.key: c for c in contestants}
    # sanity: what each tool covered
    notes = []
    if "semgrep" in by:
        try:
            data = json.loads(Path(workdir, "semgrep.json").read_text())
            scanned = len(data.get("paths", {}).get("scanned", []))
            notes.append(f"semgrep scanned {scanned} files, {len(data.get('results', []))} results, "
                         f"{len(data.get('errors', []))} errors")
        except (OSError, ValueError) as exc:
            notes.append(f"semgrep output unreadable: {exc}")
    for key in ("flake8_plain", "flake8_nag", "flake8_nag_warm"):
        if key in by and by[key].runs:
            last = by[key].runs[-1].stdout
            nag = sum(1 for line in last.splitlines() if re.search(r":\d+:\d+: NAG\d+", line))
            notes.append(f"{key}: {len(last.splitlines())} lines of output, {nag} NAG lines")
    if "nagle_cold" in by and by["nagle_cold"].runs:
        summary = [line for line in by["nagle_cold"].runs[-1].stderr.splitlines() if line.startswith("nagle-lint:")]
        if summary:
            notes.append(f"nagle-lint cold: {summary[-1]}")

    # growth on tree 2
    growth = None
    if not args.no_growth and tools.get("nagle-lint"):
        tree2 = os.path.abspath(args.tree2) if args.tree2 else tree
        exclude2 = () if not args.tree2 else exclude
        stats2 = tree_stats(tree2, exclude2)
        print(f"# tree 2: {tree2} (excluding {exclude2 or 'nothing'}): {stats2.files} files, "
              f"{stats2.total_bytes / 2**20:.1f} MB, {stats2.candidate_files} candidate files "
              f"({stats2.candidate_bytes / 2**20:.1f} MB)", file=sys.stderr)
        cmd = [tools["nagle-lint"], "--exit-zero", "--no-cache"] + (["--jobs", str(args.jobs)] if args.jobs else [])
        cmd += (["--extend-exclude", ",".join(exclude2)] if exclude2 else []) + [tree2]
        runs2 = []
        for _ in range(args.growth_runs):
            run = measure(cmd, args.timeout, cwd=workdir)
            runs2.append(run)
            print(f"# tree 2: nagle_cold {run.wall:8.2f} s wall {run.cpu:8.2f} s cpu "
                  f"{run.maxrss_mb:7.1f} MB max RSS{' TIMEOUT' if run.timed_out else ''}", file=sys.stderr)
        growth = (tree2, exclude2, stats2, runs2)
    load_after = loadavg()
    shutil.rmtree(workdir, ignore_errors=True)

    # -- markdown --
    lines = []
    lines.append(f"Run {time.strftime('%Y-%m-%d %H:%M:%S')} with `python bench/bench.py "
                 f"{' '.join(argv if argv is not None else sys.argv[1:])}`".rstrip() + "\n")
    lines.append("| machine | |\n| --- | --- |")
    lines.append(f"| CPU | {cpu_model()}, {os.cpu_count()} cores |")
    lines.append(f"| OS / Python | {platform.system()} {platform.release()} / {platform.python_version()} |")
    lines.append(f"| load average (1, 5, 15 min) | before {load_before}; after {load_after} |")
    for name, version in versions.items():
        lines.append(f"| {name} | {version} |")
    lines.append(f"| tree 1 | `{tree}` excluding `{args.exclude or '-'}`: {stats1.files} files, "
                 f"{stats1.total_bytes / 2**20:.1f} MB; {stats1.candidate_files} pass triage "
                 f"({stats1.candidate_bytes / 2**20:.2f} MB) |")
    lines.append("")
    lines.append("| tool | runs | wall median (s) | wall min-max (s) | CPU median (s) | max RSS (MB) | "
                 "peak tree RSS (MB) |")
    lines.append("| --- | --- | --- | --- | --- | --- | --- |")
    for c in contestants:
        ok = [r for r in c.runs if not r.timed_out]
        span = f"{min(r.wall for r in ok):.2f}-{max(r.wall for r in ok):.2f}" if ok else "n/a"
        timeouts = len(c.runs) - len(ok)
        runs = f"{len(ok)}" + (f" (+{timeouts} timed out)" if timeouts else "")
        lines.append(f"| {c.label} | {runs} | {fmt(med(c.runs, 'wall'))} | {span} | {fmt(med(c.runs, 'cpu'))} | "
                     f"{fmt(max((r.maxrss_mb for r in ok), default=None), digits=0)} | "
                     f"{fmt(max((r.tree_rss_mb for r in ok), default=None), digits=0)} |")
    lines.append("")

    def ratio(a, b, attr="wall"):
        x = med(by[a].runs, attr) if a in by else None
        y = med(by[b].runs, attr) if b in by else None
        return x / y if x is not None and y else None

    cold_ruff = ratio("nagle_cold", "ruff")
    warm_ruff = ratio("nagle_warm", "ruff")
    cold_semgrep = ratio("nagle_cold", "semgrep")
    flake8_overhead = ratio("flake8_nag", "flake8_plain")
    rss = None
    tree_rss = None
    if "nagle_cold" in by:
        ok = [r for c in ("nagle_cold", "nagle_warm") for r in by[c].runs if not r.timed_out]
        rss = max((r.maxrss_mb for r in ok), default=None)
        tree_rss = max((r.tree_rss_mb for r in ok), default=None)
    lines.append("| target (issue 6) | measured (wall; CPU in brackets) | limit | |")
    lines.append("| --- | --- | --- | --- |")
    lines.append(f"| nagle-lint cold / ruff cold | {fx(cold_ruff)} ({fx(ratio('nagle_cold', 'ruff', 'cpu'))}) "
                 f"| <= 2x | {verdict(cold_ruff, 2)} |")
    lines.append(f"| nagle-lint warm / ruff cold | {fx(warm_ruff)} ({fx(ratio('nagle_warm', 'ruff', 'cpu'))}) "
                 f"| <= 0.5x | {verdict(warm_ruff, 0.5)} |")
    lines.append(f"| nagle-lint cold / semgrep | {fx(cold_semgrep)} "
                 f"({fx(ratio('nagle_cold', 'semgrep', 'cpu'))}) | < 1x | {verdict(cold_semgrep, 0.9999)} |")
    lines.append(f"| flake8 with NAG / without | {fx(flake8_overhead)} "
                 f"({fx(ratio('flake8_nag', 'flake8_plain', 'cpu'))}) | <= 1.10x | "
                 f"{verdict(flake8_overhead, 1.10)} |")
    flake8_warm = ratio("flake8_nag_warm", "flake8_plain")
    lines.append(f"| flake8 with NAG, warm / without | {fx(flake8_warm)} "
                 f"({fx(ratio('flake8_nag_warm', 'flake8_plain', 'cpu'))}) | <= 1.10x | "
                 f"{verdict(flake8_warm, 1.10)} |")
    lines.append(f"| nagle-lint max RSS (largest process; whole tree summed) | {fmt(rss, ' MB', 0)}; "
                 f"{fmt(tree_rss, ' MB', 0)} | <= 250 MB | {verdict(rss, 250)} |")
    if growth:
        tree2, exclude2, stats2, runs2 = growth
        t1 = med(by["nagle_cold"].runs, "wall") if "nagle_cold" in by else None
        t2 = med(runs2, "wall")
        c1 = stats1.candidate_bytes / 2**20
        c2 = stats2.candidate_bytes / 2**20
        per1 = t1 / c1 if t1 is not None and c1 else None
        per2 = t2 / c2 if t2 is not None and c2 else None
        tot1 = t1 / (stats1.total_bytes / 2**20) if t1 is not None and stats1.total_bytes else None
        tot2 = t2 / (stats2.total_bytes / 2**20) if t2 is not None and stats2.total_bytes else None
        g = per2 / per1 if per1 and per2 else None
        u1 = med(by["nagle_cold"].runs, "cpu") if "nagle_cold" in by else None
        u2 = med(runs2, "cpu")
        cpu1 = u1 / c1 if u1 is not None and c1 else None
        cpu2 = u2 / c2 if u2 is not None and c2 else None
        gc = cpu2 / cpu1 if cpu1 and cpu2 else None
        lines.append(f"| growth: s per candidate MB, tree 2 / tree 1 | wall {fmt(per2)} / {fmt(per1)} = {fx(g)}; "
                     f"CPU {fmt(cpu2)} / {fmt(cpu1)} = {fx(gc)} (wall per total MB: {fmt(tot2, digits=3)} / "
                     f"{fmt(tot1, digits=3)}) | ~1x | "
                     f"{'proportional' if gc is not None and 0.67 <= gc <= 1.5 else 'see notes'} |")
        lines.append("")
        lines.append("| growth | files | total MB | candidate files | candidate MB | nagle-lint cold wall (s) | "
                     "CPU (s) | max RSS (MB) |")
        lines.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
        lines.append(f"| tree 1: `{tree}` minus `{args.exclude or '-'}` | {stats1.files} | "
                     f"{stats1.total_bytes / 2**20:.1f} | {stats1.candidate_files} | {c1:.2f} | {fmt(t1)} | "
                     f"{fmt(med(by['nagle_cold'].runs, 'cpu')) if 'nagle_cold' in by else 'n/a'} | "
                     f"{fmt(max((r.maxrss_mb for r in by['nagle_cold'].runs), default=None), digits=0) if 'nagle_cold' in by else 'n/a'} |")
        lines.append(f"| tree 2: `{tree2}`{' minus ' + ','.join(exclude2) if exclude2 else ' (all)'} | "
                     f"{stats2.files} | {stats2.total_bytes / 2**20:.1f} | {stats2.candidate_files} | {c2:.2f} | "
                     f"{fmt(t2)} | {fmt(med(runs2, 'cpu'))} | "
                     f"{fmt(max((r.maxrss_mb for r in runs2 if not r.timed_out), default=None), digits=0)} |")
    lines.append("")
    missing = [name for name in ("ruff", "nagle-lint", "semgrep", "flake8") if name in wanted and not tools.get(name)]
    if missing:
        lines.append(f"Not measured (not installed): {', '.join(missing)}.")
    for note in notes:
        lines.append(f"- {note}")
    lines.append(f"- candidate bytes: {stats1.how}")
    if redone:
        lines.append(f"- {redone} warm run(s) redone because nagle-lint's source changed under the run")
    report = "\n".join(lines) + "\n"
    print(report)
    if args.markdown:
        Path(args.markdown).write_text(report, encoding="utf-8")
    if args.json:
        raw = {c.key: {"label": c.label, "cmd": c.cmd,
                       "runs": [{k: v for k, v in vars(r).items() if k not in ("stdout", "stderr")} for r in c.runs]}
               for c in contestants}
        if growth:
            raw["growth_tree2"] = {"tree": growth[0], "stats": vars(growth[2]),
                                   "runs": [{k: v for k, v in vars(r).items() if k not in ("stdout", "stderr")}
                                            for r in growth[3]]}
        raw["tree1"] = vars(stats1)
        raw["versions"] = versions
        Path(args.json).write_text(json.dumps(raw, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
