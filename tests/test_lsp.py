"""The language server: started as a subprocess (`python -m nagle_lint.lsp`) and spoken to in LSP
over stdio, as an editor would (initialize, didOpen, publishDiagnostics, codeAction, didChange,
shutdown, exit). Pure position conversions are tested in-process.
"""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from nagle_lint.model import Applicability, Edit, Fix, Span
from nagle_lint.report.source import LineIndex

PROJECT = Path(__file__).resolve().parent.parent
# A kept connection (one exchange made), then a split request: NAG201 on the connection (0-based
# line 1), NAG101 on the second piece (line 5).
SOURCE = (
    'import socket\n'
    's = socket.create_connection(("127.0.0.1", 9))\n'
    's.sendall(b"HI")\n'
    's.recv(2)\n'
    's.sendall(b"HEAD")\n'
    's.sendall(b"BODY")\n'
    's.recv(1)\n'
)
TIMEOUT = 30.0
# A file whose analysis takes a while (0.2 s in the server here): each function splits a request
# on the kept connection. Long enough for an editor to type, or cancel, while it runs.
LONG_SOURCE = SOURCE[:SOURCE.index("s.sendall(b\"HEAD\")")] + "".join(
    f"\n\ndef request_{i}():\n    s.sendall(b'HEAD')\n    s.sendall(b'BODY')\n    s.recv(1)\n" for i in range(500))


# -- pure conversions ------------------------------------------------------------------------

def test_positions_in_utf16_units():
    from nagle_lint.lsp import position_at, span_range

    text = 'x = "😀é"; y = 1\nz\r\nw\n'
    index = LineIndex(text)
    y = text.index("y")
    assert position_at(index, y, "utf-16") == (0, 11)  # the emoji is two UTF-16 units
    assert position_at(index, y, "utf-32") == (0, 10)
    assert position_at(index, y, "utf-8") == (0, 14)
    assert position_at(index, text.index("w"), "utf-16") == (2, 0)  # after CRLF
    assert position_at(index, len(text), "utf-16") == (3, 0)
    assert span_range(index, Span(1, 11, 1, 12), "utf-16") == ((0, 11), (0, 12))


def test_fix_titles_and_text_changes():
    from nagle_lint.lsp import fix_title, text_changes
    from nagle_lint.model import Confidence, Finding, Severity

    safe = Fix("Join the writes into one sendall", "join", Applicability.SAFE, (Edit(0, 5, "a"),))
    unsafe = Fix("Use sendmsg", "sendmsg", Applicability.UNSAFE, (Edit(3, 8, "b"),))
    other = Fix("Set TCP_NODELAY", "nodelay", Applicability.SAFE, (Edit(9, 9, "c"),))
    finding = Finding("NAG101", "split-request", "m", "p", Span(1, 1, 1, 2), Severity.WARNING, Confidence.HIGH)
    assert fix_title(finding, safe) == "Join the writes into one sendall (safe fix) [NAG101]"
    assert "unsafe" in fix_title(finding, unsafe)
    old, new = "a\nb\nc\nd\n", "a\nB\nc\nd\ne\n"
    changes = text_changes(old, new)
    assert changes == [(2, 4, "B\n"), (8, 8, "e\n")]  # one edit per changed run of lines
    for start, end, text in reversed(changes):
        old = old[:start] + text + old[end:]
    assert old == new


# -- a real client over stdio ------------------------------------------------------------------

