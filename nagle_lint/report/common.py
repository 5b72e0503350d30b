"""Helpers shared by the report formats: stable order and display paths."""
from __future__ import annotations

import os
from typing import Iterable, Iterator

from nagle_lint.model import FileResult, Finding


def display_path(path: str, root: str | os.PathLike | None) -> str:
    """path relative to root with forward slashes; absolute (as given) when it lies outside root."""
    if root is None:
        return path.replace(os.sep, "/")
    try:
        absolute = os.path.abspath(path)
        rel = os.path.relpath(absolute, os.path.abspath(root))
    except ValueError:  # another drive on Windows
        return path.replace(os.sep, "/")
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        return absolute.replace(os.sep, "/")
    return rel.replace(os.sep, "/")


def iter_findings(results: Iterable[FileResult], root) -> Iterator[tuple[str, Finding]]:
    """(display path, finding) for every finding and file error, sorted and stable."""
    items = []
    for result in results:
        for finding in result.all_findings():
            shown = display_path(finding.path or result.path, root)
            items.append((shown, finding))
    items.sort(key=lambda item: (item[0], item[1].span.line, item[1].span.col, item[1].code, item[1].message))
    return iter(items)


def group_by_file(results: Iterable[FileResult], root) -> list[tuple[str, str, list[Finding]]]:
    """[(display path, path to read, sorted findings)] for files that have findings, sorted by path."""
    groups: dict[str, tuple[str, list[Finding]]] = {}
    for shown, finding in iter_findings(results, root):
        groups.setdefault(shown, (finding.path, []))[1].append(finding)
    return [(shown, read, items) for shown, (read, items) in sorted(groups.items())]


class SourceIndexes:
    """LineIndex of each file that has a finding with fixes, read once (None: unreadable)."""

    def __init__(self) -> None:
        self._indexes: dict = {}

    def for_finding(self, finding):
        if not finding.fixes:
            return None
        if finding.path not in self._indexes:
            from nagle_lint.report.source import LineIndex, read_source

            text = read_source(finding.path)
            self._indexes[finding.path] = LineIndex(text) if text is not None else None
        return self._indexes[finding.path]


BOLD, RED, CYAN, RESET = "\x1b[1m", "\x1b[31m", "\x1b[36m", "\x1b[0m"


def paint(text: str, *styles: str, color: bool = False) -> str:
    """text in ANSI styles when colour is on (the CLI decides: TTY, NO_COLOR, FORCE_COLOR)."""
    return f"{''.join(styles)}{text}{RESET}" if color and styles else text


def colored_head(path: str, finding, color: bool) -> str:
    """`path:line:col: CODE`, the part of a finding line that gets colour (as ruff colours it)."""
    colon = paint(":", CYAN, color=color)
    return (f"{paint(path, BOLD, color=color)}{colon}{finding.span.line}{colon}{finding.span.col}{colon} "
            f"{paint(finding.code, BOLD, RED, color=color)}")
