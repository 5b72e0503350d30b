#!/usr/bin/env python3
"""Edit-to-diagnostics latency of language servers: nagle-lint's (`nagle-lint server`) and ruff's
(`ruff server`) side by side, driven by the same minimal LSP client.

    python bench/lsp_latency.py                          # imaplib.py and test/test_ssl.py, 10 edits
    python bench/lsp_latency.py --file some.py --file other.py --runs 5 --json /tmp/lsp.json

Per server and file: start it, initialize (rootUri = the file's folder), initialized, didOpen
the file and wait for its first textDocument/publishDiagnostics ("open"); then --runs edits, each a
didChange that alternately inserts and removes a line at the top (the text changes and every
line below shifts), timed from sending didChange to receiving the publishDiagnostics of that
version (or the next one, when the server sends no version). A server that publishes nothing within
--change-wait (default: --timeout) after a didChange is sent a didSave too, and the trigger it
needed is reported; from then on each didChange is followed at once by a didSave (trigger
"change+save"), and the time is still counted from the didChange. The line is blank
(--edit blank, the default: no code changes, and a server may answer from its last analysis) or
a statement, `_edited = 1` (--edit code: the code changes, and the file is analysed again).
Then --bursts typing bursts ("burst"): --burst-keys didChanges --burst-gap-ms apart, as a person
types (a comment line at the top, one character per change, then the line removed again), timed
from the last didChange of the burst to the publishDiagnostics of its version: what the editor
shows once the typing stops. A server that analyses every change in turn makes the last one wait
for all those before it.
Every wait is bounded (--timeout); shutdown + exit at the end, killed when it does not stop.

Stdlib only. Servers that are not installed are skipped and named. Markdown on stdout, progress on
stderr. Times are taken when the reader thread has parsed the message (time.perf_counter).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import queue
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

STDLIB = Path("/root/.pyenv/versions/3.11.7/lib/python3.11")
DEFAULT_FILES = [STDLIB / "imaplib.py", STDLIB / "test" / "test_ssl.py"]


class BenchError(Exception):
    """A failure to report in one line (bad input, a server that misbehaves)."""


# -- a minimal JSON-RPC client over stdio (Content-Length framing) ------------------------------
class Client:
    def __init__(self, argv: list[str], cwd: str):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, cwd=cwd, start_new_session=True)
        self.inbox: queue.Queue = queue.Queue()  # (perf_counter at receipt, message) or (t, None) at EOF
        self.write_lock = threading.Lock()
        self.next_id = 0
        self.server_requests: dict[str, int] = {}
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        stream = self.proc.stdout
        try:
            while True:
                length = None
                while True:  # headers
                    line = stream.readline()
                    if not line:
                        self.inbox.put((time.perf_counter(), None))
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode("ascii", "replace").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    continue
                body = stream.read(length)
                now = time.perf_counter()
                if len(body) < length:
                    self.inbox.put((now, None))
                    return
                message = json.loads(body)
                if "method" in message and "id" in message:  # a request from the server: answer it here
                    self._answer(message)
                self.inbox.put((now, message))
        except (OSError, ValueError):
            self.inbox.put((time.perf_counter(), None))

    def _answer(self, request: dict) -> None:
        method = request["method"]
        self.server_requests[method] = self.server_requests.get(method, 0) + 1
        result = None
        if method == "workspace/configuration":
            result = [None for _ in request.get("params", {}).get("items", [])]
        elif method == "workspace/workspaceFolders":
            result = []
        try:
            self._send({"jsonrpc": "2.0", "id": request["id"], "result": result})
        except OSError:
            pass

    def _send(self, message: dict) -> float:
        body = json.dumps(message).encode("utf-8")
        with self.write_lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()
            return time.perf_counter()

    def notify(self, method: str, params: dict | None = None) -> float:
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        return self._send(message)

    def request(self, method: str, params, timeout: float):
        self.next_id += 1
        ident = self.next_id
        self._send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            _, message = self.wait(deadline, f"the response to {method}")
            if message.get("id") == ident and "method" not in message:
                if "error" in message:
                    raise BenchError(f"{method} failed: {message['error'].get('message')}")
                return message.get("result")

    def wait(self, deadline: float, what: str):
        """The next message, or BenchError when deadline (time.monotonic) passes or the server ends."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(what)
        try:
            received, message = self.inbox.get(timeout=remaining)
        except queue.Empty:
            raise TimeoutError(what) from None
        if message is None:
            raise BenchError(f"the server closed its output while waiting for {what}"
                             f" (exit status {self.proc.poll()}){self.stderr_tail()}")
        return received, message

    def stderr_tail(self) -> str:
        try:
            self.stderr.seek(0)
            lines = self.stderr.read().decode("utf-8", "replace").strip().splitlines()
        except (OSError, ValueError):
            return ""
        return f": {lines[-1][:300]}" if lines else ""

    def close(self, timeout: float) -> str:
        """shutdown + exit; kill when it does not stop. Returns how it ended."""
        how = "clean"
        try:
            if self.proc.poll() is None:
                self.request("shutdown", None, timeout)
                self.notify("exit")
                self.proc.wait(timeout=timeout)
        except (TimeoutError, subprocess.TimeoutExpired, BenchError, OSError):
            how = "killed"
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 9)
            except OSError:
                self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self.stderr.close()
        return how


