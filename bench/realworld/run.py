"""Score nagle-lint on published releases of real packages (see README.md beside this file).

    python bench/realworld/run.py [--only PKG ...] [--json out.json] [--cache DIR]
                                  [--nagle-lint CMD] [--show {unlabelled,false,all}]

Downloads each release once with pip, runs nagle-lint from the release's own root with default
settings, and prints per rule and overall: labels found and missed, findings on `silent` lines,
and findings on unlabelled lines, with recall and precision over all findings.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import manifest as mf  # noqa: E402

DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "nagle-lint-realworld"
TIMEOUT_S = 600


@dataclass
class Unpacked:
    release: mf.Release
    root: Path | None = None
    skipped: str | None = None  # why it could not be scored
    unparsable: int = 0
    files: int = 0


# -- download and unpack ------------------------------------------------------------------------

def fetch(release: mf.Release, cache: Path) -> Unpacked:
    """Download and unpack a release once; later runs reuse the unpacked tree."""
    out = Unpacked(release)
    home = cache / f"{release.package}-{release.version}"
    done = home / ".unpacked"
    if not done.exists():
        err = _download_and_unpack(release, home)
        if err:
            out.skipped = err
            return out
    out.root = Path(done.read_text().strip())
    return out


def _download_and_unpack(release: mf.Release, home: Path) -> str | None:
    if home.exists():
        shutil.rmtree(home)
    dl = home / "dist"
    dl.mkdir(parents=True)
    kinds = [release.dist] if release.dist else ["wheel", "sdist"]
    errors = []
    for kind in kinds:
        # Only the package itself from source: its build requirements (Cython, ...) come as
        # wheels, or pip compiles them before it can read the sdist's metadata.
        flag = ["--only-binary", ":all:"] if kind == "wheel" else ["--no-binary", release.package]
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
               "--disable-pip-version-check", *flag, "-d", str(dl),
               f"{release.package}=={release.version}"]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
        archives = [p for p in dl.iterdir() if p.is_file()]
        if proc.returncode == 0 and archives:
            break
        last = (proc.stderr.strip().splitlines() or ["no file"])[-1]
        errors.append(f"{kind}: {last[:160]}")
        for p in archives:
            p.unlink()
    else:
        return "download failed (" + "; ".join(errors) + ")"
    archive = archives[0]
    tree = home / "tree"
    try:
        root = _unpack(archive, tree)
    except (OSError, tarfile.TarError, zipfile.BadZipFile) as exc:
        return f"cannot unpack {archive.name}: {exc}"
    (home / ".unpacked").write_text(str(root))
    return None


def _unpack(archive: Path, tree: Path) -> Path:
    tree.mkdir()
    name = archive.name
    if name.endswith((".whl", ".zip")):
        with zipfile.ZipFile(archive) as zf:
            for member in zf.namelist():
                if member.startswith("/") or ".." in Path(member).parts:
                    raise OSError(f"unsafe member {member}")
            zf.extractall(tree)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(tree, filter="data") if hasattr(tarfile, "data_filter") else tf.extractall(tree)
    if name.endswith(".whl"):
        return tree
    tops = [p for p in tree.iterdir()]
    return tops[0] if len(tops) == 1 and tops[0].is_dir() else tree


def check_parses(u: Unpacked, labelled: set[str]) -> None:
    """Count the files that are not Python 3; skip the release if a labelled one is among them."""
    for path in u.root.rglob("*.py"):
        u.files += 1
        rel = path.relative_to(u.root).as_posix()
        try:
            ast.parse(path.read_bytes(), filename=rel)
        except (SyntaxError, ValueError, RecursionError):
            u.unparsable += 1
            if rel in labelled:
                u.skipped = f"{rel} does not parse as Python 3"
    for rel in sorted(labelled):
        if not (u.root / rel).is_file() and not u.skipped:
            u.skipped = f"labelled file {rel} is not in the release"
    if u.files and u.unparsable * 2 > u.files and not u.skipped:
        u.skipped = f"{u.unparsable} of {u.files} files do not parse as Python 3"


# -- lint --------------------------------------------------------------------------------------

def lint(root: Path, command: list[str]) -> tuple[list[dict], float, str | None]:
    start = time.perf_counter()
    proc = subprocess.run([*command, ".", "--output-format", "json", "--no-cache"],
                          cwd=root, capture_output=True, text=True, timeout=TIMEOUT_S)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        return [], elapsed, f"nagle-lint exited {proc.returncode}: {proc.stderr.strip()[-300:]}"
    try:
        findings = json.loads(proc.stdout or "[]")
    except json.JSONDecodeError:
        return [], elapsed, "nagle-lint printed no JSON"
    for f in findings:
        f["path"] = os.path.normpath(f["path"]).replace(os.sep, "/")
    return findings, elapsed, None


def split_errors(findings: list[dict]) -> tuple[list[dict], list[dict]]:
    """NAG001 (a file that could not be analysed: Python 2 code in an old release) is not a
    claim about a stall: listed apart, never scored."""
    return ([f for f in findings if f["code"] != "NAG001"],
            [f for f in findings if f["code"] == "NAG001"])


# -- score -------------------------------------------------------------------------------------

@dataclass
class Tally:
    labels: int = 0
    found: int = 0
    findings: int = 0
    true: int = 0
    on_silent: int = 0
    wrong_code: int = 0
    duplicate: int = 0
    unlabelled: int = 0

    def recall(self) -> float | None:
        return self.found / self.labels if self.labels else None

    def precision(self) -> float | None:
        return self.true / self.findings if self.findings else None


@dataclass
class Score:
    per_rule: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    overall: Tally = field(default_factory=Tally)
    rows: list[dict] = field(default_factory=list)  # every finding and every missed label

    def add(self, code: str, **counts: int) -> None:
        for tally in (self.per_rule[code], self.overall):
            for key, n in counts.items():
                setattr(tally, key, getattr(tally, key) + n)


def score(cases: list[mf.Case], findings_by_release: dict[tuple[str, str], list[dict]]) -> Score:
    result = Score()
    by_release: dict[tuple[str, str], list[mf.Case]] = defaultdict(list)
    for case in cases:
        by_release[(case.package, case.version)].append(case)
    for key, findings in findings_by_release.items():
        release_cases = by_release.get(key, [])
        matched: set[int] = set()
        for f in findings:
            status, case = _classify(f, release_cases, matched)
            result.add(f["code"], findings=1, **{status: 1})
            result.rows.append({
                "package": key[0], "version": key[1], "path": f["path"], "line": f["line"],
                "code": f["code"], "status": status, "message": f["message"],
                "case": case.source if case else None,
            })
        for i, case in enumerate(release_cases):
            if case.positive:
                result.add(case.code, labels=1, found=int(i in matched))
                if i not in matched:
                    result.rows.append({
                        "package": key[0], "version": key[1], "path": case.file,
                        "line": case.lines[0], "code": case.code, "status": "missed",
                        "message": case.evidence, "case": case.source,
                    })
    return result


def _classify(f: dict, cases: list[mf.Case], matched: set[int]) -> tuple[str, mf.Case | None]:
    here = [(i, c) for i, c in enumerate(cases) if c.file == f["path"] and f["line"] in c.lines]
    for i, c in here:
        if c.code == f["code"] and i not in matched:
            matched.add(i)
            return "true", c
    for i, c in here:
        if c.code == f["code"]:
            return "duplicate", c
    for i, c in here:
        if not c.positive:
            return "on_silent", c
    if here:
        return "wrong_code", here[0][1]
    return "unlabelled", None


# -- report ------------------------------------------------------------------------------------

def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def markdown(result: Score) -> str:
    head = ("| rule | labels | found | missed | recall | findings | true | on silent "
            "| wrong code | duplicate | unlabelled | precision |")
    lines = [head, "|" + " --- |" * 12]
    rows = sorted(result.per_rule.items()) + [("overall", result.overall)]
    for code, t in rows:
        name = f"**{code}**" if code == "overall" else code
        lines.append(
            f"| {name} | {t.labels} | {t.found} | {t.labels - t.found} | {_fmt(t.recall())} "
            f"| {t.findings} | {t.true} | {t.on_silent} | {t.wrong_code} | {t.duplicate} "
            f"| {t.unlabelled} | {_fmt(t.precision())} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", default=[], metavar="PKG",
                    help="score only this package (repeatable)")
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                    help=f"where releases are downloaded and unpacked (default {DEFAULT_CACHE})")
    ap.add_argument("--nagle-lint", default=None, metavar="CMD",
                    help="the nagle-lint command to score (default: the one beside this Python)")
    ap.add_argument("--json", type=Path, metavar="FILE", help="also write the full result as JSON")
    ap.add_argument("--show", choices=["unlabelled", "false", "missed", "all"],
                    help="list findings and misses of that kind after the table")
    args = ap.parse_args(argv)

    manifest = mf.load()
    if manifest.errors:
        for err in manifest.errors:
            print(f"manifest: {err}", file=sys.stderr)
        return 2
    command = shlex.split(args.nagle_lint) if args.nagle_lint else _default_command()
    releases = [r for r in manifest.releases if not args.only or r.package in args.only]
    if not releases:
        print("no release selected", file=sys.stderr)
        return 2
    args.cache.mkdir(parents=True, exist_ok=True)
    print(f"cache: {args.cache}", file=sys.stderr)

    findings_by_release: dict[tuple[str, str], list[dict]] = {}
    skipped: list[tuple[mf.Release, str]] = []
    timings: list[dict] = []
    for release in releases:
        key = (release.package, release.version)
        labelled = {c.file for c in manifest.cases if (c.package, c.version) == key}
        unpacked = fetch(release, args.cache)
        if unpacked.root is not None:
            check_parses(unpacked, labelled)
        if unpacked.skipped:
            skipped.append((release, unpacked.skipped))
            print(f"skip {release.package}=={release.version}: {unpacked.skipped}", file=sys.stderr)
            continue
        findings, elapsed, err = lint(unpacked.root, command)
        if err:
            skipped.append((release, err))
            print(f"skip {release.package}=={release.version}: {err}", file=sys.stderr)
            continue
        findings, errors = split_errors(findings)
        findings_by_release[key] = findings
        timings.append({"package": release.package, "version": release.version,
                        "files": unpacked.files, "unparsable": unpacked.unparsable,
                        "not_analysed": len(errors),
                        "findings": len(findings), "seconds": round(elapsed, 2)})
        print(f"{release.package}=={release.version}: {len(findings)} findings, "
              f"{unpacked.files} files ({len(errors)} not analysed), {elapsed:.1f} s", file=sys.stderr)

    scored_keys = set(findings_by_release)
    cases = [c for c in manifest.cases if (c.package, c.version) in scored_keys]
    result = score(cases, findings_by_release)
    packages = {k[0] for k in scored_keys}
    positives = sum(c.positive for c in cases)
    print(f"\n{len(packages)} packages, {len(scored_keys)} releases, {len(cases)} labelled places "
          f"({positives} positive, {len(cases) - positives} silent), "
          f"{sum(map(len, findings_by_release.values()))} findings\n")
    print(markdown(result))
    if skipped:
        print("\nSkipped:")
        for release, why in skipped:
            print(f"- {release.package}=={release.version}: {why}")
    if args.show:
        wanted = {"unlabelled": {"unlabelled"}, "missed": {"missed"},
                  "false": {"on_silent", "wrong_code", "duplicate", "unlabelled"},
                  "all": None}[args.show]
        print()
        for row in result.rows:
            if wanted is None or row["status"] in wanted:
                print(f"{row['status']:<10} {row['package']}=={row['version']} "
                      f"{row['path']}:{row['line']} {row['code']} {row['message']}")
    if args.json:
        args.json.write_text(json.dumps({
            "per_rule": {k: vars(v) for k, v in sorted(result.per_rule.items())},
            "overall": vars(result.overall),
            "rows": result.rows,
            "skipped": [{"package": r.package, "version": r.version, "reason": why}
                        for r, why in skipped],
            "timings": timings,
        }, indent=2) + "\n")
    return 0


def _default_command() -> list[str]:
    beside = Path(sys.executable).with_name("nagle-lint")
    found = str(beside) if beside.exists() else shutil.which("nagle-lint")
    if not found:
        sys.exit("nagle-lint is not installed in this environment (pip install .)")
    return [found]


if __name__ == "__main__":
    sys.exit(main())
