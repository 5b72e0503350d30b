"""nagle-lint command line: check (default), rules, explain, confirm, replay, server.

Exit status: 0 nothing left to report, 1 findings (or a file that could not be analysed),
2 usage or configuration error, or an internal crash.
"""
from __future__ import annotations

import argparse
import difflib
import os
import sys
from dataclasses import replace
from pathlib import Path

from nagle_lint import __version__
from nagle_lint.config import ConfigError, check_codes, locate_settings
from nagle_lint.rules import ALL_RULES, RULES_BY_CODE, select_rules

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
SUBCOMMANDS = ("check", "rules", "explain", "confirm", "replay", "server")
FORMATS = ("concise", "text", "full", "json", "sarif", "github")


class Parser(argparse.ArgumentParser):
    """argparse with a "did you mean" for mistyped options (ruff and git suggest one too)."""

    def error(self, message: str):
        if message.startswith("unrecognized arguments: "):
            # compared without the dashes, which every option shares (`--bogus` is not `--jobs`)
            names = {o[2:]: o for action in self._actions for o in action.option_strings if o.startswith("--")}
            for word in message.split(": ", 1)[1].split():
                flag = word.split("=", 1)[0]
                close = difflib.get_close_matches(flag.lstrip("-"), names, n=1, cutoff=0.6) if flag.startswith("-") else []
                if close:
                    message += f"; did you mean {names[close[0]]}?"
                    break
        self.exit(EXIT_ERROR, f"{self.prog}: error: {message}\n")


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in text.split(",") if c.strip())


def check_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="nagle-lint", description="Find and fix the Nagle / delayed-ACK stall in Python socket code.",
        epilog="Other commands: nagle-lint rules | explain CODE | confirm -- CMD | replay PATH[:LINE] | server")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: .)")
    parser.add_argument("--stdin-filename", metavar="PATH",
                        help="the name of the file piped on stdin (`-`), for config, per-file ignores and messages")
    parser.add_argument("--version", action="version", version=f"nagle-lint {__version__}")
    parser.add_argument("--select", type=_codes, help="codes or prefixes to enable (e.g. NAG1,NAG201, ALL)")
    parser.add_argument("--ignore", type=_codes, help="codes or prefixes to disable")
    parser.add_argument("--extend-select", type=_codes, help="codes to enable on top of the defaults")
    parser.add_argument("--exclude", type=_codes, help="glob patterns to exclude (replaces the defaults)")
    parser.add_argument("--extend-exclude", type=_codes, help="glob patterns to exclude, on top of the defaults")
    parser.add_argument("--respect-gitignore", dest="respect_gitignore", action="store_true", default=None,
                        help="skip files ignored by .gitignore / .ignore (the default)")
    parser.add_argument("--no-respect-gitignore", dest="respect_gitignore", action="store_false",
                        help="also check files that .gitignore / .ignore ignore")
    parser.add_argument("--force-exclude", action="store_true", help="apply excludes to files named explicitly")
    parser.add_argument("--output-format", choices=FORMATS, help="concise (default, alias text), full, json, sarif, github")
    parser.add_argument("-o", "--output-file", metavar="PATH",
                        help="write the report to this file instead of stdout")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when findings remain")
    parser.add_argument("--exit-non-zero-on-fix", action="store_true", help="exit 1 when anything was fixed")
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary line, no progress")
    parser.add_argument("--fix", action="store_true", help="apply safe fixes")
    parser.add_argument("--unsafe-fixes", action="store_true", help="also apply unsafe fixes (with --fix or --diff)")
    parser.add_argument("--diff", action="store_true", help="print the fixes as a unified diff; write nothing")
    parser.add_argument("--show-fixes", action="store_true", help="list the fixes applied")
    parser.add_argument("--fix-strategy", choices=("join", "sendmsg", "nodelay", "loop"),
                        help="which fix to prefer when a finding offers several")
    parser.add_argument("--ignore-noqa", action="store_true", help="report findings even on # noqa lines")
    parser.add_argument("--config", metavar="PYPROJECT", help="read [tool.nagle-lint] from this file")
    parser.add_argument("--show-settings", action="store_true", help="print the resolved settings and exit")
    parser.add_argument("--jobs", "-j", type=int, help="worker processes (default: all cores)")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the result cache")
    parser.add_argument("--cache-dir", help="cache folder (default: .nagle_lint_cache next to the config)")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    return parser