# -- one server on one file ---------------------------------------------------------------------
def wait_publish(client: Client, uri: str, version: int | None, deadline: float, what: str):
    """(receipt time, diagnostics count) of the next publishDiagnostics for uri with this version
    (any version when the server sends none; older versions are skipped)."""
    while True:
        received, message = client.wait(deadline, what)
        if message.get("method") != "textDocument/publishDiagnostics":
            continue
        params = message.get("params") or {}
        if params.get("uri") != uri:
            continue
        got = params.get("version")
        if version is not None and got is not None and got < version:
            continue
        return received, len(params.get("diagnostics") or []), got


def sync_kind(capabilities: dict) -> tuple[int, bool]:
    """(TextDocumentSyncKind, whether didSave wants the text) from the initialize result."""
    sync = capabilities.get("textDocumentSync", 0)
    if isinstance(sync, int):
        return sync, False
    save = sync.get("save")
    return sync.get("change", 0), bool(isinstance(save, dict) and save.get("includeText"))


def bench_one(name: str, argv: list[str], path: Path, text: str, args) -> dict:
    uri = path.as_uri()
    row: dict = {"server": name, "command": " ".join(argv), "file": str(path),
                 "lines": text.count("\n") + (0 if text.endswith("\n") else 1),
                 "open_ms": None, "edits_ms": [], "bursts_ms": [], "burst_publishes": [], "triggers": [],
                 "diagnostics": None,
                 "versioned": None, "error": None, "shutdown": None}
    t_start = time.perf_counter()
    client = Client(argv, cwd=str(path.parent))
    try:
        result = client.request("initialize", {
            "processId": os.getpid(),
            "clientInfo": {"name": "nagle-lint-bench"},
            "rootUri": path.parent.as_uri(),
            "rootPath": str(path.parent),
            "workspaceFolders": [{"uri": path.parent.as_uri(), "name": path.parent.name}],
            "capabilities": {
                "textDocument": {
                    "synchronization": {"didSave": True, "dynamicRegistration": False},
                    "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
                },
                "workspace": {"configuration": False, "workspaceFolders": True},
                "general": {"positionEncodings": ["utf-16"]},
            },
            "initializationOptions": {},
        }, args.timeout)
        row["init_ms"] = (time.perf_counter() - t_start) * 1000
        capabilities = (result or {}).get("capabilities", {})
        kind, save_text = sync_kind(capabilities)
        row["sync"] = {0: "none", 1: "full", 2: "incremental"}.get(kind, str(kind))
        if kind == 0:
            raise BenchError("the server takes no document changes (textDocumentSync None)")
        client.notify("initialized", {})

        version = 1
        sent = client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": version, "text": text}})
        received, count, got = wait_publish(client, uri, version, time.monotonic() + args.timeout,
                                            "the first publishDiagnostics after didOpen")
        row["open_ms"] = (received - sent) * 1000
        row["diagnostics"] = count
        row["versioned"] = got is not None

        current = text
        save_always = False
        for run in range(args.runs):
            version += 1
            line = "\n" if args.edit == "blank" else "_edited = 1\n"
            if run % 2 == 0:  # insert a line at the top
                change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                          "text": line}
                current = line + current
            else:  # and remove it again
                change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}},
                          "text": ""}
                current = current[len(line):]
            if kind == 1:
                change = {"text": current}
            sent = client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            trigger = "change"
            save_params = {"textDocument": {"uri": uri}}
            if save_text:
                save_params["text"] = current
            if save_always:
                client.notify("textDocument/didSave", save_params)
                trigger = "change+save"
            try:
                wait_for = args.timeout if save_always else min(args.change_wait, args.timeout)
                received, count, got = wait_publish(client, uri, version, time.monotonic() + wait_for,
                                                    f"publishDiagnostics after didChange {run + 1}")
            except TimeoutError:
                client.notify("textDocument/didSave", save_params)
                received, count, got = wait_publish(client, uri, version, time.monotonic() + args.timeout,
                                                    f"publishDiagnostics after didChange + didSave {run + 1}")
                trigger = "change+save"
                save_always = True  # do not wait out --change-wait on every edit
            row["edits_ms"].append((received - sent) * 1000)
            row["triggers"].append(trigger)
            row["diagnostics"] = count
        for burst in range(args.bursts if kind != 1 and not save_always else 0):
            version = typing_burst(client, uri, version, row, args)
    except TimeoutError as error:
        row["error"] = f"no answer within the timeout: {error}"
    except (BenchError, OSError) as error:
        row["error"] = str(error)
    finally:
        row["shutdown"] = client.close(min(args.timeout, 10.0))
        row["server_requests"] = client.server_requests
    return row


