"""[tool.nagle-lint] in the nearest pyproject.toml that has it, merged under command-line flags.

Only data is read: the config cannot name code to import or run (stream factories are names the
analyser matches in the source, never imported).
"""
from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

from nagle_lint.rules import ALL_RULES
from nagle_lint.settings import DEFAULT_SETTINGS, STREAM_KINDS, Settings

KNOWN_KEYS = {
    "select", "ignore", "extend-select", "exclude", "extend-exclude", "per-file-ignores", "streams",
    "unsafe-fixes", "output-format", "fix-strategy", "nodelay-in-tests", "respect-gitignore",
}
_CODE_PATTERN = re.compile(r"NAG\d{0,3}|ALL")


class ConfigError(Exception):
    """A bad key, value or code in the configuration: exit status 2."""


def find_pyproject(start: str | os.PathLike) -> Path | None:
    """The nearest pyproject.toml at or above start that has a [tool.nagle-lint] table."""
    here = Path(start).resolve()
    if here.is_file() or not here.exists():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
                raise ConfigError(f"{candidate}: cannot read: {exc}") from None
            if "nagle-lint" in data.get("tool", {}):
                return candidate
    return None


def load_table(path: Path) -> dict:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    table = data.get("tool", {}).get("nagle-lint", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.nagle-lint] must be a table")
    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise ConfigError(f"{path}: unknown key(s) in [tool.nagle-lint]: {', '.join(unknown)}")
    return table


def check_codes(codes, where: str) -> tuple[str, ...]:
    """Codes or prefixes must name at least one rule (NAG001 is the reserved error code)."""
    known = [r.code for r in ALL_RULES] + ["NAG001"]
    out = []
    for code in codes:
        if not isinstance(code, str):
            raise ConfigError(f"{where}: codes must be strings, got {code!r}")
        code = code.strip().upper()
        if not _CODE_PATTERN.fullmatch(code) or (code != "ALL" and not any(k.startswith(code) for k in known)):
            raise ConfigError(f"{where}: unknown rule code or prefix {code!r}")
        out.append(code)
    return tuple(out)


def _strings(value, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key} must be a list of strings")
    return tuple(value)


def settings_from_table(table: dict, where: str, base: Settings = DEFAULT_SETTINGS) -> Settings:
    changes: dict = {}
    for key in ("select", "ignore", "extend-select"):
        if key in table:
            changes[key.replace("-", "_")] = check_codes(_strings(table[key], key, where), f"{where}: {key}")
    for key in ("exclude", "extend-exclude"):
        if key in table:
            changes[key.replace("-", "_")] = _strings(table[key], key, where)
    if "per-file-ignores" in table:
        value = table["per-file-ignores"]
        if not isinstance(value, dict):
            raise ConfigError(f"{where}: per-file-ignores must be a table of glob = [codes]")
        changes["per_file_ignores"] = tuple(
            (glob, check_codes(_strings(codes, f"per-file-ignores.{glob}", where), f"{where}: per-file-ignores"))
            for glob, codes in value.items())
    if "streams" in table:
        value = table["streams"]
        if not isinstance(value, dict):
            raise ConfigError(f"{where}: streams must be a table of \"qualified.name\" = \"kind\"")
        for name, kind in value.items():
            if kind not in STREAM_KINDS:
                raise ConfigError(f"{where}: streams.{name}: unknown kind {kind!r} (one of {', '.join(STREAM_KINDS)})")
            if not re.fullmatch(r"[A-Za-z_][\w.]*", name):
                raise ConfigError(f"{where}: streams: {name!r} is not a qualified name")
        changes["streams"] = tuple(sorted(value.items()))
    for key in ("unsafe-fixes", "nodelay-in-tests", "respect-gitignore"):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"{where}: {key} must be true or false")
            changes[key.replace("-", "_")] = table[key]
    extra = dict(base.extra)
    for key in ("output-format", "fix-strategy"):
        if key in table:
            if not isinstance(table[key], str):
                raise ConfigError(f"{where}: {key} must be a string")
            if key == "fix-strategy" and table[key] not in ("join", "sendmsg", "nodelay", "loop"):
                raise ConfigError(f"{where}: fix-strategy must be one of join, sendmsg, nodelay, loop")
            if key == "output-format" and table[key] not in ("concise", "text", "full", "json", "sarif", "github"):
                raise ConfigError(f"{where}: output-format must be one of concise, full, json, sarif, github")
            extra[key] = table[key]
    changes["extra"] = extra
    return replace(base, **changes)


def load_settings(start: str | os.PathLike = ".", config: str | None = None) -> Settings:
    """Settings from an explicit config file, or the nearest pyproject.toml with the table."""
    return locate_settings(start, config)[0]


def locate_settings(start: str | os.PathLike = ".", config: str | None = None) -> tuple[Settings, Path | None]:
    """Settings and the file they came from (None: built-in defaults)."""
    path = Path(config) if config else find_pyproject(start)
    if path is None:
        return DEFAULT_SETTINGS, None
    try:
        table = load_table(path)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    return settings_from_table(table, str(path)), path