def diff_path(path: str) -> str:
    """The path a diff names a file by: relative to the root of the git repository that holds it
    (what `git apply` expects from any folder of the repository, and `patch -p1` from its root),
    else to the current folder; never `./x.py` or `//abs/x.py`."""
    full = os.path.abspath(path)
    folder = os.path.dirname(full)
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return Path(os.path.relpath(full, folder)).as_posix()
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return Path(os.path.relpath(full)).as_posix()

def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(argv)
    except BrokenPipeError:  # `nagle-lint ... | head`: stop quietly
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        except OSError:
            pass
        return EXIT_CLEAN
    except KeyboardInterrupt:
        print("nagle-lint: interrupted", file=sys.stderr)
        return 130


def _mistyped_command(word: str) -> str | None:
    """The subcommand a first argument was probably meant to be (not a path, not an option)."""
    if word.startswith("-") or os.path.lexists(word) or any(c in word for c in "/\\.*"):
        return None
    close = difflib.get_close_matches(word, SUBCOMMANDS, n=1, cutoff=0.6)
    return close[0] if close else None


def _dispatch(argv: list[str]) -> int:
    if argv and argv[0] not in SUBCOMMANDS and (meant := _mistyped_command(argv[0])):
        print(f"nagle-lint: error: no command or path {argv[0]!r}; did you mean {meant!r}?", file=sys.stderr)
        return EXIT_ERROR
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else "check"
    if argv and argv[0] == command:
        argv = argv[1:]
    if command == "rules":
        return cmd_rules(argv)
    if command == "explain":
        return cmd_explain(argv)
    if command in ("confirm", "replay"):
        from nagle_lint.harness import cli as harness_cli

        parser = Parser(prog=f"nagle-lint {command}")
        if command == "confirm":
            harness_cli.add_confirm_arguments(parser)
            return harness_cli.run_confirm(parser.parse_args(argv))
        harness_cli.add_replay_arguments(parser)
        return harness_cli.run_replay(parser.parse_args(argv))
    if command == "server":
        try:
            from nagle_lint.lsp import main as serve
        except ImportError as exc:
            print(f"nagle-lint server: needs the lsp extra (pip install 'nagle-lint[lsp]'): {exc}", file=sys.stderr)
            return EXIT_ERROR
        return serve()
    return cmd_check(argv)


def cmd_rules(argv: list[str]) -> int:
    if argv:
        print("nagle-lint rules: takes no arguments", file=sys.stderr)
        return EXIT_ERROR
    print(f"{'code':<8} {'name':<16} {'default':<8} {'fix':<10} summary")
    for rule in ALL_RULES:
        print(f"{rule.code:<8} {rule.name:<16} {'on' if rule.default_enabled else 'opt-in':<8} {rule.fix:<10} {rule.summary}")
    return EXIT_CLEAN


