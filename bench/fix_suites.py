"""Run real packages' own test suites before and after `nagle-lint --fix --unsafe-fixes`.

    python bench/fix_suites.py [--packages bench/fix_suites.toml] [--only NAME ...]
                               [--work DIR] [--cache DIR] [--out DIR] [--nagle-lint CMD]
                               [--timeout S] [--no-netns] [--no-stdlib | --stdlib-only]

For every package in the list (see bench/README.md, "fix_suites.py"): get the release's sdist
(reuse `--cache`, the bench/realworld cache, when it holds the sdist; else `pip download --no-deps
--no-binary :all:`), copy it twice into a fresh temporary folder (`before/`, `after/`), run
`nagle-lint . --fix --unsafe-fixes --no-cache` on `after/`, then install each copy in turn into
the package's venv (cached under --work) and run the suite with pytest, offline. The suite's
counts and its failing test ids must be the same before and after. The CPython stdlib is run the
same way with `python -m test` and the copy first on PYTHONPATH.

Checks printed for every changed file: it compiles (py_compile), a second --fix changes nothing,
flake8 --select E,W reports nothing new on the changed lines, and the tests really imported the
copy (module __file__ recorded inside the test process).

Outputs in --out: results.json, diffs/<name>.diff, hunks.md (a skeleton to judge every hunk),
and the markdown table on stdout. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_LIST = HERE / "fix_suites.toml"
CACHE_HOME = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
DEFAULT_WORK = CACHE_HOME / "nagle-lint-fix-suites"
DEFAULT_RW_CACHE = CACHE_HOME / "nagle-lint-realworld"
FIX_ARGS = [".", "--fix", "--unsafe-fixes", "--no-cache"]
PYTEST_BASE = ["-p", "no:cacheprovider", "-q", "-p", "_fs_probe", "-o", "junit_family=xunit1",
               "--continue-on-collection-errors"]

# Loaded into every pytest run with -p: records, at the end of the session, the file of every
# module the test process imported, so the script can check that the tests ran the copy.
PROBE = '''
import json, os, sys, threading

# FS_TRACE names a JSON file {path: [line, ...]}: the lines the fix added (after) or the lines
# they follow (before). A trace function, installed in both runs alike, notes which ran.
_targets = {}
_seen_files = {}
_hits = set()

def _global(frame, event, arg):
    fn = frame.f_code.co_filename
    key = _seen_files.get(fn)
    if key is None:
        real = os.path.realpath(fn)
        key = _seen_files[fn] = real if real in _targets else ""
    return _local if key else None

def _local(frame, event, arg):
    if event == "line":
        key = _seen_files.get(frame.f_code.co_filename)
        if key and frame.f_lineno in _targets[key]:
            _hits.add((key, frame.f_lineno))
    return _local

def start_trace():
    spec = os.environ.get("FS_TRACE")
    if not spec:
        return
    with open(spec) as fh:
        _targets.update({os.path.realpath(k): set(v) for k, v in json.load(fh).items()})
    if _targets:
        sys.settrace(_global)
        threading.settrace(_global)

def dump():
    out = os.environ.get("FS_PROBE_OUT")
    if not out:
        return
    mods = {}
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None)
        if isinstance(f, str):
            mods[name] = os.path.realpath(f)
    with open(out, "w") as fh:
        json.dump({"modules": mods, "lines_run": sorted(_hits)}, fh)

def pytest_configure(config):
    start_trace()

def pytest_sessionfinish(session, exitstatus):
    dump()
'''

# The stdlib run: import the changed modules first (their __file__ is what the tests will use),
# dump sys.modules at exit as well, then run regrtest in this process (no -j: no workers).
STDLIB_RUNNER = r'''
import atexit, importlib, json, os, runpy, sys
sys.path.insert(0, os.environ["FS_PROBE_DIR"])
import _fs_probe
sys.path.pop(0)
_fs_probe.start_trace()
pre = {}
for name in filter(None, os.environ.get("FS_PREIMPORT", "").split(",")):
    try:
        pre[name] = os.path.realpath(importlib.import_module(name).__file__)
    except Exception as exc:
        pre[name] = "import failed: %r" % (exc,)
def _dump():
    _fs_probe.dump()
    out = os.environ["FS_PROBE_OUT"]
    with open(out) as fh:
        data = json.load(fh)
    data["modules"].update({"preimport:" + k: v for k, v in pre.items()})
    with open(out, "w") as fh:
        json.dump(data, fh)
atexit.register(_dump)
sys.argv[0] = "python -m test"
runpy.run_module("test", run_name="__main__", alter_sys=True)
'''


def log(*a: object) -> None:
    print(*a, file=sys.stderr, flush=True)


# -- the package list ----------------------------------------------------------------------------

@dataclass
class Pkg:
    name: str
    version: str
    tests: list[str]                       # pytest arguments (paths) run from the copy's root
    deps: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)   # modules that must come from the copy
    deselect: list[str] = field(default_factory=list)  # --deselect node ids
    ignore: list[str] = field(default_factory=list)    # --ignore paths
    k: str = ""                                        # -k expression
    extra_args: list[str] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)  # files written into both copies
    editable: bool = True
    cwd: str = ""                                      # run pytest here (relative to the root)
    env: dict[str, str] = field(default_factory=dict)  # extra environment for the suite
    python: str = ""                                   # interpreter for the venv (default: this one)
    timeout: int = 0                                   # seconds per suite run (0: --timeout)
    why: str = ""                                      # why the deselections

    @property
    def key(self) -> str:
        return f"{self.name}-{self.version}"


@dataclass
class Stdlib:
    python: str
    tests: list[str]
    args: list[str] = field(default_factory=list)
    timeout: int = 1200


def load_list(path: Path) -> tuple[list[Pkg], Stdlib | None]:
    data = tomllib.loads(path.read_text())
    pkgs = [Pkg(**p) for p in data.get("package", [])]
    std = Stdlib(**data["stdlib"]) if "stdlib" in data else None
    return pkgs, std


# -- source --------------------------------------------------------------------------------------

def _unpack(archive: Path, tree: Path) -> Path:
    tree.mkdir(parents=True)
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            for m in zf.namelist():
                if m.startswith("/") or ".." in Path(m).parts:
                    raise OSError(f"unsafe member {m}")
            zf.extractall(tree)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(tree, filter="data")
    tops = list(tree.iterdir())
    return tops[0] if len(tops) == 1 and tops[0].is_dir() else tree


def _is_sdist_root(p: Path) -> bool:
    return (p / "setup.py").exists() or (p / "pyproject.toml").exists()


def get_source(pkg: Pkg, work: Path, cache: Path | None) -> Path:
    """The unpacked sdist (read-only: it is copied, never changed)."""
    if cache:
        home = cache / pkg.key
        if not home.exists():  # the realworld cache is keyed by the lower-case name
            home = cache / f"{pkg.name.lower()}-{pkg.version}"
        done = home / ".unpacked"
        dists = list((home / "dist").glob("*")) if (home / "dist").is_dir() else []
        if done.exists() and dists and not any(d.name.endswith(".whl") for d in dists):
            root = Path(done.read_text().strip())
            if _is_sdist_root(root):
                log(f"  source: {root} (cache)")
                return root
    home = work / "sdists" / pkg.key
    done = home / ".unpacked"
    if done.exists():
        return Path(done.read_text().strip())
    if home.exists():
        shutil.rmtree(home)
    dl = home / "dist"
    dl.mkdir(parents=True)
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "--quiet",
           "--disable-pip-version-check", "-d", str(dl), f"{pkg.name}=={pkg.version}"]
    log("  $", shlex.join(cmd))
    subprocess.run(cmd, check=True, timeout=900)
    archive = next(dl.iterdir())
    root = _unpack(archive, home / "tree")
    done.write_text(str(root))
    log(f"  source: {root} (downloaded)")
    return root


# -- venv ----------------------------------------------------------------------------------------

def ensure_venv(pkg: Pkg, work: Path, seed: Path) -> Path:
    """A venv with the test deps and the package's own deps (installed once from `seed`)."""
    python = pkg.python or sys.executable
    venv = work / "venvs" / (pkg.key + (f"-{Path(python).name}" if pkg.python else ""))
    spec = json.dumps({"deps": pkg.deps, "editable": pkg.editable, "py": python})
    marker = venv / ".fix-suites-ready"
    if marker.exists() and marker.read_text() == spec:
        return venv
    if venv.exists():
        shutil.rmtree(venv)
    log(f"  creating venv {venv}")
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run(pip + ["--upgrade", "pip", "setuptools", "wheel"], check=True, timeout=900)
    # the package's runtime deps: install a scratch copy once (then replaced by each copy)
    scratch = Path(tempfile.mkdtemp(prefix="fs-seed-", dir=work / "tmp"))
    try:
        shutil.copytree(seed, scratch / "src", symlinks=True)
        with open(venv / "fix-suites-install.log", "w") as fh:
            subprocess.run(pip + [str(scratch / "src")] + pkg.deps, check=True, timeout=1800,
                           stdout=fh, stderr=subprocess.STDOUT)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    marker.write_text(spec)
    return venv


