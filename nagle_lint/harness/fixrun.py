"""``confirm --fix``: measure what each safe fix does to the running program.

Run the command as is; analyse the command's own files; apply the safe fixes to a scratch copy of
the project (the command's working directory); run the command again in the copy; and give per
fixed finding the stalls and median wait before and after, and whether the command's exit status
stayed the same. ``write=True`` then applies to the real files only the fixes (by rule, per file)
whose findings all had a stall that the fix removed, and only when the result stayed the same.
"""
from __future__ import annotations

import difflib
import os
import shutil
import tempfile
from dataclasses import dataclass, field, replace

from . import confirm as cf
from . import verdict

SKIP_DIRS = {".git", ".hg", ".svn", ".venv", "venv", "env", "__pycache__", "node_modules", ".tox",
             ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".nagle_lint_cache", "build", "dist"}
MAX_FILES = 20_000
MAX_BYTES = 500 * 1024 * 1024


@dataclass
class FixRow:
    finding: str
    code: str
    fix: str
    path: str  # the real file
    before_stalls: int
    before_median_ms: float | None
    after_stalls: int
    after_median_ms: float | None
    result_same: bool
    written: bool = False
    note: str = ""

    @property
    def removed(self) -> bool:
        return self.before_stalls > 0 and self.after_stalls == 0

    def to_dict(self) -> dict:
        return {**self.__dict__, "removed_stall": self.removed}