def cmd_explain(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: nagle-lint explain CODE", file=sys.stderr)
        return EXIT_ERROR
    code = argv[0].upper()
    rule = RULES_BY_CODE.get(code) or next((r for r in ALL_RULES if r.name == argv[0]), None)
    if rule is None:
        print(f"nagle-lint explain: unknown rule {argv[0]!r}; see `nagle-lint rules`", file=sys.stderr)
        return EXIT_ERROR
    print(f"# {rule.code} {rule.name}\n")
    print(rule.doc.strip())
    return EXIT_CLEAN


def _settings(args):
    start = args.stdin_filename or (args.paths[0] if args.paths and args.paths[0] != "-" else ".")
    settings, source = locate_settings(start, args.config)
    changes: dict = {}
    if args.select is not None:
        changes["select"] = check_codes(args.select, "--select")
    if args.ignore is not None:
        changes["ignore"] = settings.ignore + check_codes(args.ignore, "--ignore")
    if args.extend_select is not None:
        changes["extend_select"] = settings.extend_select + check_codes(args.extend_select, "--extend-select")
    if args.exclude is not None:
        changes["exclude"] = args.exclude
    if args.extend_exclude is not None:
        changes["extend_exclude"] = settings.extend_exclude + args.extend_exclude
    if args.unsafe_fixes:
        changes["unsafe_fixes"] = True
    if args.respect_gitignore is not None:
        changes["respect_gitignore"] = args.respect_gitignore
    if args.ignore_noqa:
        changes["apply_noqa"] = False
    return replace(settings, **changes), source


def cmd_check(argv: list[str]) -> int:
    parser = check_parser()
    args = parser.parse_args(argv)
    try:
        settings, config_path = _settings(args)
    except ConfigError as exc:
        print(f"nagle-lint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    fmt = args.output_format or settings.extra.get("output-format", "concise")
    if fmt == "text":
        fmt = "concise"
    if fmt not in FORMATS:
        print(f"nagle-lint: error: unknown output-format {fmt!r}", file=sys.stderr)
        return EXIT_ERROR
    strategy = args.fix_strategy or settings.extra.get("fix-strategy")
    if args.show_settings:
        print(f"config: {config_path or '(defaults)'}")
        print(f"rules: {', '.join(r.code for r in select_rules(settings.select, settings.ignore, settings.extend_select))}")
        for key, value in sorted(vars(settings).items()):
            if key != "extra":
                print(f"{key} = {value!r}")
        for key, value in sorted(settings.extra.items()):
            print(f"{key} = {value!r}")
        return EXIT_CLEAN
    if args.output_file and not _writable(args.output_file):
        print(f"nagle-lint: error: cannot write --output-file {args.output_file}", file=sys.stderr)
        return EXIT_ERROR
    from nagle_lint.report import SHOWS_FIXES

    if fmt not in SHOWS_FIXES and not (args.fix or args.diff):
        # a fix is built on libcst's tree of the file, about a fifth of the time of a file
        # with findings: not for an output that prints none
        settings = replace(settings, fixes=False)
    paths = args.paths or ["."]
    reads_stdin = args.paths == ["-"] or (not args.paths and args.stdin_filename is not None)
    if "-" in args.paths and not reads_stdin:
        print("nagle-lint: error: `-` (stdin) cannot be combined with other paths", file=sys.stderr)
        return EXIT_ERROR
    try:
        if reads_stdin:
            return _run_stdin(args, settings, fmt, strategy)
        return _run_check(args, settings, paths, fmt, strategy, config_path)
    except BrokenPipeError:
        raise  # handled in main(): the reader went away, not an error of ours
    except _UsageError as exc:
        print(f"nagle-lint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except Exception as exc:  # noqa: BLE001 - last resort: one line, exit 2
        if args.debug:
            raise
        print(f"nagle-lint: internal error: {type(exc).__name__}: {exc} (run with --debug for details)",
              file=sys.stderr)
        return EXIT_ERROR


def _run_check(args, settings, paths, fmt, strategy, config_path) -> int:
    from nagle_lint.cache import Cache
    from nagle_lint.engine import check_paths
    from nagle_lint.report import HUMAN_FORMATS, write_report

    cache = None
    if not (args.no_cache or args.fix or args.diff):
        root = config_path.parent if config_path else Path.cwd()
        cache = Cache(Path(args.cache_dir) if args.cache_dir else root / ".nagle_lint_cache")
    progress = _progress_bar(args, fmt)
    warnings: list[str] = []
    results = check_paths(paths, settings, jobs=args.jobs, force_exclude=args.force_exclude, cache=cache,
                          progress=progress, warnings=warnings)
    if progress:
        progress.done()
    if not args.quiet:
        _warn(warnings, results)
    fixed_count, followups = 0, 0
    if args.fix or args.diff:
        results, tally = _apply_fixes(results, settings, strategy, args)
        fixed_count, followups = tally.fixed, tally.followups
        if args.diff:
            return EXIT_FINDINGS if fixed_count else (EXIT_ERROR if tally.failed else EXIT_CLEAN)
    with _report_stream(args) as (out, color):
        write_report(fmt, results, out, root=os.getcwd(), color=color)
    findings = sum(len(r.all_findings()) for r in results)
    if fmt in HUMAN_FORMATS and not args.quiet:
        _summary(results, findings, fixed_count, followups)
    if args.exit_non_zero_on_fix and fixed_count:
        return EXIT_FINDINGS
    if args.exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if findings else EXIT_CLEAN


def _run_stdin(args, settings, fmt, strategy) -> int:
    """Check (or fix) the buffer piped on stdin, named by --stdin-filename. With --fix the fixed
    text goes to stdout and what remains to stderr, as an editor's format-on-save expects."""
    from nagle_lint.engine import Excludes, ReadError, check_source, decode
    from nagle_lint.fixer import FixError, fix_text
    from nagle_lint.model import FileResult
    from nagle_lint.report import HUMAN_FORMATS, write_report
    from nagle_lint.report.source import register_buffer

    data = sys.stdin.buffer.read()
    name = args.stdin_filename or "-"
    fixing = args.fix or args.diff
    excluded = Excludes(settings.exclude + settings.extend_exclude)
    if args.stdin_filename and args.force_exclude and excluded.path(args.stdin_filename):
        if args.fix and not args.diff:
            sys.stdout.buffer.write(data)  # an excluded buffer goes back unchanged
        return EXIT_CLEAN
    try:
        decoded = decode(data)
    except ReadError as exc:
        result = FileResult(name, error=exc.error)
        decoded = None
    else:
        register_buffer(name, decoded.text)
        result = check_source(decoded.text, name, settings)
        if not args.quiet:
            _warn([], [result])
    fixed_count, followups = 0, 0
    if fixing and decoded is not None:
        try:
            outcome = fix_text(decoded.text, name, settings, strategy, result if settings.apply_noqa else None)
        except (FixError, RecursionError) as exc:
            print(f"{name}: fix skipped: {exc or 'too complex to fix'}", file=sys.stderr)
            outcome = None
        tally = _Tally(len(result.all_findings()))
        if outcome is not None:
            tally.unsafe_skipped = outcome.unsafe_skipped
        if outcome is not None and outcome.applied:
            fixed_count, followups = outcome.fixed, len(outcome.followups)
            tally.fixed, tally.followups = fixed_count, followups
            if args.diff:
                sys.stdout.writelines(difflib.unified_diff(
                    decoded.text.splitlines(keepends=True), outcome.text.splitlines(keepends=True),
                    fromfile=f"a/{diff_path(name)}", tofile=f"b/{diff_path(name)}"))
            else:
                register_buffer(name, outcome.text)
                after = outcome.result if settings.apply_noqa else None
                result = after if after is not None else check_source(outcome.text, name, settings)
            if args.show_fixes:
                _show_fixes(name, outcome)
        if args.fix and not args.diff:
            try:
                fixed = outcome.text.encode(decoded.encoding) if outcome is not None else data
            except UnicodeEncodeError:  # the fix added text the file's encoding cannot hold
                print(f"{name}: fix skipped: the fixed text cannot be encoded as {decoded.encoding}", file=sys.stderr)
                fixed, fixed_count, followups = data, 0, 0
                tally.fixed = tally.followups = 0
                register_buffer(name, decoded.text)
                result = check_source(decoded.text, name, settings)
            else:
                fixed = (b"\xef\xbb\xbf" if decoded.bom and outcome is not None else b"") + fixed
            sys.stdout.buffer.write(fixed)
            sys.stdout.flush()
        if not args.quiet:
            tally.print(args.diff, settings.unsafe_fixes)
        if args.diff:
            return EXIT_FINDINGS if fixed_count else EXIT_CLEAN
    elif args.fix and not args.diff:
        sys.stdout.buffer.write(data)  # nothing could be decoded: hand the buffer back as it came
    # with --fix stdout carries the code, so the remaining findings go to stderr
    if args.fix and not args.diff and not args.output_file:
        write_report(fmt, [result], sys.stderr, root=os.getcwd(), color=use_color(sys.stderr))
    else:
        with _report_stream(args) as (out, color):
            write_report(fmt, [result], out, root=os.getcwd(), color=color)
    findings = len(result.all_findings())
    if fmt in HUMAN_FORMATS and not args.quiet:
        _summary([result], findings, fixed_count, followups)
    if args.exit_non_zero_on_fix and fixed_count:
        return EXIT_FINDINGS
    if args.exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if findings else EXIT_CLEAN


class _Tally:
    """What a --fix or --diff run did, for the summary lines: counts that add up to the report."""

    def __init__(self, reported: int) -> None:
        self.reported = reported  # findings of the check, before fixing
        self.fixed = 0
        self.followups = 0  # findings that appeared only after fixing
        self.unsafe_skipped = 0
        self.failed = 0

    def print(self, diff: bool, unsafe: bool) -> None:
        verb = "Would fix" if diff else "Fixed"
        notes = []
        if self.fixed and self.reported != self.fixed:
            notes.append(f"{self.reported - self.fixed} remaining")
        if self.unsafe_skipped and not unsafe:
            notes.append(f"{self.unsafe_skipped} more with --unsafe-fixes")
        note = f" ({', '.join(notes)})" if notes else ""
        print(f"{verb} {self.fixed} finding{'s' * (self.fixed != 1)}{note}.", file=sys.stderr)
        if self.followups:
            n = self.followups
            when = "would appear after these fixes" if diff else "after fixing"
            print(f"{n} new finding{'s' * (n != 1)} {when} (follow-ups, not fixed in this run); "
                  "run --fix again to fix them.", file=sys.stderr)


def _show_fixes(path: str, outcome) -> None:
    for finding, fix in outcome.applied:
        print(f"{path}:{finding.span.line}:{finding.span.col}: fixed {finding.code}: {fix.title}", file=sys.stderr)
    for finding in outcome.followups:
        print(f"{path}:{finding.span.line}:{finding.span.col}: new after fixing: {finding.code}", file=sys.stderr)


def _apply_fixes(results, settings, strategy, args):
    """One round: fix the findings reported in this run (the check's own results are reused, so
    no file is analysed twice before fixing), then report the fixed files as checked after the
    fix. Findings the fixes bring up are follow-ups, for the next run."""
    from nagle_lint.engine import check_file
    from nagle_lint.fixer import fix_file

    tally = _Tally(sum(len(r.all_findings()) for r in results))
    new_results = []
    for result in results:
        if not any(f.fixes for f in result.findings):
            new_results.append(result)
            continue
        checked = result if settings.apply_noqa else None  # --ignore-noqa: fix what noqa allows
        outcome = fix_file(result.path, settings, strategy, write=not args.diff, checked=checked)
        if outcome.error:
            tally.failed += 1
            print(f"{result.path}: fix skipped: {outcome.error}", file=sys.stderr)
        fixed = outcome.outcome
        done = fixed is not None and fixed.changed and (outcome.written or args.diff)
        if fixed is not None:
            tally.unsafe_skipped += fixed.unsafe_skipped
        if done:
            tally.fixed += fixed.fixed
            tally.followups += len(fixed.followups)
            if args.diff:
                sys.stdout.writelines(difflib.unified_diff(
                    outcome.original.splitlines(keepends=True), fixed.text.splitlines(keepends=True),
                    fromfile=f"a/{diff_path(result.path)}", tofile=f"b/{diff_path(result.path)}"))
            if args.show_fixes:
                _show_fixes(result.path, fixed)
        if outcome.written:
            after = fixed.result if settings.apply_noqa and fixed.result is not None else None
            new_results.append(after if after is not None else check_file(result.path, settings))
        else:
            new_results.append(result)
    if not args.quiet:
        tally.print(args.diff, settings.unsafe_fixes)
    return new_results, tally


def _warn(warnings: list[str], results) -> None:
    from nagle_lint.report.common import display_path

    for warning in warnings:
        print(f"nagle-lint: warning: {warning}", file=sys.stderr)
    for result in results:
        for warning in result.warnings:
            print(f"nagle-lint: warning: {display_path(result.path, os.getcwd())}:{warning}", file=sys.stderr)


def use_color(stream) -> bool:
    """ANSI colour: FORCE_COLOR (non-empty) forces it, NO_COLOR (non-empty) turns it off, else
    only on a terminal that is not TERM=dumb. FORCE_COLOR wins, as in ruff."""
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


class _report_stream:
    """stdout, or --output-file (UTF-8, never coloured unless FORCE_COLOR)."""

    def __init__(self, args) -> None:
        self.path = args.output_file
        self.handle = None

    def __enter__(self):
        if not self.path:
            return sys.stdout, use_color(sys.stdout)
        try:
            self.handle = open(self.path, "w", encoding="utf-8", newline="\n")
        except OSError as exc:
            raise _UsageError(f"cannot write --output-file {self.path}: {exc.strerror or exc}") from None
        return self.handle, bool(os.environ.get("FORCE_COLOR"))

    def __exit__(self, *exc) -> None:
        if self.handle is not None:
            self.handle.close()


def _writable(path: str) -> bool:
    """Whether the report can go to path (checked before the run, not after it)."""
    if os.path.isdir(path):
        return False
    if os.path.exists(path):
        return os.access(path, os.W_OK)
    return os.access(os.path.dirname(os.path.abspath(path)), os.W_OK)


class _UsageError(Exception):
    """A bad argument found while running: one line, exit 2."""


def _summary(results, findings: int, fixed: int, followups: int = 0) -> None:
    errors = sum(1 for r in results if r.error is not None)
    checked = sum(1 for r in results if r.error is None)
    files = len({r.path for r in results if r.all_findings()})
    new = f" ({followups} new after fixing)" if followups else ""
    parts = [f"{findings} finding{'s' * (findings != 1)}{new} in {files} file{'s' * (files != 1)}",
             f"{checked} file{'s' * (checked != 1)} checked"]
    if errors:
        parts.append(f"{errors} could not be analysed")
    if fixed:
        parts.append(f"{fixed} fixed")
    print("nagle-lint: " + ", ".join(parts) + ".", file=sys.stderr)


class Progress:
    """A progress bar with a total, on stderr, drawn only once a run has taken a second (short
    runs stay quiet) and redrawn at most ten times a second. clock is injectable for tests."""

    WIDTH = 24

    def __init__(self, stream=None, clock=None, delay: float = 1.0) -> None:
        import time

        self.stream = stream or sys.stderr
        self.clock = clock or time.monotonic
        self.delay = delay
        self.total = 0
        self.count = 0
        self.started = self.clock()
        self.drawn_at: float | None = None

    def start(self, total: int) -> None:
        self.total = total

    def __call__(self) -> None:
        self.count += 1
        now = self.clock()
        if now - self.started < self.delay:
            return
        if self.drawn_at is not None and now - self.drawn_at < 0.1 and self.count < self.total:
            return
        self.drawn_at = now
        total = max(self.total, self.count)
        filled = self.WIDTH * self.count // total if total else self.WIDTH
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.count}/{total} files")
        self.stream.flush()

    def done(self) -> None:
        if self.drawn_at is not None:
            self.stream.write("\r" + " " * (self.WIDTH + 40) + "\r")
            self.stream.flush()


def _progress_bar(args, fmt):
    if args.quiet or not sys.stderr.isatty():
        return None
    return Progress()
