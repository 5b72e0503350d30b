"""Command-line faces of the harness: ``confirm`` and ``replay``.

nagle_lint/cli.py wires these as ``nagle-lint confirm`` and ``nagle-lint replay``; this module also
runs on its own: ``python -m nagle_lint.harness.cli confirm|replay ...``.
Exit codes for confirm: 0 no stall (the command ran as expected and made TCP requests), 1 a stall
confirmed, 2 inconclusive (could not start, unexpected exit status, timed out, no TCP traffic) or a
usage error. replay: 0 no stall reproduced, 1 a stall reproduced, 2 usage error.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

EXIT_OK, EXIT_STALL, EXIT_USAGE = 0, 1, 2


def _positive_float(text: str) -> float:
    v = float(text)
    if not 0 < v <= 3600:
        raise argparse.ArgumentTypeError("must be in (0, 3600]")
    return v


def parse_duration_ms(text: str) -> float:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s|us)?\s*", text or "")
    if not m:
        raise argparse.ArgumentTypeError(f"bad duration {text!r} (examples: 20ms, 0.5s)")
    v = float(m.group(1))
    unit = m.group(2) or "ms"
    ms = v * {"ms": 1.0, "s": 1000.0, "us": 0.001}[unit]
    if not 0 < ms <= 1000:
        raise argparse.ArgumentTypeError("RTT must be in (0, 1000] ms")
    return ms


def _pieces(text: str) -> list[int]:
    try:
        out = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("pieces are comma-separated byte sizes, e.g. 16,32") from None
    if not out or any(p < 0 or p > (1 << 20) for p in out) or len(out) > 64:
        raise argparse.ArgumentTypeError("1 to 64 sizes, each 0..1048576 (0 = unknown)")
    return out


# ------------------------------------------------------------------------------ confirm
def add_confirm_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paths", nargs="+", default=[], metavar="P",
                        help="source paths whose static findings get a verdict "
                             "(default: the command's own Python files)")
    parser.add_argument("--no-compare", action="store_true",
                        help="do not run the static analysis; list the stalls only")
    parser.add_argument("--timeout", type=_positive_float, default=60.0,
                        help="seconds per run (as is, then TCP_NODELAY forced); default 60")
    parser.add_argument("--expect-status", type=int, default=0, metavar="N",
                        help="the exit status of a good run of the command (default 0)")
    parser.add_argument("--output-format", choices=("text", "json", "sarif"), default="text")
    parser.add_argument("--mode", choices=("full", "light"), default="full",
                        help="full reads TCP_INFO after each send (the hold detector); light only logs")
    parser.add_argument("--no-counterfactual", action="store_true",
                        help="skip the second run with TCP_NODELAY forced")
    parser.add_argument("--show-output", action="store_true", help="pass the command's output through")
    parser.add_argument("--no-progress", action="store_true", help="no progress line on the terminal")
    parser.add_argument("--fix", action="store_true",
                        help="apply the safe fixes to a scratch copy of the project, run again, and "
                             "compare per finding")
    parser.add_argument("--write", action="store_true",
                        help="with --fix: write the fixes that removed a stall and kept the result")
    parser.add_argument("--report", metavar="FILE.html", help="write an HTML report")
    parser.add_argument("--cwd", help="working directory for the command (the project, for --fix)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ARGS...")


def _confirm_error(msg: str) -> int:
    print(f"nagle-lint confirm: {msg}", file=sys.stderr)
    return EXIT_USAGE


def _guarded(name: str, fn, args) -> int:
    """Bad input or an internal error gets one line, never a traceback (NAGLE_LINT_DEBUG=1 shows it)."""
    try:
        return fn(args)
    except KeyboardInterrupt:
        print(f"nagle-lint {name}: interrupted; processes cleaned up", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # noqa: BLE001 - last resort
        if os.environ.get("NAGLE_LINT_DEBUG") == "1":
            raise
        print(f"nagle-lint {name}: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_USAGE


def run_confirm(args) -> int:
    return _guarded("confirm", _run_confirm, args)


def _run_confirm(args) -> int:
    from . import confirm as cf  # noqa: PLC0415
    from . import plots  # noqa: PLC0415

    command = list(args.command or [])
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        return _confirm_error("give the command after --, e.g. confirm -- python app.py")
    for p in args.paths:
        if not os.path.exists(p):
            return _confirm_error(f"no such path: {p}")
    if args.cwd and not os.path.isdir(args.cwd):
        return _confirm_error(f"no such directory: {args.cwd}")
    if args.write and not args.fix:
        return _confirm_error("--write needs --fix")
    if args.report:
        parent = os.path.dirname(os.path.abspath(args.report))
        if not os.path.isdir(parent):
            return _confirm_error(f"no such directory for --report: {parent}")
    progress = None
    if not args.no_progress and not args.show_output and sys.stderr.isatty():
        progress = cf.Progress(sys.stderr)
    if args.fix:
        from . import fixrun  # noqa: PLC0415

        try:
            res = fixrun.confirm_fix(command, cwd=args.cwd, timeout=args.timeout, mode=args.mode,
                                     write=args.write, paths=args.paths or None,
                                     expect_status=args.expect_status, show_output=args.show_output,
                                     progress=progress)
        except KeyboardInterrupt:
            print("nagle-lint confirm: interrupted; processes cleaned up", file=sys.stderr)
            return 130
        except ValueError as exc:
            return _confirm_error(str(exc))
        if args.output_format == "json":
            print(json.dumps(res.to_dict(), indent=2))
        else:
            print(fixrun.format_text(res))
        return res.exit_code()
    findings = None
    if args.paths and not args.no_compare:
        try:
            findings = cf.static_findings(args.paths)
        except ImportError as exc:
            print(f"nagle-lint confirm: static analysis unavailable ({exc}); stalls are listed without verdicts",
                  file=sys.stderr)
    try:
        rep = cf.confirm(command, paths=args.paths, findings=findings, timeout=args.timeout,
                         cwd=args.cwd, mode=args.mode, counterfactual=not args.no_counterfactual,
                         expect_status=args.expect_status, show_output=args.show_output,
                         progress=progress, compare=not args.no_compare)
    except KeyboardInterrupt:
        print("nagle-lint confirm: interrupted; processes cleaned up", file=sys.stderr)
        return 130
    if args.output_format == "json":
        print(json.dumps(rep.to_dict(), indent=2))
    elif args.output_format == "sarif":
        print(json.dumps(cf.to_sarif(rep), indent=2))
    else:
        print(cf.format_text(rep))
    if args.report:
        try:
            plots.write_confirm_report(args.report, rep)
        except OSError as exc:
            print(f"nagle-lint confirm: cannot write the report: {exc.strerror or exc}", file=sys.stderr)
    return rep.exit_code()


# ------------------------------------------------------------------------------ replay
def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", nargs="?", metavar="PATH[:LINE]",
                        help="replay the static findings of PATH (at LINE)")
    parser.add_argument("--pieces", type=_pieces, help="explicit piece sizes, e.g. 16,32 (0 = unknown)")
    parser.add_argument("--side", choices=("client", "server"), default=None,
                        help="who writes the pieces (default: the finding's side, else client)")
    parser.add_argument("--requests", type=int, default=20, help="measured requests per variant (1..2000)")
    parser.add_argument("--warmup", type=int, default=2, help="unmeasured first requests (quick-ACK budget)")
    parser.add_argument("--lifetime", choices=("auto", "kept", "one-shot"), default="auto",
                        help="one connection for all requests (kept), or a new one per request (one-shot); "
                             "auto follows the finding's code (kept for --pieces)")
    parser.add_argument("--output-format", choices=("text", "json"), default="text")
    parser.add_argument("--report", metavar="FILE.html", help="write an HTML report")
    parser.add_argument("--capture", action="store_true",
                        help="(root) record the packets on lo and print the flow graph of one stalled request")
    parser.add_argument("--rtt", type=parse_duration_ms, metavar="20ms",
                        help="(root) also replay across two network namespaces joined by a TUN delay line")


def _lifetime(args, finding=None) -> str:
    if args.lifetime != "auto":
        return args.lifetime
    if finding is None:
        return "kept"
    from .lifetime import lifetime_of  # noqa: PLC0415

    return lifetime_of(finding) or "kept"


def _targets(args) -> list[tuple[str, list[int], str, str]]:
    """(label, pieces, side, lifetime) for each replay."""
    if args.target is None:
        return [("", args.pieces, args.side or "client", _lifetime(args))]
    path, line = args.target, None
    m = re.fullmatch(r"(.+):(\d+)", args.target)
    if m and not os.path.exists(args.target):
        path, line = m.group(1), int(m.group(2))
    if not os.path.exists(path):
        raise ValueError(f"no such path: {path}")
    if args.pieces:
        return [(args.target, args.pieces, args.side or "client", _lifetime(args))]
    from . import confirm as cf  # noqa: PLC0415

    try:
        findings = cf.static_findings([path])
    except ImportError as exc:
        raise ValueError(f"static analysis unavailable ({exc}); give --pieces") from None
    out = []
    for f in findings:
        if not f.pieces:
            continue
        lines = {f.span.line} | {r.span.line for r in f.related}
        if line is not None and line not in lines:
            continue
        out.append((f"{f.path}:{f.span.line} {f.code}", list(f.pieces), args.side or f.side or "client",
                    _lifetime(args, f)))
    return out


def run_replay(args) -> int:
    return _guarded("replay", _run_replay, args)


def _run_replay(args) -> int:
    from . import plots, replay  # noqa: PLC0415

    if args.target is None and not args.pieces:
        print("nagle-lint replay: give PATH[:LINE] or --pieces 16,32", file=sys.stderr)
        return EXIT_USAGE
    if not 1 <= args.requests <= replay.MAX_REQUESTS or not 0 <= args.warmup <= 100:
        print("nagle-lint replay: --requests 1..2000, --warmup 0..100", file=sys.stderr)
        return EXIT_USAGE
    try:
        targets = _targets(args)
    except ValueError as exc:
        print(f"nagle-lint replay: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not targets:
        print(f"nagle-lint replay: no split-write finding at {args.target}", file=sys.stderr)
        return EXIT_OK
    results, sections, stalled = [], [], False
    for label, pieces, side, lifetime in targets:
        flow = ""
        if args.capture and lifetime == "kept":
            from . import capture  # noqa: PLC0415

            res, flow = capture.replay_with_capture(pieces, side, args.requests, args.warmup, label=label)
        else:
            res = replay.replay(pieces, side, args.requests, args.warmup, label=label, lifetime=lifetime)
        results.append(res)
        stalled = stalled or res.stalled
        if args.output_format == "text":
            print(replay.format_table(res))
            if flow:
                print()
                print(flow)
        if args.rtt:
            from . import delayline  # noqa: PLC0415

            rres = delayline.replay_with_rtt(pieces, side, args.rtt, min(args.requests, 10), args.warmup,
                                             label=label)
            results.append(rres)
            if args.output_format == "text":
                print()
                print(replay.format_table(rres) if rres.results else "\n".join(rres.notes))
        if args.output_format == "text":
            wa = res.get("as written")
            wf = res.get("one write")
            if wa is not None and wf is not None:
                print(plots.histogram(wa.latencies_ms, wf.latencies_ms, labels=("as written", "one write")))
            print()
        wa, wf = res.get("as written"), res.get("one write")
        sections.append({"name": label or "+".join(map(str, res.pieces)),
                         "before": wa.latencies_ms if wa else [], "after": wf.latencies_ms if wf else [],
                         "table": replay.format_table(res), "flow": flow})
    if args.output_format == "json":
        print(json.dumps([r.to_dict() for r in results], indent=2))
    if args.report:
        plots.write_report(args.report, "nagle-lint replay", sections)
    return EXIT_STALL if stalled else EXIT_OK


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nagle_lint.harness.cli")
    sub = parser.add_subparsers(dest="cmd", required=True)
    add_confirm_arguments(sub.add_parser("confirm", help="run a command under the probe"))
    add_replay_arguments(sub.add_parser("replay", help="replay a finding's write pattern"))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_USAGE if exc.code else EXIT_OK
    return run_confirm(args) if args.cmd == "confirm" else run_replay(args)


if __name__ == "__main__":
    sys.exit(main())