def typing_burst(client: Client, uri: str, version: int, row: dict, args) -> int:
    """One burst of keystrokes (incremental changes): a comment line typed at the top, one
    character per didChange, the last change removing the line. Records the time from the last
    didChange to the publishDiagnostics of its version, and how many publishes the burst drew.
    Returns the last version sent."""
    keys = max(args.burst_keys, 2)
    changes = [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "#\n"}]
    changes += [{"range": {"start": {"line": 0, "character": i}, "end": {"line": 0, "character": i}}, "text": "x"}
                for i in range(1, keys - 1)]
    changes.append({"range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}, "text": ""})
    sent = 0.0
    for number, change in enumerate(changes):
        if number:
            time.sleep(args.burst_gap_ms / 1000)
        version += 1
        sent = client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
    publishes = 0
    deadline = time.monotonic() + args.timeout
    while True:
        received, message = client.wait(deadline, "publishDiagnostics after a typing burst")
        if message.get("method") != "textDocument/publishDiagnostics" or \
                (message.get("params") or {}).get("uri") != uri:
            continue
        publishes += 1
        got = message["params"].get("version")
        if got is None or got >= version:
            break
    row["bursts_ms"].append((received - sent) * 1000)
    row["burst_publishes"].append(publishes)
    return version


# -- servers ------------------------------------------------------------------------------------
def find_command(explicit: str | None, exe: str, fallback: list[str] | None = None) -> list[str] | None:
    if explicit:
        argv = shlex.split(explicit)
        return argv if argv and (shutil.which(argv[0]) or os.path.exists(argv[0])) else None
    beside = Path(sys.executable).parent / exe  # the venv this runs in first
    if beside.exists():
        return [str(beside)]
    found = shutil.which(exe)
    if found:
        return [found]
    return fallback


def servers(args) -> list[tuple[str, list[str] | None]]:
    nagle_fallback = None
    try:
        import importlib.util

        if importlib.util.find_spec("nagle_lint") is not None:
            nagle_fallback = [sys.executable, "-m", "nagle_lint.lsp"]
    except (ImportError, ValueError):
        pass
    nagle = find_command(args.nagle_lint, "nagle-lint", nagle_fallback)
    if nagle and not args.nagle_lint and nagle[-1] != "nagle_lint.lsp":
        nagle = nagle + ["server"]
    ruff = find_command(args.ruff, "ruff")
    if ruff and not args.ruff:
        ruff = ruff + ["server"]
    table = {"nagle-lint": nagle, "ruff": ruff}
    return [(name, table[name]) for name in args.servers]


def version_of(argv: list[str]) -> str:
    base = argv[:-1] if argv[-1] == "server" else argv
    if base[-1:] == ["nagle_lint.lsp"]:
        base = base[:-2] + ["-m", "nagle_lint"]
    try:
        out = subprocess.run(base + ["--version"], check=False, capture_output=True, text=True, timeout=30)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "?"


# -- report -------------------------------------------------------------------------------------
def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]  # nearest rank


def fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def summarise(row: dict) -> None:
    edits = row["edits_ms"]
    row["edit_median_ms"] = statistics.median(edits) if edits else None
    row["edit_min_ms"] = min(edits) if edits else None
    row["edit_max_ms"] = max(edits) if edits else None
    row["edit_p90_ms"] = p90(edits) if edits else None
    bursts = row["bursts_ms"]
    row["burst_median_ms"] = statistics.median(bursts) if bursts else None
    row["burst_max_ms"] = max(bursts) if bursts else None


def report(rows: list[dict], skipped: list[str], versions: dict, args, load: tuple[str, str]) -> str:
    out = ["## LSP: edit to diagnostics", ""]
    out.append(f"{platform.node()}, {platform.system()} {platform.release()}, {os.cpu_count()} cores,"
               f" Python {platform.python_version()}; load average before {load[0]}, after {load[1]}.")
    for name, version in versions.items():
        out.append(f"- {name}: `{version}`")
    for line in skipped:
        out.append(f"- {line}")
    out.append("")
    out.append("| file | lines | server | sync | open ms | edit median ms | min | p90 | max | runs | trigger"
               " | burst median ms | burst max | publishes per burst | diagnostics |")
    out.append("| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    for row in rows:
        triggers = sorted(set(row["triggers"])) or ["-"]
        out.append(" | ".join([
            f"| {Path(row['file']).name}", f"{row['lines']:,}", row["server"], row.get("sync", "-"),
            fmt(row["open_ms"]), fmt(row["edit_median_ms"]), fmt(row["edit_min_ms"]),
            fmt(row["edit_p90_ms"]), fmt(row["edit_max_ms"]), str(len(row["edits_ms"])),
            ", ".join(triggers), fmt(row["burst_median_ms"]), fmt(row["burst_max_ms"]),
            "/".join(str(n) for n in row["burst_publishes"]) or "-",
            "-" if row["diagnostics"] is None else str(row["diagnostics"]),
        ]) + " |")
    out.append("")
    files = list(dict.fromkeys(row["file"] for row in rows))
    ratios = []
    for path in files:
        by = {row["server"]: row for row in rows if row["file"] == path}
        nagle, ruff = by.get("nagle-lint"), by.get("ruff")
        if not nagle or not ruff:
            continue
        parts = []
        for key, label in (("edit_median_ms", "edit median"), ("burst_median_ms", "burst median"), ("open_ms", "open")):
            if nagle.get(key) and ruff.get(key):
                parts.append(f"{label} {nagle[key] / ruff[key]:.1f}x")
        if parts:
            ratios.append(f"- {Path(path).name}: nagle-lint / ruff = " + ", ".join(parts))
    if ratios:
        out.append("Ratios (nagle-lint time / ruff time):")
        out.extend(ratios)
        out.append("")
    problems = [f"- {row['server']} on {Path(row['file']).name}: {row['error']}" for row in rows if row["error"]]
    problems += [f"- {row['server']} on {Path(row['file']).name}: did not stop after shutdown/exit, killed"
                 for row in rows if row["shutdown"] == "killed"]
    unversioned = [row for row in rows if row["versioned"] is False]
    problems += [f"- {row['server']}: publishDiagnostics carries no version; each edit is timed to the next"
                 " publish for the file" for row in unversioned]
    saved = [row for row in rows if "change+save" in row["triggers"]]
    problems += [f"- {row['server']} on {Path(row['file']).name}: no publishDiagnostics within"
                 f" {min(args.change_wait, args.timeout):g} s of a didChange, so didSave was sent too"
                 " (a server slower than that is counted here as well)" for row in saved]
    if problems:
        out.append("Problems:")
        out.extend(problems)
        out.append("")
    what = "a blank line" if args.edit == "blank" else "a statement (`_edited = 1`)"
    out.append(f"Edits: {args.runs} per server and file, alternately inserting and removing {what} at"
               f" the top; times from sending didChange to receiving the publishDiagnostics of that version"
               f" (open: from didOpen). p90 is the nearest rank. Timeout {args.timeout:g} s per wait,"
               f" didSave after {min(args.change_wait, args.timeout):g} s without diagnostics."
               f" Bursts: {args.bursts} per server and file, {max(args.burst_keys, 2)} keystrokes"
               f" {args.burst_gap_ms:g} ms apart, timed from the last keystroke's didChange to the"
               " publishDiagnostics of its version (incremental sync only).")
    return "\n".join(out)


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", action="append", type=Path, metavar="PATH",
                        help="a Python file to open and edit (repeatable; default: the 3.11.7 stdlib's"
                             " imaplib.py and test/test_ssl.py)")
    parser.add_argument("--runs", type=int, default=10, help="edits per server and file (10)")
    parser.add_argument("--edit", choices=("blank", "code"), default="blank",
                        help="the line each edit inserts and removes: blank (default) or a statement")
    parser.add_argument("--bursts", type=int, default=3, help="typing bursts per server and file (3; 0: none)")
    parser.add_argument("--burst-keys", type=int, default=10, help="keystrokes (didChanges) per burst (10)")
    parser.add_argument("--burst-gap-ms", type=float, default=30.0, help="milliseconds between keystrokes (30)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds for any one wait (30)")
    parser.add_argument("--change-wait", type=float, default=None,
                        help="seconds to wait for diagnostics after didChange before sending didSave"
                             " (default: --timeout). Shorter is quicker with a server that publishes on"
                             " save only, but a slow server is then reported as needing a save")
    parser.add_argument("--servers", default="nagle-lint,ruff", help="comma-separated (nagle-lint,ruff)")
    parser.add_argument("--nagle-lint", metavar="CMD", help="command line of nagle-lint's server"
                        " (default: nagle-lint server, next to this Python first)")
    parser.add_argument("--ruff", metavar="CMD", help="command line of ruff's server (default: ruff server)")
    parser.add_argument("--json", metavar="FILE", type=Path, help="write the raw results here")
    args = parser.parse_args(argv)
    try:
        if args.runs < 1:
            raise BenchError("--runs must be at least 1")
        if args.bursts < 0 or args.burst_keys < 2 or args.burst_gap_ms < 0:
            raise BenchError("--bursts must be 0 or more, --burst-keys at least 2, --burst-gap-ms 0 or more")
        if args.change_wait is None:
            args.change_wait = args.timeout
        if args.timeout <= 0 or args.change_wait <= 0:
            raise BenchError("--timeout and --change-wait must be positive")
        args.servers = [s.strip() for s in args.servers.split(",") if s.strip()]
        unknown = [s for s in args.servers if s not in ("nagle-lint", "ruff")]
        if unknown or not args.servers:
            raise BenchError(f"--servers: unknown server {', '.join(unknown) or '(none)'}; known: nagle-lint, ruff")
        files = []
        for path in args.file or DEFAULT_FILES:
            path = path.expanduser().resolve()
            if not path.is_file():
                raise BenchError(f"no such file: {path}")
            try:
                files.append((path, path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError) as error:
                raise BenchError(f"cannot read {path} as UTF-8: {error}") from None
        if args.json:
            parent = args.json.expanduser().resolve().parent
            if not parent.is_dir():
                raise BenchError(f"--json: no such directory: {parent}")
    except BenchError as error:
        print(f"lsp_latency.py: error: {error}", file=sys.stderr)
        return 2

    skipped, present, versions = [], [], {}
    for name, command in servers(args):
        if command is None:
            skipped.append(f"{name}: not installed, skipped")
            print(f"# {name}: not installed, skipped", file=sys.stderr)
        else:
            present.append((name, command))
            versions[name] = version_of(command)
            print(f"# {name}: {' '.join(command)} ({versions[name]})", file=sys.stderr)
    if not present:
        print("lsp_latency.py: error: none of the servers is installed", file=sys.stderr)
        return 2

    load_before = loadavg()
    rows = []
    for number, (path, text) in enumerate(files):
        order = present if number % 2 == 0 else present[::-1]  # alternate who goes first
        for name, command in order:
            print(f"# {name}: {path.name} ...", file=sys.stderr)
            row = bench_one(name, command, path, text, args)
            summarise(row)
            if row["error"]:
                print(f"#   {row['error']}", file=sys.stderr)
            rows.append(row)
    load_after = loadavg()
    print(report(rows, skipped, versions, args, (load_before, load_after)))
    if args.json:
        args.json.expanduser().write_text(json.dumps({
            "versions": versions, "skipped": skipped, "load": [load_before, load_after],
            "runs": args.runs, "timeout": args.timeout, "change_wait": args.change_wait, "results": rows,
        }, indent=2) + "\n")
    return 1 if any(row["error"] for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
