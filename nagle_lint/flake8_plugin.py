"""flake8 plugin: the nagle-lint engine behind flake8's `NAG` codes.

Registered in pyproject.toml as `[project.entry-points."flake8.extension"] NAG = ...:Plugin`.

- Reports exactly what `nagle-lint` reports for a file: same codes, lines, messages, and the same
  columns (flake8 counts them from 0, so `col - 1`). A file the engine cannot analyse gives one
  NAG001 line.
- Selection, `--extend-ignore`, per-file-ignores and `# noqa` belong to flake8: the engine runs
  every rule with line noqa off (filtering twice breaks tools such as flake8-noqa). The file-level
  `# nagle-lint: noqa[: CODES]` comment, which flake8 does not know, is honoured here. Opt-in
  rules run only when flake8's --select/--extend-select names them (`NAG401`, `NAG4`), as in the
  CLI (nagle_lint.selection): flake8 alone would let `--select NAG` turn them on. They are also in
  flake8's default ignore list.
- `[tool.nagle-lint.streams]` in the nearest pyproject.toml is read, so user factories teach the
  plugin what they teach the CLI; `--nagle-streams name=kind,...` (or `nagle-streams` in flake8's
  config) adds to it.
- Never raises and never fixes. Files with nothing socket-like cost a text scan (engine triage).
- Results are kept in the `.nagle_lint_cache` folder the command line uses (next to the
  pyproject.toml with a [tool.nagle-lint] table, else in flake8's working folder), one entry per
  file and its text: a file flake8 reads again unchanged, while its project's files are unchanged
  too (nagle_lint.cache), is not analysed again. `--nagle-no-cache` turns it off.
"""
from __future__ import annotations

import ast

import os
from functools import lru_cache
from typing import Any, Iterator

from nagle_lint.model import ERROR_CODE
from nagle_lint.settings import STREAM_KINDS, Settings

try:
    from nagle_lint import __version__
except ImportError:  # pragma: no cover - while the package is being assembled
    __version__ = "0"


def _all_rules() -> tuple:
    try:
        from nagle_lint.rules import ALL_RULES
    except ImportError:  # pragma: no cover
        return ()
    return tuple(ALL_RULES)


def _parse_streams(entries) -> tuple[tuple[str, str], ...]:
    """`name=kind` entries (from flake8 options) into Settings.streams pairs; bad entries dropped."""
    pairs = []
    for entry in entries or ():
        name, sep, kind = str(entry).partition("=")
        name, kind = name.strip(), kind.strip()
        if sep and name and kind in STREAM_KINDS:
            pairs.append((name, kind))
    return tuple(pairs)


@lru_cache(maxsize=256)
def _project_streams(directory: str) -> tuple[tuple[str, str], ...]:
    """[tool.nagle-lint.streams] of the pyproject.toml nearest to directory (empty when none/bad)."""
    try:
        from nagle_lint.config import load_settings
    except ImportError:
        return ()
    try:
        return tuple(load_settings(directory).streams)
    except BaseException:  # a bad config must not break flake8; the CLI reports it (exit 2)
        return ()


def _without_file_suppressed(findings, source: str) -> list:
    """Drop findings silenced by `# nagle-lint: noqa[: CODES]` (file level, nagle-lint's own
    comment, which flake8 does not know); line `# noqa` stays flake8's business."""
    try:
        from nagle_lint.noqa import file_suppressions, suppressed
    except ImportError:  # pragma: no cover
        return list(findings)
    rule = file_suppressions(source)
    if rule is False:
        return list(findings)
    return [f for f in findings if not suppressed(f.code, rule)]


@lru_cache(maxsize=256)
def _cache_for(directory: str):
    """The result cache of the project directory is in (None: no cache can be used)."""
    try:
        from pathlib import Path

        from nagle_lint.cache import TextCache
        from nagle_lint.config import find_pyproject

        config = find_pyproject(directory)
        return TextCache((config.parent if config else Path.cwd()) / ".nagle_lint_cache")
    except BaseException:  # a bad config: the CLI reports it; flake8 runs without a cache
        return None