class Client:
    """A minimal LSP client: Content-Length framing, requests by id, notifications queued."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc = proc
        self.next_id = 0
        self.responses: dict[int, dict] = {}
        self.notifications: "queue.Queue[dict]" = queue.Queue()
        self.lock = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        stream = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.decode("ascii").strip()
                if not line:
                    break
                key, _, value = line.partition(":")
                headers[key.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            message = json.loads(body.decode("utf-8"))
            if "id" in message and "method" not in message:
                with self.lock:
                    self.responses[message["id"]] = message
                    self.lock.notify_all()
            elif "id" in message:  # a request from the server (e.g. workspace/configuration)
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            else:
                self.notifications.put(message)

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        self.proc.stdin.flush()

    def request(self, method: str, params) -> dict:
        self.next_id += 1
        rid = self.next_id
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        deadline = time.monotonic() + TIMEOUT
        with self.lock:
            while rid not in self.responses:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no response to {method} within {TIMEOUT}s")
                self.lock.wait(left)
            response = self.responses.pop(rid)
        assert "error" not in response, response
        return response["result"]

    def notify(self, method: str, params) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self, uri: str, version=None) -> list[dict]:
        deadline = time.monotonic() + TIMEOUT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no publishDiagnostics for {uri} (version {version}) within {TIMEOUT}s")
            try:
                message = self.notifications.get(timeout=left)
            except queue.Empty:
                continue
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            if params["uri"] == uri and (version is None or params.get("version") == version):
                return params["diagnostics"]


def apply_text_edits(text: str, edits: list[dict]) -> str:
    """Apply LSP TextEdits (UTF-16 positions) the way an editor does."""
    index = LineIndex(text)

    def offset(position: dict) -> int:
        line = position["line"]
        if line >= index.line_count:
            return len(text)
        start = index.starts[line]
        units = 0
        offset = start
        while units < position["character"] and offset < len(text) and text[offset] not in "\r\n":
            units += 2 if ord(text[offset]) > 0xFFFF else 1
            offset += 1
        return offset

    spans = sorted(((offset(e["range"]["start"]), offset(e["range"]["end"]), e["newText"]) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def _start(tmp_path, extra_path: str | None = None) -> Client:
    pytest.importorskip("pygls")
    pytest.importorskip("lsprotocol")
    try:
        import nagle_lint.engine  # noqa: F401
    except ImportError as error:
        pytest.skip(f"engine not available yet: {error}")
    path = [extra_path] if extra_path else []
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path + [str(PROJECT), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-m", "nagle_lint.lsp"], cwd=tmp_path, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return Client(proc)


def _stop(lsp: Client) -> None:
    proc = lsp.proc
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=10)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        stream.close()


@pytest.fixture
def client(tmp_path):
    lsp = _start(tmp_path)
    try:
        yield lsp
    finally:
        _stop(lsp)


@pytest.fixture
def stub_client(tmp_path):
    """A server whose engine is replaced by tests/data/lsp_stub (a fixed finding with fixes)."""
    lsp = _start(tmp_path, str(Path(__file__).parent / "data" / "lsp_stub"))
    try:
        yield lsp
    finally:
        _stop(lsp)


def _initialize(client: Client, root: Path, encodings=("utf-16",)) -> dict:
    init = client.request("initialize", {
        "processId": os.getpid(),
        "rootUri": root.as_uri(),
        "capabilities": {
            "general": {"positionEncodings": list(encodings)},
            "textDocument": {
                "publishDiagnostics": {"relatedInformation": True},
                "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {
                    "valueSet": ["quickfix", "source.fixAll"]}}},
            },
        },
    })
    client.notify("initialized", {})
    return init


def _open(client: Client, path: Path, text: str = SOURCE, version: int = 1) -> str:
    """Write the file and open it as a buffer with the same text; its URI."""
    path.write_text(text)
    uri = path.as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": version, "text": text}})
    return uri


def _quick_fixes(client: Client, uri: str, diag: dict) -> list[dict]:
    return client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": diag["range"],
        "context": {"diagnostics": [diag], "only": ["quickfix"]},
    })


def codes(diagnostics: list[dict]) -> list[str]:
    return [d["code"] for d in diagnostics]


def _shutdown(client: Client) -> None:
    assert client.request("shutdown", None) is None
    client.notify("exit", None)
    assert client.proc.wait(timeout=TIMEOUT) == 0


def test_diagnostics_follow_the_buffer(client, tmp_path):
    path = tmp_path / "client.py"
    path.write_text(SOURCE)
    uri = path.as_uri()
    init = _initialize(client, tmp_path)
    assert init["capabilities"].get("codeActionProvider"), init
    assert init["serverInfo"]["name"] == "nagle-lint"

    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": SOURCE}})
    diagnostics = client.wait_diagnostics(uri, version=1)
    assert [d["code"] for d in diagnostics] == ["NAG201", "NAG101"]
    assert diagnostics[0]["range"]["start"] == {"line": 1, "character": 4}
    diag = diagnostics[1]
    assert diag["source"] == "nagle-lint"
    assert diag["range"] == {"start": {"line": 5, "character": 0}, "end": {"line": 5, "character": 18}}
    assert diag["severity"] == 2  # warning
    assert diag["codeDescription"]["href"].endswith("#nag101-split-request")
    related = diag.get("relatedInformation") or []
    assert len(related) >= 2 and all(r["location"]["uri"] == uri for r in related)
    assert related[0]["message"] == "connection made here"
    assert related[0]["location"]["range"]["start"] == {"line": 1, "character": 4}
    assert related[1]["message"] == "first piece"
    assert related[1]["location"]["range"]["start"] == {"line": 4, "character": 0}

    # the user joins the writes: a whole-document change, and the split-request diagnostic goes
    # away (what remains, if anything, is about the socket: NAG201, no TCP_NODELAY)
    joined = SOURCE.replace('s.sendall(b"HEAD")\ns.sendall(b"BODY")', 's.sendall(b"HEAD" + b"BODY")')
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": joined}]})
    assert "NAG101" not in codes(client.wait_diagnostics(uri, version=2))

    # undo by an incremental change: the finding is back
    line = joined.splitlines().index('s.sendall(b"HEAD" + b"BODY")')
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{
        "range": {"start": {"line": line, "character": 0},
                  "end": {"line": line, "character": len('s.sendall(b"HEAD" + b"BODY")')}},
        "text": 's.sendall(b"HEAD")\ns.sendall(b"BODY")'}]})
    assert [d["code"] for d in client.wait_diagnostics(uri, version=3)] == ["NAG201", "NAG101"]

    # noqa in the buffer hides it, as in the CLI
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{
        "text": SOURCE.replace('s.sendall(b"BODY")', 's.sendall(b"BODY")  # noqa: NAG101')}]})
    assert "NAG101" not in codes(client.wait_diagnostics(uri, version=4))

    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5},
                                             "contentChanges": [{"text": SOURCE}]})
    assert [d["code"] for d in client.wait_diagnostics(uri, version=5)] == ["NAG201", "NAG101"]
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    assert [d["code"] for d in client.wait_diagnostics(uri)] == ["NAG201", "NAG101"]
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert client.wait_diagnostics(uri) == []
    _shutdown(client)


# a connection kept by a class, which client.py's subclass (SUBCLASS) writes and reads
TRANSPORT = ("import socket\n\n\nclass Transport:\n    def __init__(self, host, port):\n"
             "        self.host, self.port = host, port\n        self.sock = None\n\n"
             "    def connect(self):\n        self.sock = socket.create_connection((self.host, self.port))\n")
SUBCLASS = ("from .transport import Transport\n\n\nclass Client(Transport):\n    def get(self, key):\n"
            "        self.sock.sendall(b'GET %d\\r\\n' % len(key))\n        self.sock.sendall(key)\n"
            "        return self.sock.recv(4096)\n")


def _transport_project(client: Client, tmp_path: Path) -> tuple[Path, str]:
    """A project whose package holds client.py (no subclass yet) and transport.py, open and
    analysed (nothing found): the package's folder and transport.py's URI."""
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\n")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "client.py").write_text("VERSION = 1\n")
    _initialize(client, tmp_path)
    transport = _open(client, package / "transport.py", TRANSPORT)
    assert client.wait_diagnostics(transport, version=1) == []
    return package, transport


def test_a_saved_module_refreshes_the_other_buffers(client, tmp_path):
    """transport.py's connection is used by a subclass in client.py only once client.py is
    edited and saved: the open transport.py is analysed again, with the project scanned afresh."""
    package, transport = _transport_project(client, tmp_path)
    path = package / "client.py"
    user = _open(client, path, "VERSION = 1\n")
    client.wait_diagnostics(user, version=1)
    client.notify("textDocument/didChange", {"textDocument": {"uri": user, "version": 2},
                                             "contentChanges": [{"text": SUBCLASS}]})
    path.write_text(SUBCLASS)
    client.notify("textDocument/didSave", {"textDocument": {"uri": user}})
    assert codes(client.wait_diagnostics(transport)) == ["NAG201"]
    _shutdown(client)


def test_a_module_changed_on_disk_refreshes_the_open_buffers(client, tmp_path):
    """client.py, never opened here, is rewritten on disk (a checkout) to use transport.py's
    connection in a subclass: the file watcher's event has the open transport.py analysed again."""
    package, transport = _transport_project(client, tmp_path)
    (package / "client.py").write_text(SUBCLASS)
    client.notify("workspace/didChangeWatchedFiles", {"changes": [
        {"uri": (package / "client.py").as_uri(), "type": 2}]})
    assert codes(client.wait_diagnostics(transport)) == ["NAG201"]
    _shutdown(client)


