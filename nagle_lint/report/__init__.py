"""Report formats: concise (default), full, json, sarif, github.

Each format prints findings only; the CLI prints the summary line (to stderr, human formats only).
Paths are shown relative to `root` (forward slashes); findings are sorted by path, line, column
and code, so output is stable across runs.
"""
from __future__ import annotations

from typing import Callable, Iterable, Sequence, TextIO

from nagle_lint.model import FileResult
from nagle_lint.report.concise import write_concise
from nagle_lint.report.full import write_full
from nagle_lint.report.github import write_github
from nagle_lint.report.json_format import write_json
from nagle_lint.report.sarif import write_sarif

FORMATTERS: dict[str, Callable[..., None]] = {
    "concise": write_concise,
    "full": write_full,
    "json": write_json,
    "sarif": write_sarif,
    "github": write_github,
}
FORMATS: tuple[str, ...] = tuple(FORMATTERS)
HUMAN_FORMATS = frozenset({"concise", "full"})  # the ones that get a summary line
SHOWS_FIXES = frozenset({"full", "json", "sarif"})  # the others print no fix: none is computed for them


def write_report(fmt: str, results: Iterable[FileResult], out: TextIO, *, root=None,
                 rules: Sequence | None = None, version: str | None = None, color: bool = False) -> None:
    """Write results in format fmt to out. rules/version default to the registry and package;
    color (ANSI) is used by the human formats only."""
    try:
        formatter = FORMATTERS[fmt]
    except KeyError:
        raise ValueError(f"unknown output format {fmt!r}; choose from {', '.join(FORMATS)}") from None
    formatter(list(results), out, root=root, rules=rules, version=version, color=color)


__all__ = ["FORMATS", "FORMATTERS", "HUMAN_FORMATS", "SHOWS_FIXES", "write_report", "write_concise", "write_full",
           "write_json", "write_sarif", "write_github"]