@lru_cache(maxsize=256)
def _settings_for(project_streams: tuple, extra_streams: tuple, named_opt_in: tuple) -> Settings:
    streams = dict(project_streams)
    streams.update(extra_streams)
    # flake8 filters what the plugin yields; the plugin only keeps unnamed opt-in rules out
    codes = tuple(rule.code for rule in _all_rules() if rule.default_enabled or rule.code in named_opt_in)
    return Settings(select=codes, extend_select=codes, streams=tuple(sorted(streams.items())),
                    apply_noqa=False, fixes=False)


class Plugin:
    name = "nagle-lint"
    version = __version__

    extra_streams: tuple[tuple[str, str], ...] = ()
    # opt-in rules that flake8's --select/--extend-select name (the rest are never run)
    named_opt_in: tuple[str, ...] = ()
    use_cache = True

    def __init__(self, tree: Any, lines: list[str], filename: str) -> None:
        # flake8 chooses the plugin type from the parameter names: `tree` makes this an AST plugin
        # (run once per file that compiles); the engine analyses that same tree.
        self.tree = tree
        self.lines = lines
        self.filename = filename

    @classmethod
    def add_options(cls, manager) -> None:
        manager.add_option(
            "--nagle-streams",
            default="",
            parse_from_config=True,
            comma_separated_list=True,
            help="nagle-lint: extra socket factories as name=kind (kinds: "
            + ", ".join(STREAM_KINDS)
            + "), added to [tool.nagle-lint.streams] from pyproject.toml",
        )
        manager.add_option(
            "--nagle-no-cache",
            action="store_true",
            parse_from_config=True,
            help="nagle-lint: analyse every file afresh; do not read or write .nagle_lint_cache",
        )
        opt_in = [rule.code for rule in _all_rules() if not rule.default_enabled]
        if opt_in:
            manager.extend_default_ignore(opt_in)

    @classmethod
    def parse_options(cls, options) -> None:
        cls.extra_streams = _parse_streams(getattr(options, "nagle_streams", None))
        cls.use_cache = not getattr(options, "nagle_no_cache", False)
        from nagle_lint.selection import names_opt_in

        patterns = [str(p).strip().upper() for key in ("select", "extend_select")
                    for p in (getattr(options, key, None) or ())]
        cls.named_opt_in = tuple(rule.code for rule in _all_rules() if not rule.default_enabled
                                 and any(names_opt_in(p, rule.code) for p in patterns))

    def _on_disk(self) -> bool:
        return self.filename not in ("stdin", "-", None) and os.path.isfile(self.filename)

    def _directory(self) -> str:
        return os.path.dirname(os.path.abspath(self.filename)) if self._on_disk() else os.getcwd()

    def _settings(self) -> Settings:
        return _settings_for(_project_streams(self._directory()), self.extra_streams, self.named_opt_in)

    def _check(self, source: str, settings: Settings):
        from nagle_lint.engine import check_source, fewer_collections

        # (only a file on disk: its path names the entry, and its imports' files are stamped)
        cache = _cache_for(os.path.dirname(os.path.abspath(self.filename))) \
            if self.use_cache and self._on_disk() else None
        result = cache.get(self.filename, source, settings) if cache is not None else None
        if result is None:
            tree = self.tree if isinstance(self.tree, ast.Module) else None
            with fewer_collections():  # (at flake8's threshold the collector runs 70 times as often)
                result = check_source(source, self.filename, settings, tree)
            if cache is not None and result.error is None:
                cache.put(self.filename, source, settings, result)
        return result

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        try:
            from nagle_lint.engine import candidate

            source = "".join(self.lines)
            settings = self._settings()
            if not candidate(source, self.filename, settings)[0]:
                return  # what the engine's triage would skip, without its per-file set-up
            result = self._check(source, settings)
            findings = sorted(result.all_findings(), key=lambda f: f.sort_key())
            findings = _without_file_suppressed(findings, source)
        except BaseException as error:  # never raise into flake8
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            message = " ".join(str(error).split()) or type(error).__name__
            yield 1, 0, f"{ERROR_CODE} crash error: {type(error).__name__}: {message}", type(self)
            return
        for finding in findings:
            message = " ".join(finding.message.splitlines())
            yield max(finding.span.line, 1), max(finding.span.col - 1, 0), f"{finding.code} {message}", type(self)