def test_keystrokes_during_an_analysis_are_analysed_once(client, tmp_path):
    """Typing: the changes that arrive while the buffer is being analysed are analysed together
    once that analysis ends. The editor gets the last version's diagnostics, not one analysis
    per keystroke queued behind each other (10 keystrokes used to cost 10 analyses in a row)."""
    _initialize(client, tmp_path)
    uri = _open(client, tmp_path / "client.py", LONG_SOURCE)
    opened = client.wait_diagnostics(uri, version=1)
    assert set(codes(opened)) == {"NAG201", "NAG101"} and len(opened) == 501

    keys = 12  # a comment typed at the top, one character per change, then the line removed
    changes = [((0, 0), (0, 0), "#\n")] + [((0, i), (0, i), "x") for i in range(1, keys - 1)]
    changes.append(((0, 0), (1, 0), ""))
    for version, (start, end, new) in enumerate(changes, start=2):
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{
            "range": {"start": {"line": start[0], "character": start[1]},
                      "end": {"line": end[0], "character": end[1]}}, "text": new}]})
    last = len(changes) + 1
    published = []
    deadline = time.monotonic() + TIMEOUT
    while not published or published[-1][0] != last:
        assert time.monotonic() < deadline, f"no diagnostics for version {last}: {published}"
        try:
            message = client.notifications.get(timeout=1)
        except queue.Empty:
            continue
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            published.append((message["params"].get("version"), message["params"]["diagnostics"]))
    assert len(published) <= 3, [version for version, _ in published]
    assert published[-1][1] == opened  # the text is as it was opened: the same diagnostics
    _shutdown(client)


