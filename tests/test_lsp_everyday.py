"""The language server as editors use it day to day, over JSON-RPC like test_lsp.py: config
errors shown and the last good settings kept, pyproject.toml changes picked up, a noqa quick fix,
last good findings kept while the buffer does not parse, and pull diagnostics."""
from __future__ import annotations

import queue
import time

from tests.test_lsp import LONG_SOURCE, SOURCE, TIMEOUT, _initialize, _open, _quick_fixes, _shutdown, apply_text_edits, client, codes  # noqa: F401


def _change(client, uri, text, version) -> list[dict]:
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]})
    return client.wait_diagnostics(uri, version=version)


def _wait_message(client) -> dict:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            message = client.notifications.get(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            break
        if message.get("method") == "window/showMessage":
            return message["params"]
    raise AssertionError("no window/showMessage")


def _watched_change(client, pyproject) -> None:
    client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": pyproject.as_uri(), "type": 2}]})


def test_config_error_is_shown_and_last_good_settings_kept(client, tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.nagle-lint]\nignore = ["NAG201"]\n')
    _initialize(client, tmp_path)
    uri = _open(client, tmp_path / "client.py")
    assert codes(client.wait_diagnostics(uri, version=1)) == ["NAG101"]
    # the user types a bad key: they are told, and what is shown does not change
    pyproject.write_text('[tool.nagle-lint]\nignore = ["NAG201"]\nbogus = 1\n')
    _watched_change(client, pyproject)
    message = _wait_message(client)
    assert message["type"] == 1 and "bogus" in message["message"]
    assert codes(client.wait_diagnostics(uri)) == ["NAG101"]  # NAG201 still ignored
    # fixed config: picked up without a restart
    pyproject.write_text('[tool.nagle-lint]\nignore = ["NAG101", "NAG201"]\n')
    _watched_change(client, pyproject)
    assert client.wait_diagnostics(uri) == []
    _shutdown(client)


def test_pyproject_changes_are_picked_up(client, tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.nagle-lint]\nselect = ["NAG101"]\n')
    _initialize(client, tmp_path)
    uri = _open(client, tmp_path / "client.py")
    assert codes(client.wait_diagnostics(uri, version=1)) == ["NAG101"]
    pyproject.write_text('[tool.nagle-lint]\nselect = ["NAG101"]\nignore = ["NAG101"]\n')
    _watched_change(client, pyproject)
    assert codes(client.wait_diagnostics(uri)) == []
    pyproject.write_text('[tool.nagle-lint]\nselect = ["NAG101"]\n')
    _watched_change(client, pyproject)
    assert codes(client.wait_diagnostics(uri)) == ["NAG101"]
    _shutdown(client)


def test_noqa_quick_fix(client, tmp_path):
    _initialize(client, tmp_path)
    uri = _open(client, tmp_path / "client.py")
    diag = next(d for d in client.wait_diagnostics(uri, version=1) if d["code"] == "NAG101")
    actions = [a for a in _quick_fixes(client, uri, diag) if a["title"].startswith("Suppress")]
    assert [a["title"] for a in actions] == ["Suppress NAG101 on this line (# noqa: NAG101)"]
    fixed = apply_text_edits(SOURCE, actions[0]["edit"]["changes"][uri])
    assert 's.sendall(b"BODY")  # noqa: NAG101\n' in fixed
    assert "NAG101" not in codes(_change(client, uri, fixed, 2))
    # a line with a noqa for another code gets the code added
    other = SOURCE.replace('s.sendall(b"BODY")', 's.sendall(b"BODY")  # noqa: E501')
    diag = next(d for d in _change(client, uri, other, 3) if d["code"] == "NAG101")
    (action,) = [a for a in _quick_fixes(client, uri, diag) if a["title"].startswith("Suppress")]
    assert 's.sendall(b"BODY")  # noqa: E501, NAG101\n' in apply_text_edits(other, action["edit"]["changes"][uri])
    _shutdown(client)


def test_last_good_findings_kept_while_the_buffer_does_not_parse(client, tmp_path):
    _initialize(client, tmp_path)
    uri = _open(client, tmp_path / "client.py")
    good = client.wait_diagnostics(uri, version=1)
    assert codes(good) == ["NAG201", "NAG101"]
    half_typed = SOURCE + "def f(:\n"
    assert _change(client, uri, half_typed, 2) == good  # no NAG001, the finding stays
    assert codes(_change(client, uri, SOURCE.replace('s.sendall(b"HEAD")\n', ""), 3)) == ["NAG201"]  # no split now
    _shutdown(client)


def test_pull_diagnostics(client, tmp_path):
    init = client.request("initialize", {
        "processId": None, "rootUri": tmp_path.as_uri(),
        "capabilities": {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}})
    # (findings depend on other files: a module imported, a subclass elsewhere)
    assert init["capabilities"]["diagnosticProvider"]["interFileDependencies"] is True
    client.notify("initialized", {})
    uri = _open(client, tmp_path / "client.py")
    report = client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    assert report["kind"] == "full"
    assert codes(report["items"]) == ["NAG201", "NAG101"]
    # a pulling client gets nothing pushed (it would show every finding twice): the answer to a
    # later request arrives, and no publishDiagnostics came before it
    client.request("shutdown", None)
    pushed = []
    while not client.notifications.empty():
        pushed.append(client.notifications.get_nowait().get("method"))
    assert "textDocument/publishDiagnostics" not in pushed, pushed
    client.notify("exit", None)
    assert client.proc.wait(timeout=TIMEOUT) == 0


def _cancelled_at_once(client, method: str, params: dict) -> dict:
    """Send a request and cancel it right away, as an editor does; the answer it gets."""
    client.next_id += 1
    ident = client.next_id
    client.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
    client.notify("$/cancelRequest", {"id": ident})
    deadline = time.monotonic() + TIMEOUT
    with client.lock:
        while ident not in client.responses:
            assert time.monotonic() < deadline, f"no answer to the cancelled {method}"
            client.lock.wait(1)
        return client.responses.pop(ident)


def test_a_pull_the_client_cancels_stops_its_analysis(client, tmp_path):
    """Editors cancel a diagnostic request when the buffer changes under it: the server answers
    it with RequestCancelled (its analysis stopped) and answers the next request in full."""
    client.request("initialize", {
        "processId": None, "rootUri": tmp_path.as_uri(),
        "capabilities": {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}})
    client.notify("initialized", {})
    uri = _open(client, tmp_path / "client.py", LONG_SOURCE)
    cancelled = _cancelled_at_once(client, "textDocument/diagnostic", {"textDocument": {"uri": uri}})
    assert cancelled.get("error", {}).get("code") == -32800, cancelled  # RequestCancelled
    report = client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    assert set(codes(report["items"])) == {"NAG201", "NAG101"} and len(report["items"]) == 501
    _shutdown(client)


def test_code_actions_run_beside_the_diagnostics_and_can_be_cancelled(client, tmp_path):
    """Editors ask for code actions on every cursor move and cancel the ones they no longer
    need: a cancelled request gets RequestCancelled, the next one its quick fixes, while the
    buffer's diagnostics are analysed on the same background thread."""
    _initialize(client, tmp_path)
    uri = _open(client, tmp_path / "client.py", LONG_SOURCE)
    line = LONG_SOURCE.splitlines().index("    s.sendall(b'BODY')")  # request_0's second piece
    where = {"start": {"line": line, "character": 4}, "end": {"line": line, "character": 4}}
    params = {"textDocument": {"uri": uri}, "range": where, "context": {"diagnostics": [], "only": ["quickfix"]}}
    cancelled = _cancelled_at_once(client, "textDocument/codeAction", params)
    assert cancelled.get("error", {}).get("code") == -32800, cancelled  # RequestCancelled
    actions = client.request("textDocument/codeAction", params)
    titles = [action["title"] for action in actions]
    assert any("[NAG101]" in title and "safe fix" in title for title in titles), titles
    assert client.wait_diagnostics(uri, version=1)  # and the pushed diagnostics came too
    _shutdown(client)


def test_the_server_asks_to_watch_pyproject(client, tmp_path, monkeypatch):
    """With a client that allows dynamic registration, the server registers a file watcher for
    **/pyproject.toml (settings) and **/*.py (the project's modules) after `initialized`."""
    import json

    import tests.test_lsp as base

    seen: list[dict] = []

    class Recorder:  # every message the client reads, as test_lsp.Client decodes it
        @staticmethod
        def loads(text):
            message = json.loads(text)
            seen.append(message)
            return message

        dumps = staticmethod(json.dumps)

    monkeypatch.setattr(base, "json", Recorder)
    client.request("initialize", {
        "processId": None, "rootUri": tmp_path.as_uri(),
        "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}})
    client.notify("initialized", {})
    client.request("shutdown", None)  # answered after the registration request was sent
    (register,) = [m for m in seen if m.get("method") == "client/registerCapability"]
    (registration,) = register["params"]["registrations"]
    assert registration["method"] == "workspace/didChangeWatchedFiles"
    assert registration["registerOptions"]["watchers"] == [{"globPattern": "**/pyproject.toml"},
                                                           {"globPattern": "**/*.py"}]
    client.notify("exit", None)
    assert client.proc.wait(timeout=TIMEOUT) == 0