@dataclass
class FixReport:
    command: list[str]
    root: str
    before: cf.ArmResult
    after: cf.ArmResult | None
    rows: list[FixRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    expect_status: int = 0
    written_files: list[str] = field(default_factory=list)
    stalls_after_elsewhere: int = 0
    write: bool = False

    def reason(self) -> str:
        why = self.before.problem(self.expect_status)
        if why:
            return f"the run as is {why}"
        if not self.before.tcp_traffic():
            return "no TCP traffic in the run as is"
        if self.after is not None:
            why = self.after.problem(self.expect_status)
            if why:
                return f"the fixed run {why}"
        return ""

    def exit_code(self) -> int:
        """0: no stall left (after the fixes, or none to begin with); 1: a stall remains;
        2: inconclusive (a run failed, or no TCP traffic)."""
        if self.reason():
            return 2
        remaining = any(verdict.is_stall(h) for h in (self.after or self.before).holds)
        return 1 if remaining else 0

    def to_dict(self) -> dict:
        return {"command": self.command, "root": self.root, "exit_status": self.exit_code(),
                "reason": self.reason(), "rows": [r.to_dict() for r in self.rows],
                "written_files": self.written_files, "notes": self.notes,
                "before": {"status": self.before.status(), "stalls": _stalls(self.before)},
                "after": None if self.after is None else {"status": self.after.status(),
                                                          "stalls": _stalls(self.after)}}


def _stalls(arm: cf.ArmResult) -> int:
    return sum(1 for h in arm.holds if verdict.is_stall(h))


def _copy_project(root: str, dest: str) -> None:
    count = size = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        count += len(filenames)
        for name in filenames:
            try:
                size += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                pass
        if count > MAX_FILES or size > MAX_BYTES:
            raise ValueError(f"{root} is too large for a scratch copy (more than {MAX_FILES} files or "
                             f"{MAX_BYTES >> 20} MB); run from the project's own folder")
    shutil.copytree(root, dest, symlinks=True, ignore=shutil.ignore_patterns(*SKIP_DIRS, "*.pyc"))


def line_map(old: str, new: str) -> dict[int, int]:
    """1-based old line -> new line; a replaced block maps to the start of its replacement."""
    a, b = old.splitlines(), new.splitlines()
    out = {}
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        for k in range(i1, i2):
            out[k + 1] = (j1 + (k - i1) + 1) if tag == "equal" else min(j1 + (k - i1), max(j1, j2 - 1)) + 1
    return out


def _map_command(command: list[str], root: str, dest: str) -> list[str]:
    out = []
    for a in command:
        ra = os.path.realpath(a) if os.path.isabs(a) else a
        if os.path.isabs(a) and (ra == root or ra.startswith(root + os.sep)):
            cand = dest + ra[len(root):]
            out.append(cand if os.path.exists(cand) else a)
        else:
            out.append(a)
    return out


def _measure(arm: cf.ArmResult, locs: set, code: str = "") -> tuple[int, float | None]:
    if code in ("NAG201", "NAG202"):  # judged by the connections made at the finding's line
        keys = {(c["pid"], c["sid"]) for c in cf._connections(arm, locs)}
        n = sum(1 for h in arm.holds if verdict.is_stall(h) and (h.get("pid"), h.get("sid")) in keys)
        waits = cf._conn_waits(arm.exchanges, keys)
        return n, (round(verdict.median(waits), 3) if waits else None)
    groups = [g for g in verdict.group_stalls(arm.holds) if g.locs() & locs]
    n = sum(len(g.holds) for g in groups)
    waits = cf._waits(arm.exchanges, locs)
    if not waits and groups:
        waits = cf._waits(arm.exchanges, set().union(*(g.locs() for g in groups)))
    return n, (round(verdict.median(waits), 3) if waits else None)


def confirm_fix(command: list[str], cwd: str | None = None, timeout: float = 60.0, mode: str = "full",
                write: bool = False, paths: list[str] | None = None, expect_status: int = 0,
                show_output: bool = False, progress=None, tmp_root: str | None = None) -> FixReport:
    from nagle_lint.fixer import choose, fix_file, write_atomic  # noqa: PLC0415
    from nagle_lint.settings import DEFAULT_SETTINGS  # noqa: PLC0415

    root = os.path.realpath(cwd or os.getcwd())
    kw = dict(timeout=timeout, mode=mode, passthrough=show_output, progress=progress, tmp_root=tmp_root)
    before = cf.run_arm(command, "as-is", False, cwd=root, label="run 1 of 2, as is", **kw)
    rep = FixReport(list(command), root, before, None, expect_status=expect_status, write=write)
    files = paths or sorted(set(cf.command_paths(command, root)) | set(cf.seen_user_files(before)))
    files = [os.path.realpath(p) for p in files]
    files = [p for p in files if p == root or p.startswith(root + os.sep)]
    if not files:
        rep.notes.append(f"no Python file of the command under {root} to fix")
        return rep
    findings = [f for f in cf.static_findings(files) if choose(f, False, None) is not None]
    if not findings:
        rep.notes.append("no finding with a safe fix")
        return rep
    scratch = tempfile.mkdtemp(prefix="nagle-lint-fix-", dir=tmp_root)
    try:
        dest = os.path.join(scratch, os.path.basename(root) or "project")
        _copy_project(root, dest)
        by_file: dict[str, list] = {}
        for f in findings:
            by_file.setdefault(os.path.realpath(f.path), []).append(f)
        fixed: dict[str, tuple[str, str, list]] = {}  # real path -> (old text, new text, applied)
        for real in by_file:
            copy = dest + real[len(root):]
            res = fix_file(copy, DEFAULT_SETTINGS, write=True)
            if res.error:
                rep.notes.append(f"{os.path.relpath(real, root)}: fix skipped: {res.error}")
            if res.written and res.outcome is not None:
                fixed[real] = (res.original, res.outcome.text, res.outcome.applied)
        if not fixed:
            rep.notes.append("no fix could be applied")
            return rep
        after = cf.run_arm(_map_command(command, root, dest), "fixed", False, cwd=dest,
                           label="run 2 of 2, fixed copy", **kw)
        rep.after = after
        same = (not before.problem(expect_status) and not after.timed_out and not after.error
                and after.returncode == before.returncode)
        for real, (old, new, applied) in fixed.items():
            lmap = line_map(old, new)
            copy = os.path.realpath(dest + real[len(root):])
            for finding, fix in applied:
                # one fix can answer several findings (NAG102 and NAG202 of one handler share
                # the attribute fix): the row shows the one of them that stalled most
                sharing = [f for f in by_file[real] if f is finding or any(x.title == fix.title for x in f.fixes)]
                measured = []
                for other in sharing:
                    lines = {other.span.line} | {r.span.line for r in other.related}
                    nb, mb = _measure(before, {(real, ln) for ln in lines}, other.code)
                    na, ma = _measure(after, {(copy, lmap.get(ln, ln)) for ln in lines}, other.code)
                    measured.append((nb, mb, na, ma))
                nb, mb, na, ma = max(measured, key=lambda m: (m[0], m[1] or 0))
                rep.rows.append(FixRow(f"{os.path.relpath(real, root)}:{finding.span.line}", finding.code,
                                       fix.title, real, nb, mb, na, ma, same))
        rep.stalls_after_elsewhere = _stalls(after)
        if write:
            _write_back(rep, fixed, root, DEFAULT_SETTINGS, fix_file, write_atomic)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return rep


def _write_back(rep: FixReport, fixed: dict, root: str, settings, fix_file, write_atomic) -> None:
    """Per file, apply the rules whose every fixed finding removed a stall, result unchanged."""
    for real in fixed:
        rows = [r for r in rep.rows if r.path == real]
        good = {r.code for r in rows if r.removed and r.result_same}
        bad = {r.code for r in rows if not (r.removed and r.result_same)}
        codes = tuple(sorted(good - bad))
        for r in rows:
            if r.code not in codes:
                r.note = ("no stall to remove" if r.before_stalls == 0 else
                          "stall remained" if not r.removed else "result changed")
        if not codes:
            continue
        res = fix_file(real, replace(settings, select=codes), write=True)
        if res.written:
            rep.written_files.append(os.path.relpath(real, root))
            for r in rows:
                if r.code in codes:
                    r.written = True
        elif res.error:
            rep.notes.append(f"{os.path.relpath(real, root)}: not written: {res.error}")


def _ms(v) -> str:
    return "-" if v is None else f"{v:.1f} ms"


def format_text(rep: FixReport) -> str:
    lines = [f"nagle-lint confirm --fix: {' '.join(rep.command)}  (project {rep.root})"]
    lines.append(f"  run as is: {rep.before.status()}, {rep.before.wall_s:.2f} s, {_stalls(rep.before)} stall(s)")
    if rep.after is not None:
        lines.append(f"  run fixed copy: {rep.after.status()}, {rep.after.wall_s:.2f} s, "
                     f"{_stalls(rep.after)} stall(s)")
    lines.append("")
    if rep.rows:
        head = ("finding", "fix", "before", "after", "result", "written" if rep.write else "written (--write)")
        table = []
        for r in rep.rows:
            table.append((f"{r.finding} {r.code}", r.fix,
                          f"{r.before_stalls} stall(s), median {_ms(r.before_median_ms)}",
                          f"{r.after_stalls} stall(s), median {_ms(r.after_median_ms)}",
                          "same" if r.result_same else "CHANGED",
                          "yes" if r.written else (r.note or "no") if rep.write else "-"))
        widths = [max(len(h), *(len(t[i]) for t in table)) for i, h in enumerate(head)]
        lines.append("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)))
        lines.append("  ".join("-" * w for w in widths))
        for t in table:
            lines.append("  ".join(v.ljust(widths[i]) for i, v in enumerate(t)))
    for n in rep.notes:
        lines.append(f"note: {n}")
    if rep.written_files:
        lines.append(f"written: {', '.join(rep.written_files)}")
    reason = rep.reason()
    code = rep.exit_code()
    verdict_text = {0: "no stall left" + (" after the fixes" if rep.after is not None else ""),
                    1: "a stall remains", 2: "inconclusive"}[code]
    lines.append("")
    lines.append(f"result: {verdict_text}" + (f" ({reason})" if reason and code == 2 else "") + f", exit {code}")
    return "\n".join(lines)