def test_real_quick_fix_applies(client, tmp_path):
    """The engine's own fix for the split request, applied through a code action."""
    from nagle_lint.engine import check_source
    from nagle_lint.report.full import apply_edits
    from nagle_lint.settings import Settings

    path = tmp_path / "client.py"
    path.write_text(SOURCE)
    findings = check_source(SOURCE, str(path), Settings()).findings
    assert [f.code for f in findings] == ["NAG201", "NAG101"]
    finding = findings[1]
    engine_fix = next((f for f in finding.fixes if f.applicability is Applicability.SAFE), None)
    if engine_fix is None:
        pytest.skip("the engine offers no safe fix for this split request yet (autofix issue)")
    uri = path.as_uri()
    _initialize(client, tmp_path)
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": SOURCE}})
    nodelay_diag, diag = client.wait_diagnostics(uri, version=1)
    assert (nodelay_diag["code"], diag["code"]) == ("NAG201", "NAG101")
    actions = _quick_fixes(client, uri, diag)
    safe = [a for a in actions if "(safe fix)" in a["title"]]
    assert safe, [a["title"] for a in actions]
    action = safe[0]
    assert action["kind"] == "quickfix" and action.get("isPreferred") is True
    fixed = apply_text_edits(SOURCE, action["edit"]["changes"][uri])
    assert fixed == apply_edits(SOURCE, engine_fix.edits)
    assert fixed.count("sendall") == 2 and 's.sendall(b"HI")\n' in fixed  # the split pair is one call
    compile(fixed, "client.py", "exec")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": fixed}]})
    assert "NAG101" not in codes(client.wait_diagnostics(uri, version=2))
    _shutdown(client)


STUB_SOURCE = 'import socket\nx = "😀é"; s.sendall(b"HEAD"); s.sendall(b"BODY")\ns.recv(1)\n'