def install_copy(pkg: Pkg, venv: Path, copy: Path) -> None:
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--no-deps", "--force-reinstall"]
    target = ["-e", str(copy)] if pkg.editable else [str(copy)]
    subprocess.run(pip + target, check=True, timeout=1800, capture_output=True, text=True)


# -- running a suite -----------------------------------------------------------------------------

def netns_prefix(enabled: bool) -> list[str]:
    """Run in a fresh network namespace with loopback only: the suite cannot reach the net."""
    if not enabled or not shutil.which("unshare") or not shutil.which("ip"):
        return []
    probe = subprocess.run(["unshare", "-rn", "sh", "-c", "ip link set lo up"], capture_output=True)
    if probe.returncode != 0:
        return []
    return ["unshare", "-rn", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"]


@dataclass
class SuiteResult:
    counts: dict[str, int]
    failing: list[str]
    rc: int | None
    seconds: float
    timed_out: bool
    modules: dict[str, str]
    log_tail: str
    nodeids: dict[str, str] = field(default_factory=dict)
    lines_run: list[tuple[str, int]] = field(default_factory=list)

    def summary(self) -> str:
        c = self.counts
        s = f"{c['passed']}/{c['failed']}/{c['error']}/{c['skipped']}"
        return s + (" TIMEOUT" if self.timed_out else "")


def parse_junit(path: Path, nodeids: dict[str, str] | None = None) -> tuple[dict[str, int], list[str]]:
    """Counts and sorted failing ids ("F id" / "E id"); fills nodeids {id: pytest node id}."""
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    failing: list[str] = []
    if not path.exists() or path.stat().st_size == 0:
        return counts, failing
    for tc in ET.parse(path).getroot().iter("testcase"):
        cls, name = tc.get("classname", ""), tc.get("name", "")
        tid = "::".join(x for x in (cls, name) if x)
        kids = {c.tag for c in tc}
        if "error" in kids:
            counts["error"] += 1
            failing.append("E " + tid)
        elif "failure" in kids:
            counts["failed"] += 1
            failing.append("F " + tid)
        elif "skipped" in kids or tc.get("status") == "skipped":
            counts["skipped"] += 1
        else:
            counts["passed"] += 1
        if nodeids is not None and tc.get("file"):
            # xunit1 gives the file: classname is its dotted module path plus the class(es)
            f = tc.get("file")
            mod = f[:-3].replace("/", ".") if f.endswith(".py") else f
            rest = cls[len(mod) + 1:].replace(".", "::") if cls.startswith(mod + ".") else ""
            nodeids[tid] = "::".join(x for x in (f, rest, name) if x)
    return counts, sorted(failing)


def outcome_of(path: Path) -> dict[str, str]:
    """{id: passed|failed|error|skipped} of one junit file."""
    out = {}
    if not path.exists() or path.stat().st_size == 0:
        return out
    for tc in ET.parse(path).getroot().iter("testcase"):
        tid = "::".join(x for x in (tc.get("classname", ""), tc.get("name", "")) if x)
        kids = {c.tag for c in tc}
        out[tid] = ("error" if "error" in kids else "failed" if "failure" in kids
                    else "skipped" if "skipped" in kids or tc.get("status") == "skipped" else "passed")
    return out


def run_suite(cmd: list[str], cwd: Path, env: dict[str, str], timeout: int, junit: Path,
              probe_out: Path, logfile: Path) -> SuiteResult:
    for p in (junit, probe_out):
        if p.exists():
            p.unlink()
    t0 = time.perf_counter()
    timed_out = False
    with open(logfile, "w") as fh:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(proc.pid, 9)
            rc = proc.wait()
    secs = time.perf_counter() - t0
    nodeids: dict[str, str] = {}
    counts, failing = parse_junit(junit, nodeids)
    probe = json.loads(probe_out.read_text()) if probe_out.exists() else {}
    tail = "\n".join(logfile.read_text(errors="replace").splitlines()[-3:])
    return SuiteResult(counts, failing, rc, secs, timed_out, probe.get("modules", {}), tail, nodeids,
                       [tuple(x) for x in probe.get("lines_run", [])])


def pytest_cmd(pkg: Pkg, venv: Path, junit: Path) -> list[str]:
    cmd = [str(venv / "bin" / "pytest"), *PYTEST_BASE, f"--junitxml={junit}"]
    for d in pkg.deselect:
        cmd += ["--deselect", d]
    for i in pkg.ignore:
        cmd += ["--ignore", i]
    if pkg.k:
        cmd += ["-k", pkg.k]
    return cmd + pkg.extra_args + pkg.tests


def suite_env(probe_dir: Path, probe_out: Path, extra_path: str | None = None,
              extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PYTEST", "PIP_"))}
    env["PYTHONPATH"] = os.pathsep.join(x for x in (extra_path, str(probe_dir)) if x)
    env["FS_PROBE_OUT"] = str(probe_out)
    env["FS_PROBE_DIR"] = str(probe_dir)
    # belt and braces beside the network namespace: no proxy reachable, no pip downloads
    env.update({"http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
                "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
                "no_proxy": "localhost,127.0.0.1,::1", "PIP_NO_INDEX": "1"})
    env.update(extra or {})
    return env


# -- the fix and its checks ----------------------------------------------------------------------

@dataclass
class FixResult:
    diff: str
    files: list[str]
    hunks: int
    fix_rc: int
    fix_out: str
    idempotent: bool | None = None
    second_diff: str = ""
    compile_errors: list[str] = field(default_factory=list)
    flake8_new: list[str] = field(default_factory=list)
    flake8_note: str = ""
    added: dict[str, list[int]] = field(default_factory=dict)    # lines the fix added (after)
    anchors: dict[str, list[int]] = field(default_factory=dict)  # the lines they follow (before)


def run_fix(nagle: list[str], tree: Path) -> tuple[int, str]:
    proc = subprocess.run(nagle + FIX_ARGS, cwd=tree, capture_output=True, text=True, timeout=1800)
    return proc.returncode, (proc.stdout + proc.stderr).strip()


def tree_diff(tmp: Path, a: str, b: str) -> str:
    proc = subprocess.run(["diff", "-ru", "-x", "__pycache__", a, b], cwd=tmp, capture_output=True,
                          text=True, errors="replace")
    return proc.stdout


def changed_files(diff: str, prefix: str) -> list[str]:
    files = []
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = line[4:].split("\t")[0]
            files.append(path[len(prefix) + 1:] if path.startswith(prefix + "/") else path)
        elif line.startswith("Only in "):
            files.append("?? " + line)
    return files


def fix_and_check(nagle: list[str], tmp: Path, before: str, after: str) -> FixResult:
    rc, out = run_fix(nagle, tmp / after)
    diff = tree_diff(tmp, before, after)
    files = changed_files(diff, after)
    hunks = sum(1 for ln in diff.splitlines() if ln.startswith("@@"))
    res = FixResult(diff, files, hunks, rc, out)
    # a second --fix on a copy of the fixed tree must change nothing
    second = tmp / (after + "-again")
    shutil.copytree(tmp / after, second, symlinks=True)
    run_fix(nagle, second)
    res.second_diff = tree_diff(tmp, after, second.name)
    res.idempotent = res.second_diff == ""
    shutil.rmtree(second)
    for rel in files:
        if rel.startswith("??") or not rel.endswith(".py"):
            continue
        p = tmp / after / rel
        proc = subprocess.run([sys.executable, "-m", "py_compile", str(p)], capture_output=True, text=True,
                              env={**os.environ, "PYTHONPYCACHEPREFIX": str(tmp / "pycache")})
        if proc.returncode != 0:
            res.compile_errors.append(f"{rel}: {proc.stderr.strip().splitlines()[-1]}")
    res.flake8_new, res.flake8_note = flake8_new(tmp, before, after, [f for f in files if f.endswith(".py")])
    for rel in files:
        if not rel.endswith(".py"):
            continue
        a = (tmp / before / rel).read_text(errors="replace").splitlines()
        b = (tmp / after / rel).read_text(errors="replace").splitlines()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag in ("insert", "replace"):
                res.added.setdefault(rel, []).extend(range(j1 + 1, j2 + 1))
                res.anchors.setdefault(rel, []).extend(range(i1 + 1, i2 + 1) if tag == "replace" else [i1])
    return res


def write_trace_spec(fix: FixResult, copy: Path, side: str, path: Path) -> None:
    lines = fix.added if side == "after" else fix.anchors
    path.write_text(json.dumps({str((copy / rel).resolve()): v for rel, v in lines.items()}))


def lines_summary(fix: FixResult, res: SuiteResult, side: str) -> tuple[int, int]:
    lines = fix.added if side == "after" else fix.anchors
    total = sum(len(v) for v in lines.values())
    return len(set(res.lines_run)), total


_FLAKE = re.compile(r"^(?P<path>.*?):(?P<line>\d+):(?P<col>\d+): (?P<code>[A-Z]\d+) (?P<msg>.*)$")


def _flake8(path: Path) -> list[tuple[int, str, str]]:
    proc = subprocess.run([sys.executable, "-m", "flake8", "--isolated", "--select", "E,W", str(path)],
                          capture_output=True, text=True)
    out = []
    for ln in proc.stdout.splitlines():
        m = _FLAKE.match(ln)
        if m:
            out.append((int(m["line"]), m["code"], m["msg"]))
    return out


def flake8_new(tmp: Path, before: str, after: str, files: list[str]) -> tuple[list[str], str]:
    """flake8 E/W messages on the fixed file that the original had not on the same line.

    Lines are mapped through difflib: an unchanged line keeps its messages' identity (code, line
    in the original); a line the fix added has no original, so any message on it is new.
    """
    if subprocess.run([sys.executable, "-m", "flake8", "--version"], capture_output=True).returncode:
        return [], "flake8 not installed: check skipped"
    new: list[str] = []
    notes = []
    for rel in files:
        a_p, b_p = tmp / before / rel, tmp / after / rel
        a = a_p.read_text(errors="replace").splitlines()
        b = b_p.read_text(errors="replace").splitlines()
        b_to_a: dict[int, int] = {}
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag == "equal":
                for k in range(j2 - j1):
                    b_to_a[j1 + k + 1] = i1 + k + 1
        old = {(ln, code) for ln, code, _ in _flake8(a_p)}
        old_codes: dict[str, int] = {}
        for _, code in old:
            old_codes[code] = old_codes.get(code, 0) + 1
        for ln, code, msg in _flake8(b_p):
            if (b_to_a.get(ln), code) not in old:
                already = old_codes.get(code, 0)
                new.append(f"{rel}:{ln}: {code} {msg}"
                           + (f" (the original file has {already} {code} already)" if already else ""))
        notes.append(rel)
    return new, f"{len(files)} file(s) compared"


def import_check(modules: dict[str, str], copy: Path, wanted: list[str],
                 changed: list[str]) -> tuple[list[str], list[str], list[str]]:
    """(problems, changed files the tests imported, changed files they did not)."""
    root = str(copy.resolve())
    problems = []
    for name in wanted:
        f = modules.get(name) or modules.get("preimport:" + name)
        if f is None:
            problems.append(f"{name}: not imported by the tests")
        elif not f.startswith(root + os.sep):
            problems.append(f"{name}: imported from {f}, not from the copy")
    files = set(modules.values())
    hit, miss = [], []
    for rel in changed:
        if not rel.endswith(".py"):
            continue
        (hit if str((copy / rel).resolve()) in files else miss).append(rel)
    return problems, hit, miss


# -- one package ---------------------------------------------------------------------------------

@dataclass
class Outcome:
    name: str
    before: SuiteResult | None = None
    after: SuiteResult | None = None
    fix: FixResult | None = None
    verdict: str = "?"
    import_problems: list[str] = field(default_factory=list)
    fixed_imported: list[str] = field(default_factory=list)
    fixed_not_imported: list[str] = field(default_factory=list)
    error: str = ""
    failing_diff: list[str] = field(default_factory=list)
    reruns: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # id -> side -> outcomes
    flaky: list[str] = field(default_factory=list)


def compare(o: Outcome) -> None:
    b, a = o.before, o.after
    if b.timed_out or a.timed_out:
        o.verdict = "DIFFERENT (timeout)" if b.timed_out != a.timed_out else "inconclusive (timeout)"
    elif b.counts["passed"] == 0:
        o.verdict = "inconclusive (no test passed)"
    elif b.counts == a.counts and b.failing == a.failing:
        o.verdict = "same"
    else:
        o.verdict = "DIFFERENT"
        fb, fa = set(b.failing), set(a.failing)
        o.failing_diff = [f"- {x}" for x in sorted(fb - fa)] + [f"+ {x}" for x in sorted(fa - fb)]
    if o.import_problems:
        o.verdict += " (import check failed)"


def differing_ids(o: Outcome) -> list[str]:
    fb, fa = set(o.before.failing), set(o.after.failing)
    return sorted({x[2:] for x in fb ^ fa})


def _absolute(nodeid: str, copy: Path, pkg: Pkg) -> str:
    """A junit file path is relative to pytest's rootdir: the copy's root or the run's cwd."""
    path, _, rest = nodeid.partition("::")
    for base in (copy, copy / pkg.cwd):
        if (base / path).exists():
            return str((base / path).resolve()) + ("::" + rest if rest else "")
    return nodeid


def rerun_differences(pkg: Pkg, o: Outcome, venv: Path, tmp: Path, probe_dir: Path, netns: list[str],
                      rounds: int) -> None:
    """Run the tests whose outcome differs `rounds` more times on each copy (one pytest run per
    round and copy, those node ids only). A test that both passes and fails on the same copy is
    flaky; when every difference is flaky the verdict becomes "same (flaky: N)"."""
    ids = differing_ids(o)
    nodeids = {**o.before.nodeids, **o.after.nodeids}
    todo = [i for i in ids if i in nodeids]
    if not todo or rounds <= 0:
        return
    first = {side: outcome_of(tmp / f"junit-{side}.xml") for side in ("before", "after")}
    o.reruns = {i: {side: [first[side].get(i, "absent")] for side in ("before", "after")} for i in ids}
    for side in ("before", "after"):
        copy = tmp / side
        install_copy(pkg, venv, copy)
        for r in range(rounds):
            junit = tmp / f"junit-rerun-{side}-{r}.xml"
            probe_out = tmp / f"modules-rerun-{side}.json"
            cmd = netns + [str(venv / "bin" / "pytest"), *PYTEST_BASE, f"--junitxml={junit}",
                           *pkg.extra_args, *[_absolute(nodeids[i], copy, pkg) for i in todo]]
            run_suite(cmd, copy / pkg.cwd, suite_env(probe_dir, probe_out, extra=pkg.env), pkg.timeout or 600, junit, probe_out,
                      tmp / f"rerun-{side}-{r}.log")
            got = outcome_of(junit)
            for i in ids:
                o.reruns[i][side].append(got.get(i, "absent"))
    for i in ids:
        seen = o.reruns[i]
        if any(len(set(x for x in seen[s] if x != "absent")) > 1 for s in ("before", "after")):
            o.flaky.append(i)
    log(f"  reruns ({rounds}x each copy): {len(o.flaky)} of {len(ids)} differing test(s) are flaky")
    if len(o.flaky) == len(ids) and o.verdict.startswith("DIFFERENT") and "timeout" not in o.verdict:
        o.verdict = o.verdict.replace("DIFFERENT", f"same (flaky: {len(o.flaky)})", 1)


def run_package(pkg: Pkg, args: argparse.Namespace, nagle: list[str], netns: list[str]) -> Outcome:
    o = Outcome(pkg.key)
    log(f"== {pkg.key}")
    src = get_source(pkg, args.work, args.cache)
    tmp = Path(tempfile.mkdtemp(prefix=f"fs-{pkg.key}-", dir=args.work / "tmp"))
    try:
        for side in ("before", "after"):
            shutil.copytree(src, tmp / side, symlinks=True)
            for rel, text in pkg.files.items():
                (tmp / side / rel).parent.mkdir(parents=True, exist_ok=True)
                (tmp / side / rel).write_text(text)
        # fix first, on the pristine copy, so the diff holds the fix only (no build artefacts)
        o.fix = fix_and_check(nagle, tmp, "before", "after")
        log(f"  fix: rc={o.fix.fix_rc}, {len(o.fix.files)} file(s), {o.fix.hunks} hunk(s)")
        venv = ensure_venv(pkg, args.work, src)
        probe_dir = args.work / "probe"
        for side in ("before", "after"):
            copy = tmp / side
            install_copy(pkg, venv, copy)
            junit = tmp / f"junit-{side}.xml"
            probe_out = tmp / f"modules-{side}.json"
            cmd = netns + pytest_cmd(pkg, venv, junit)
            log(f"  {side}: $ {shlex.join(cmd[len(netns):])}")
            trace = tmp / f"trace-{side}.json"
            write_trace_spec(o.fix, copy, side, trace)
            res = run_suite(cmd, copy / pkg.cwd, suite_env(probe_dir, probe_out, extra={**pkg.env, "FS_TRACE": str(trace)}),
                            pkg.timeout or args.timeout,
                            junit, probe_out, args.out / "logs" / f"{pkg.key}-{side}.log")
            log(f"  {side}: {res.summary()} in {res.seconds:.0f}s (rc {res.rc})")
            setattr(o, side, res)
            probs, hit, miss = import_check(res.modules, copy, pkg.imports, o.fix.files)
            o.import_problems += [f"{side}: {p}" for p in probs]
            if side == "after":
                o.fixed_imported, o.fixed_not_imported = hit, miss
        compare(o)
        if o.verdict.startswith("DIFFERENT"):
            rerun_differences(pkg, o, venv, tmp, probe_dir, netns, args.reruns)
    except Exception as exc:  # one package failing must not stop the others
        o.error = f"{type(exc).__name__}: {exc}"
        o.verdict = "ERROR"
        log(f"  ERROR {o.error}")
    finally:
        if args.keep:
            log(f"  kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return o


def run_stdlib(std: Stdlib, args: argparse.Namespace, nagle: list[str], netns: list[str]) -> Outcome:
    o = Outcome("CPython stdlib " + subprocess.run(
        [std.python, "-c", "import platform; print(platform.python_version())"],
        capture_output=True, text=True, check=True).stdout.strip())
    log(f"== {o.name}")
    stdlib = Path(subprocess.run([std.python, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"],
                                 capture_output=True, text=True, check=True).stdout.strip())
    tmp = Path(tempfile.mkdtemp(prefix="fs-stdlib-", dir=args.work / "tmp"))
    try:
        ignore = shutil.ignore_patterns("site-packages", "__pycache__", "*.pyc")
        for side in ("before", "after"):
            shutil.copytree(stdlib, tmp / side, symlinks=True, ignore=ignore)
        o.fix = fix_and_check(nagle, tmp, "before", "after")
        log(f"  fix: rc={o.fix.fix_rc}, {len(o.fix.files)} file(s), {o.fix.hunks} hunk(s)")
        changed_mods = [f[:-3].replace("/", ".") for f in o.fix.files
                        if f.endswith(".py") and not f.startswith("test/")]
        untested = [m for m in changed_mods if f"test_{m.split('.')[0]}" not in std.tests]
        if untested:
            log(f"  note: changed modules without a test in the list: {untested}")
        for side in ("before", "after"):
            copy = tmp / side
            junit = tmp / f"junit-{side}.xml"
            probe_out = tmp / f"modules-{side}.json"
            env = suite_env(args.work / "probe", probe_out, extra_path=str(copy))
            env["FS_PREIMPORT"] = ",".join(changed_mods + ["test.support"])
            env["FS_TRACE"] = str(tmp / f"trace-{side}.json")
            write_trace_spec(o.fix, copy, side, tmp / f"trace-{side}.json")
            cmd = netns + [std.python, "-c", STDLIB_RUNNER, "--junit-xml", str(junit), *std.args, *std.tests]
            log(f"  {side}: $ PYTHONPATH={copy} python -m test --junit-xml J {shlex.join(std.args + std.tests)}")
            res = run_suite(cmd, tmp, env, std.timeout, junit, probe_out,
                            args.out / "logs" / f"stdlib-{side}.log")
            log(f"  {side}: {res.summary()} in {res.seconds:.0f}s (rc {res.rc})")
            setattr(o, side, res)
            probs, hit, miss = import_check(res.modules, copy, changed_mods + ["test.support"], o.fix.files)
            o.import_problems += [f"{side}: {p}" for p in probs]
            if side == "after":
                o.fixed_imported, o.fixed_not_imported = hit, miss
        compare(o)
    except Exception as exc:
        o.error = f"{type(exc).__name__}: {exc}"
        o.verdict = "ERROR"
        log(f"  ERROR {o.error}")
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return o


# -- report --------------------------------------------------------------------------------------

def table(outcomes: list[Outcome]) -> str:
    rows = ["| package | tests before (pass/fail/error/skip) | after | files changed | hunks | verdict |",
            "| --- | --- | --- | --- | --- | --- |"]
    for o in outcomes:
        b = o.before.summary() if o.before else "-"
        a = o.after.summary() if o.after else "-"
        f = str(len(o.fix.files)) if o.fix else "-"
        h = str(o.fix.hunks) if o.fix else "-"
        rows.append(f"| {o.name} | {b} | {a} | {f} | {h} | {o.verdict} |")
    return "\n".join(rows)


def checks(outcomes: list[Outcome]) -> str:
    out = ["", "Checks on the fix:", ""]
    for o in outcomes:
        if not o.fix:
            out.append(f"- {o.name}: {o.error or 'no fix result'}")
            continue
        f = o.fix
        parts = [f"fix rc {f.fix_rc}",
                 "second --fix changes nothing" if f.idempotent else "SECOND --fix CHANGES THINGS",
                 "all changed files compile" if not f.compile_errors else "COMPILE ERRORS: " + "; ".join(f.compile_errors),
                 ("flake8 E/W: nothing new on changed lines" if not f.flake8_new else
                  "flake8 E/W new: " + "; ".join(f.flake8_new)) if not f.flake8_note.startswith("flake8 not")
                 else f.flake8_note]
        if f.files:
            parts.append(f"changed files imported by the after suite: {len(o.fixed_imported)}/"
                         f"{len(o.fixed_imported) + len(o.fixed_not_imported)}"
                         + (f" (not imported: {', '.join(o.fixed_not_imported)})" if o.fixed_not_imported else ""))
        if o.before and o.after and f.added:
            ra, ta = lines_summary(f, o.after, "after")
            rb, tb = lines_summary(f, o.before, "before")
            parts.append(f"added lines run by the after suite: {ra}/{ta} (the lines they follow, before: {rb}/{tb})")
        parts.append("tests import the copy" if not o.import_problems else "IMPORT CHECK: " + "; ".join(o.import_problems))
        out.append(f"- {o.name}: " + "; ".join(parts))
        if o.failing_diff:
            out.append("  - failing ids that differ (- before only, + after only): "
                       + ", ".join(o.failing_diff[:20]) + (" ..." if len(o.failing_diff) > 20 else ""))
        for i, seen in o.reruns.items():
            out.append(f"  - rerun {i}: before {seen['before']}, after {seen['after']}"
                       + (" (flaky)" if i in o.flaky else ""))
        if o.error:
            out.append(f"  - error: {o.error}")
    return "\n".join(out)


def hunks_skeleton(outcomes: list[Outcome]) -> str:
    out = ["# Hunks of `nagle-lint --fix --unsafe-fixes` on the fix_suites packages", "",
           "Generated by bench/fix_suites.py; judge each hunk: idiomatic / clumsy / wrong, one line why.", ""]
    for o in outcomes:
        if not o.fix or not o.fix.diff:
            continue
        out.append(f"## {o.name}")
        out.append("")
        n = 0
        cur = None
        lines = o.fix.diff.splitlines()
        i = 0
        while i < len(lines):
            ln = lines[i]
            if ln.startswith("+++ "):
                cur = ln[4:].split("\t")[0].split("/", 1)[-1]
            elif ln.startswith("@@"):
                n += 1
                body = []
                i += 1
                while i < len(lines) and not lines[i].startswith(("@@", "diff ", "--- ", "Only in ")):
                    body.append(lines[i])
                    i += 1
                out += [f"### {o.name} #{n}: `{cur}` {ln}", "", "```diff", *body, "```", "",
                        "Judgement: TODO (idiomatic / clumsy / wrong): why", ""]
                continue
            i += 1
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--packages", type=Path, default=DEFAULT_LIST)
    ap.add_argument("--only", nargs="*", default=None, help="package names (or 'stdlib')")
    ap.add_argument("--work", type=Path, default=DEFAULT_WORK, help="venvs, downloads, temp copies")
    ap.add_argument("--cache", type=Path, default=DEFAULT_RW_CACHE,
                    help="bench/realworld cache to reuse sdists from (read only)")
    ap.add_argument("--out", type=Path, default=None, help="report folder (default WORK/report)")
    ap.add_argument("--nagle-lint", default="nagle-lint", help="command for the tool (default: on PATH)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per suite run")
    ap.add_argument("--no-netns", action="store_true",
                    help="do not run suites in a loopback-only network namespace (unshare -rn)")
    ap.add_argument("--reruns", type=int, default=3,
                    help="when outcomes differ, run the differing tests this many more times on each copy")
    ap.add_argument("--keep", action="store_true", help="keep the temporary copies")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--no-stdlib", action="store_true")
    g.add_argument("--stdlib-only", action="store_true")
    args = ap.parse_args(argv)
    args.work = args.work.resolve()
    args.out = (args.out or args.work / "report").resolve()
    args.cache = args.cache.resolve() if args.cache and args.cache.exists() else None
    for d in (args.work / "tmp", args.work / "probe", args.out / "diffs", args.out / "logs"):
        d.mkdir(parents=True, exist_ok=True)
    (args.work / "probe" / "_fs_probe.py").write_text(PROBE)
    nagle = shlex.split(args.nagle_lint)
    if not shutil.which(nagle[0]):
        sys.exit(f"{nagle[0]} not found (use --nagle-lint CMD)")
    # run from elsewhere than this checkout: an editable install whose source folder is gone
    # imports from the current directory only, and every fix would then "change nothing"
    probe = subprocess.run(nagle + ["--version"], cwd=tempfile.gettempdir(), capture_output=True, text=True)
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["no output"])[-1]
        sys.exit(f"{args.nagle_lint} --version fails outside this checkout: {last}")
    netns = netns_prefix(not args.no_netns)
    log("network: " + ("suites run in a loopback-only namespace (unshare -rn)" if netns else
                       "suites run with the host network (no namespace)"))
    pkgs, std = load_list(args.packages)
    only = set(args.only) if args.only else None
    outcomes = []
    if not args.stdlib_only:
        for pkg in pkgs:
            if only is None or pkg.name in only or pkg.key in only:
                outcomes.append(run_package(pkg, args, nagle, netns))
    if std and not args.no_stdlib and (only is None or "stdlib" in only or args.stdlib_only):
        outcomes.append(run_stdlib(std, args, nagle, netns))
    for o in outcomes:
        if o.fix:
            (args.out / "diffs" / f"{o.name.replace(' ', '-')}.diff").write_text(o.fix.diff)
    (args.out / "hunks.md").write_text(hunks_skeleton(outcomes))
    results = []
    for o in outcomes:
        r = {"name": o.name, "verdict": o.verdict, "error": o.error,
             "import_problems": o.import_problems, "failing_diff": o.failing_diff,
             "reruns": o.reruns, "flaky": o.flaky,
             "fixed_imported": o.fixed_imported, "fixed_not_imported": o.fixed_not_imported}
        for side in ("before", "after"):
            s = getattr(o, side)
            if s:
                r[side] = {"counts": s.counts, "failing": s.failing, "rc": s.rc,
                           "seconds": round(s.seconds, 1), "timed_out": s.timed_out,
                           "lines_run": s.lines_run}
        if o.fix:
            r["fix"] = {"files": o.fix.files, "hunks": o.fix.hunks, "rc": o.fix.fix_rc,
                        "idempotent": o.fix.idempotent, "compile_errors": o.fix.compile_errors,
                        "flake8_new": o.fix.flake8_new, "added": o.fix.added, "anchors": o.fix.anchors}
        results.append(r)
    (args.out / "results.json").write_text(json.dumps(results, indent=2))
    print(table(outcomes))
    print(checks(outcomes))
    print(f"\nDiffs: {args.out / 'diffs'}; hunk skeleton: {args.out / 'hunks.md'}; logs: {args.out / 'logs'}")
    bad = [o for o in outcomes if o.verdict != "same"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
