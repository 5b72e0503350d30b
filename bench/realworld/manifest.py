"""The real-world manifest: load cases/*.toml and check that every case is well formed.

Kept free of network and nagle-lint imports so that the test suite can check the manifest fast.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

CASES_DIR = Path(__file__).with_name("cases")

RULE_CODES = {
    "NAG002", "NAG101", "NAG102", "NAG103", "NAG201", "NAG202",
    "NAG301", "NAG302", "NAG303", "NAG401",
}
POSITIVE_JUDGEMENTS = {"true-stall", "real-risk"}
SILENT_JUDGEMENTS = {"correct", "noise", "wrong"}
CHOICES = {
    "confidence": {"high", "medium", "low"},
    "side": {"client", "server"},
    "style": {"sync", "asyncio", "event-loop", "thread"},
    "where": {"library", "test", "example"},
}
ROLES = {"before-fix", "after-fix", "reference"}
DISTS = {"wheel", "sdist"}
_VERSION = re.compile(r"^[0-9][0-9A-Za-z.+!-]*$")


@dataclass(frozen=True)
class Release:
    package: str
    version: str
    dist: str | None
    role: str
    note: str
    link: str


@dataclass(frozen=True)
class Case:
    package: str
    version: str
    file: str
    lines: tuple[int, ...]
    code: str
    judgement: str
    confidence: str
    side: str
    style: str
    where: str
    evidence: str
    link: str
    source: str  # "cases/x.toml #3", for error messages

    @property
    def positive(self) -> bool:
        return self.code != "silent"


@dataclass
class Manifest:
    releases: list[Release] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def load(cases_dir: Path = CASES_DIR) -> Manifest:
    manifest = Manifest()
    for path in sorted(cases_dir.glob("*.toml")):
        _load_file(path, manifest)
    return manifest


def _load_file(path: Path, manifest: Manifest) -> None:
    where = f"cases/{path.name}"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        manifest.errors.append(f"{where}: {exc}")
        return
    package = data.get("package")
    if not isinstance(package, str) or not package:
        manifest.errors.append(f"{where}: no `package`")
        return
    versions: set[str] = set()
    for i, rel in enumerate(data.get("release", []), 1):
        err = _release_error(rel)
        if err:
            manifest.errors.append(f"{where} release #{i}: {err}")
            continue
        if rel["version"] in versions:
            manifest.errors.append(f"{where} release #{i}: version {rel['version']} twice")
            continue
        versions.add(rel["version"])
        manifest.releases.append(Release(
            package, rel["version"], rel.get("dist"), rel["role"],
            rel.get("note", ""), rel.get("link", ""),
        ))
    seen: set[tuple] = set()
    for i, raw in enumerate(data.get("case", []), 1):
        source = f"{where} case #{i}"
        err = _case_error(raw, versions)
        if err:
            manifest.errors.append(f"{source}: {err}")
            continue
        case = Case(
            package, raw["version"], raw["file"], tuple(raw["lines"]), raw["code"],
            raw["judgement"], raw["confidence"], raw["side"], raw["style"], raw["where"],
            raw["evidence"].strip(), raw["link"], source,
        )
        key = (case.version, case.file, case.lines, case.code)
        if key in seen:
            manifest.errors.append(f"{source}: the same case twice")
            continue
        seen.add(key)
        manifest.cases.append(case)
    if not versions:
        manifest.errors.append(f"{where}: no [[release]]")


def _release_error(rel: object) -> str | None:
    if not isinstance(rel, dict):
        return "not a table"
    if not isinstance(rel.get("version"), str) or not _VERSION.match(rel["version"]):
        return "`version` missing or not a version"
    if rel.get("role") not in ROLES:
        return f"`role` must be one of {sorted(ROLES)}"
    if rel.get("dist") is not None and rel["dist"] not in DISTS:
        return f"`dist` must be one of {sorted(DISTS)}"
    return None


def _case_error(raw: object, versions: set[str]) -> str | None:
    if not isinstance(raw, dict):
        return "not a table"
    if raw.get("version") not in versions:
        return f"`version` {raw.get('version')!r} is not a [[release]] of this package"
    file = raw.get("file")
    if not isinstance(file, str) or not file.endswith(".py") or file.startswith("/") or ".." in file:
        return "`file` must be a relative path to a .py file inside the release"
    lines = raw.get("lines")
    if (not isinstance(lines, list) or not lines
            or not all(isinstance(n, int) and n > 0 for n in lines)):
        return "`lines` must be a non-empty list of positive line numbers"
    code = raw.get("code")
    if code != "silent" and code not in RULE_CODES:
        return f"`code` {code!r} is neither a rule code nor 'silent'"
    judgements = SILENT_JUDGEMENTS if code == "silent" else POSITIVE_JUDGEMENTS
    if raw.get("judgement") not in judgements:
        return f"`judgement` must be one of {sorted(judgements)} for code {code}"
    for key, allowed in CHOICES.items():
        if raw.get(key) not in allowed:
            return f"`{key}` must be one of {sorted(allowed)}"
    if not isinstance(raw.get("evidence"), str) or len(raw["evidence"].strip()) < 20:
        return "`evidence` must say in a sentence what the code does"
    if not isinstance(raw.get("link"), str) or not raw["link"].startswith("https://"):
        return "`link` must be an https address of the maintainers' view"
    return None