def test_quick_fix_positions_in_utf16(stub_client, tmp_path):
    """With a stub engine: a finding after an astral character, its fixes as code actions."""
    path = tmp_path / "client.py"
    path.write_text(STUB_SOURCE, encoding="utf-8")
    uri = path.as_uri()
    _initialize(stub_client, tmp_path)
    stub_client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": STUB_SOURCE}})
    (diag,) = stub_client.wait_diagnostics(uri, version=1)
    line = STUB_SOURCE.splitlines()[1]
    code_points = line.index('s.sendall(b"BODY")')
    assert diag["range"]["start"] == {"line": 1, "character": code_points + 1}  # 😀: 2 UTF-16 units
    assert diag["range"]["end"] == {"line": 1, "character": code_points + 1 + len('s.sendall(b"BODY")')}

    actions = _quick_fixes(stub_client, uri, diag)
    titles = [a["title"] for a in actions]
    assert titles == ["Join the writes into one sendall (safe fix) [NAG101]",
                      "Send both pieces with one sendmsg (unsafe fix: check behaviour) [NAG101]",
                      "Suppress NAG101 on this line (# noqa: NAG101)"]
    assert [a.get("isPreferred") for a in actions] == [True, False, None]
    join, sendmsg, _suppress = actions
    (edit,) = join["edit"]["changes"][uri]
    arg = code_points + len("s.sendall(")
    assert edit["range"] == {"start": {"line": 1, "character": arg + 1},
                             "end": {"line": 1, "character": arg + 1 + len('b"BODY"')}}
    fixed = apply_text_edits(STUB_SOURCE, join["edit"]["changes"][uri])
    assert fixed == STUB_SOURCE.replace('sendall(b"BODY")', 'sendall(b"HEAD" + b"BODY")')
    assert apply_text_edits(STUB_SOURCE, sendmsg["edit"]["changes"][uri]) == STUB_SOURCE.replace(
        's.sendall(b"BODY")', 's.sendmsg([b"HEAD", b"BODY"])')

    # a cursor elsewhere gets no quick fix; fix-all gets the safe one only
    elsewhere = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}
    assert stub_client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": elsewhere,
        "context": {"diagnostics": [], "only": ["quickfix"]}}) == []
    (fix_all,) = stub_client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": elsewhere,
        "context": {"diagnostics": [], "only": ["source.fixAll"]}})
    assert fix_all["kind"] == "source.fixAll.nagle-lint"
    assert apply_text_edits(STUB_SOURCE, fix_all["edit"]["changes"][uri]) == fixed
    _shutdown(stub_client)


def test_utf32_when_the_client_prefers_it(stub_client, tmp_path):
    path = tmp_path / "client.py"
    path.write_text(STUB_SOURCE, encoding="utf-8")
    uri = path.as_uri()
    init = _initialize(stub_client, tmp_path, encodings=("utf-32", "utf-16"))
    assert init["capabilities"].get("positionEncoding") == "utf-32"
    stub_client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "python", "version": 1, "text": STUB_SOURCE}})
    (diag,) = stub_client.wait_diagnostics(uri, version=1)
    line = STUB_SOURCE.splitlines()[1]
    assert diag["range"]["start"]["character"] == line.index('s.sendall(b"BODY")')
    _shutdown(stub_client)


def test_main_without_pygls_explains(monkeypatch, capsys):
    import builtins

    import nagle_lint.lsp as lsp

    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name.startswith("pygls"):
            raise ImportError("No module named 'pygls'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    assert lsp.main([]) == 2
    assert "pip install 'nagle-lint[lsp]'" in capsys.readouterr().err


def test_server_collects_cycles_less_often(monkeypatch):
    """The server's process runs the collector at the CLI's longer interval: at the default one
    a full collection over the server's caches took half a second in the middle of an edit."""
    import gc

    import nagle_lint.lsp as lsp
    from nagle_lint.engine import GC_THRESHOLD

    started = []

    class Server:
        def start_io(self):
            started.append(gc.get_threshold())

    old = gc.get_threshold()
    monkeypatch.setattr(lsp, "build_server", Server)
    try:
        assert lsp.main([]) == 0
    finally:
        gc.set_threshold(*old)
    assert started == [GC_THRESHOLD]
