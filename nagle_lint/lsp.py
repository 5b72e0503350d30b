"""Language server (`nagle-lint server`, or `python -m nagle_lint.lsp`): LSP over stdio, on pygls.

Needs the `lsp` extra (`pip install 'nagle-lint[lsp]'`).

- Diagnostics on didOpen, didChange and didSave, from `engine.check_source` over the editor's
  buffer (not the file on disk), with the settings of the nearest pyproject.toml; `# noqa` applies
  as in the CLI. Each diagnostic carries the code, a link to the rule docs and the related
  locations (first write, read). Pushed (publishDiagnostics), or pulled (textDocument/diagnostic)
  when the client supports that; then nothing is pushed, so nothing shows twice.
- Analyses run on a background thread, so the server keeps reading edits: pushed diagnostics one
  per buffer at a time (a keystroke made while it runs stops it, and the keystrokes made
  meanwhile are analysed together: the editor never waits for one analysis per keystroke);
  pulled diagnostics and code actions there too, stopped when the client cancels the request.
- An edit that changes no code (a comment, blank lines, a comment at a line's end) is reported
  from the buffer's last analysis, its positions moved to where they are now (edits.Buffer).
- While the buffer does not parse, the last good findings stay (the editor reports syntax errors
  itself); NAG001 is shown for the other reasons a file cannot be analysed.
- Settings: a bad pyproject.toml is shown to the user (window/showMessage, once per version of
  the file) and the last good settings stay in force; pyproject.toml changes are picked up from
  didChangeWatchedFiles (the server registers the watcher when the client allows it) and on save.
- A module saved may change what another buffer's analysis finds across the project (a class
  built on one of its classes, an import of its names): the saved buffer, then every open
  buffer of its project, is analysed again, with the project-wide scans made afresh (not when
  the text saved is the text saved last time). So is every open buffer of a project whose
  modules change on disk otherwise (a checkout, a formatter), told by didChangeWatchedFiles.
- Code actions: one quick fix per fix of each finding under the cursor (join, sendmsg, nodelay...),
  titled with what it does and whether it is safe, as a WorkspaceEdit; a "suppress with
  `# noqa: CODE`" action per finding; plus `source.fixAll.nagle-lint`, which applies the same
  round as `nagle-lint --fix` (fixer.fix_text with the file's settings), so both give one file.
- Positions are converted from code points (the model) to the negotiated position encoding
  (UTF-16 code units unless the client offers another).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from nagle_lint.edits import Buffer
from nagle_lint.model import Applicability, FileResult, Finding, Fix, Severity
from nagle_lint.report.source import LineIndex, units

try:
    from nagle_lint import __version__
except ImportError:  # pragma: no cover
    __version__ = "0"

log = logging.getLogger("nagle_lint.lsp")

SOURCE = "nagle-lint"
FIX_ALL_KIND = "source.fixAll.nagle-lint"


# ---------------------------------------------------------------------------------------------
# Pure conversions (tested without a client)


def position_at(index: LineIndex, offset: int, encoding: str = "utf-16") -> tuple[int, int]:
    """0-based (line, character in encoding units) of a code-point offset."""
    line, _ = index.position(offset)
    start = index.starts[line - 1]
    return line - 1, units(index.text[start : max(offset, start)], encoding)


def span_range(index: LineIndex, span, encoding: str = "utf-16") -> tuple[tuple[int, int], tuple[int, int]]:
    start = index.offset(span.line, span.col)
    end = max(index.offset(span.end_line, span.end_col), start)
    return position_at(index, start, encoding), position_at(index, end, encoding)


def fix_title(finding: Finding, fix: Fix) -> str:
    safety = {
        Applicability.SAFE: "safe fix",
        Applicability.UNSAFE: "unsafe fix: check behaviour",
        Applicability.DISPLAY_ONLY: "suggestion",
    }.get(fix.applicability, fix.applicability.value)
    return f"{fix.title} ({safety}) [{finding.code}]"


def fix_all(text: str, path: str, settings, checked: FileResult | None = None):
    """The fix-all action's outcome: the very round `nagle-lint --fix` applies (same settings,
    strategy and safety), so fix-on-save and the CLI give the same file. None when it fails."""
    from nagle_lint.fixer import FixError, fix_text

    try:
        return fix_text(text, path, settings, settings.extra.get("fix-strategy"), checked)
    except (FixError, RecursionError):
        return None


def text_changes(old: str, new: str) -> list[tuple[int, int, str]]:
    """(start, end, text) code-point edits that turn old into new, one per changed run of lines,
    so the editor keeps the cursor and folds outside them."""
    import difflib

    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    starts = [0]
    for line in a:
        starts.append(starts[-1] + len(line))
    changes = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            changes.append((starts[i1], starts[i2], "".join(b[j1:j2])))
    return changes


# ---------------------------------------------------------------------------------------------
# Settings


def _nearest_pyproject(directory: str) -> str | None:
    current = os.path.abspath(directory)
    while True:
        candidate = os.path.join(current, "pyproject.toml")
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


_settings_cache: dict[tuple, Any] = {}
_last_good: dict[str | None, Any] = {}  # nearest pyproject.toml -> the settings it last gave


def settings_for(path: str | None, on_error=None):
    """Settings of the nearest pyproject.toml (reloaded when it changes). A bad file is reported
    through on_error(message), once per version of the file, and the last good settings it gave
    (else the defaults) stay in force, so a half-typed config never changes what is shown."""
    from nagle_lint.settings import Settings

    directory = os.path.dirname(path) if path else os.getcwd()
    pyproject = _nearest_pyproject(directory) if directory else None
    try:
        key = (pyproject, os.stat(pyproject).st_mtime_ns if pyproject else None)
    except OSError:
        key = (pyproject, None)
    if key not in _settings_cache:
        try:
            from nagle_lint.config import load_settings

            settings = load_settings(directory or os.getcwd())
            _last_good[pyproject] = settings
        except BaseException as error:  # a bad config: keep what worked, tell the user why
            if isinstance(error, KeyboardInterrupt):
                raise
            settings = _last_good.get(pyproject, Settings())
            message = f"nagle-lint: configuration error, keeping the previous settings: {error}"
            log.warning("%s", message)
            if on_error is not None:
                on_error(message)
        _settings_cache.clear() if len(_settings_cache) > 64 else None
        _settings_cache[key] = settings
    return _settings_cache[key]


def noqa_edit(line_text: str, code: str) -> tuple[int, int, str]:
    """(start, end, text) in code points of one line: the edit that adds code to its noqa comment,
    or a new `  # noqa: CODE` comment at the end of the line."""
    from nagle_lint.noqa import _LINE

    match = _LINE.search(line_text)
    if match is not None and match.group("codes"):
        end = match.end("codes")
        return end, end, f", {code}"
    if match is not None:  # a bare noqa silences everything already: make it name the code
        return match.end(), match.end(), f": {code}"
    end = len(line_text.rstrip())
    return end, len(line_text), f"  # noqa: {code}"


# ---------------------------------------------------------------------------------------------
# Server


def build_server():
    """The pygls server with its features registered (import errors surface here)."""
    from lsprotocol import types
    from pygls.lsp.server import LanguageServer

    server = LanguageServer(SOURCE, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
    # (uri, with fixes) -> (document version, text, FileResult). Diagnostics are published from
    # an analysis without fixes (the libcst tree fixes need costs as much as the analysis); the
    # first code action request on a version analyses it again with them.
    cache: dict[tuple[str, bool], tuple[Any, str, FileResult]] = {}
    last_good: dict[tuple[str, bool], FileResult] = {}  # the last result of a buffer that parsed
    fixed_all: dict[str, tuple] = {}  # uri -> (version, text, the fix-all round): code actions come often
    # uri -> the buffer's last analysis without fixes: an edit that only moves code (a comment, a
    # blank line) is reported from it without walking the file again
    buffers: dict[str, Buffer] = {}
    # Analyses run on one background thread, so that the server keeps reading edits meanwhile;
    # the engine runs under engine_lock wherever it is called from.
    engine_lock = threading.Lock()
    background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nagle-lint-analysis")
    running: set[str] = set()  # buffers with an analysis on the background thread
    stopping = threading.Event()  # shutdown: no new analysis, and the running one stops
    edited: set[str] = set()  # ... edited (or saved) since that analysis took its text
    saved: dict[str, str] = {}  # uri -> its text when last saved

    severities = {
        Severity.ERROR: types.DiagnosticSeverity.Error,
        Severity.WARNING: types.DiagnosticSeverity.Warning,
        Severity.INFO: types.DiagnosticSeverity.Information,
    }

    def encoding(ls) -> str:
        value = getattr(ls.workspace, "position_encoding", None) or "utf-16"
        return str(getattr(value, "value", value))

    def rng(pair) -> types.Range:
        (sl, sc), (el, ec) = pair
        return types.Range(start=types.Position(line=sl, character=sc), end=types.Position(line=el, character=ec))

    def doc_path(document) -> str:
        return getattr(document, "path", None) or document.uri

    def forget(uri: str, closed: bool = False) -> None:
        for fixes in (False, True):
            cache.pop((uri, fixes), None)
            if closed:
                last_good.pop((uri, fixes), None)
        if closed:
            buffers.pop(uri, None)

    def snapshot(ls, uri: str, fixes: bool):
        """(version, text, path, settings) of the buffer now, or (version, text, None, FileResult)
        when this text was analysed already."""
        document = ls.workspace.get_text_document(uri)
        text = document.source
        cached = cache.get((uri, fixes))
        if cached is not None and cached[0] == document.version and cached[1] == text:
            return document.version, text, None, cached[2]
        path = doc_path(document)

        def show(message: str) -> None:
            ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=message))

        settings = settings_for(path if os.path.isabs(path) else None, show)
        return document.version, text, path, settings if fixes else replace(settings, fixes=False)

    def check(text: str, path: str, settings, cancelled=None, buffer: Buffer | None = None) -> FileResult:
        from nagle_lint.engine import check_source

        with engine_lock:
            return check_source(text, path, settings, cancelled=cancelled, buffer=buffer)

    def failed(ls, uri: str, error: BaseException) -> None:
        # the engine should not raise; never take the server down
        log.error("nagle-lint: analysis failed for %s", uri, exc_info=error)
        ls.window_log_message(types.LogMessageParams(type=types.MessageType.Error,
                                                     message=f"nagle-lint: {uri}: {error}"))

    async def in_background(work):
        """work(cancelled) on the background thread, awaited by a request handler: when the
        client cancels the request, the analysis stops at its next question."""
        stop = threading.Event()
        try:
            return await asyncio.wrap_future(background.submit(work, yielding(stop.is_set)))
        except asyncio.CancelledError:
            stop.set()
            raise

    async def analysed_for_request(ls, uri: str, fixes: bool):
        """(version, text, result) of the buffer now, analysed in the background; None when the
        analysis failed."""
        version, text, path, result = snapshot(ls, uri, fixes)
        if path is not None:
            settings = result
            buffer = None if fixes else buffers.setdefault(uri, Buffer())
            try:
                result = await in_background(lambda cancelled: check(text, path, settings, cancelled, buffer))
            except Exception as error:
                failed(ls, uri, error)
                return None
            result = record(uri, fixes, version, text, result)
        return version, text, result

    def record(uri: str, fixes: bool, version, text: str, result: FileResult) -> FileResult:
        """Keep a buffer's result (while it does not parse: the last good findings that still fit)."""
        if result.error is not None and result.error.kind == "syntax":
            # mid-typing: the editor reports the syntax error; keep showing what was found before
            lines = text.count("\n") + 1
            previous = last_good.get((uri, fixes))
            kept = tuple(f for f in (previous.findings if previous else ()) if f.span.end_line <= lines)
            result = FileResult(result.path, findings=kept, source_hash=result.source_hash)
        else:
            last_good[(uri, fixes)] = result
        cache[(uri, fixes)] = (version, text, result)
        return result

    def diagnostic(index: LineIndex, uri: str, finding: Finding, enc: str) -> types.Diagnostic:
        related = [
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=uri, range=rng(span_range(index, r.span, enc))),
                message=r.label,
            )
            for r in finding.related
        ]
        help_uri = _help_uri(finding.code)
        return types.Diagnostic(
            range=rng(span_range(index, finding.span, enc)),
            message=finding.message,
            severity=severities.get(finding.severity, types.DiagnosticSeverity.Warning),
            code=finding.code,
            code_description=types.CodeDescription(href=help_uri) if help_uri else None,
            source=SOURCE,
            related_information=related or None,
            data={"name": finding.name},
        )

    def diagnostics_for(ls, uri: str, text: str, result: FileResult) -> list:
        index, enc = LineIndex(text), encoding(ls)
        return [diagnostic(index, uri, f, enc) for f in sorted(result.all_findings(), key=Finding.sort_key)]

    def pulls(ls) -> bool:
        """The client asks for diagnostics itself (LSP 3.17 pull model)."""
        capabilities = getattr(ls, "client_capabilities", None)
        text_document = getattr(capabilities, "text_document", None)
        return getattr(text_document, "diagnostic", None) is not None

    def publish(ls, uri: str) -> None:
        """Push the diagnostics of the buffer's latest text, analysed in the background."""
        if pulls(ls) or stopping.is_set():
            return
        if uri in running:
            edited.add(uri)  # which stops the running analysis; analysed again when it has stopped
            return
        version, text, path, settings = snapshot(ls, uri, False)
        if path is None:  # this very text was analysed already
            send(ls, uri, version, text, settings)
            return
        running.add(uri)
        loop = asyncio.get_running_loop()

        def ended(future) -> None:
            try:
                loop.call_soon_threadsafe(analysed, ls, uri, version, text, future)
            except RuntimeError:  # the server is shutting down
                pass

        # (set membership is one atomic step for the background thread)
        stop = yielding(lambda: uri in edited or stopping.is_set())
        background.submit(check, text, path, settings, stop, buffers.setdefault(uri, Buffer())).add_done_callback(ended)

    def analysed(ls, uri: str, version, text: str, future) -> None:
        from nagle_lint.flow.paths import Cancelled

        running.discard(uri)
        error = future.exception()
        if error is not None and not isinstance(error, Cancelled):
            failed(ls, uri, error)
        if uri not in ls.workspace.text_documents:
            edited.discard(uri)  # closed meanwhile
            return
        if uri in edited:  # typed on meanwhile: this text is gone, analyse the buffer as it is now
            edited.discard(uri)
            publish(ls, uri)
            return
        if error is None:
            send(ls, uri, version, text, record(uri, False, version, text, future.result()))

    def send(ls, uri: str, version, text: str, result: FileResult) -> None:
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=diagnostics_for(ls, uri, text, result)))

    def refresh_all(ls) -> None:
        """Settings or the project's files changed: every open buffer is analysed again."""
        from nagle_lint.fixes.style import clear_cache

        _settings_cache.clear()
        clear_cache()  # the line length fixes wrap at may have changed too
        cache.clear()
        fixed_all.clear()
        buffers.clear()
        if pulls(ls):
            refresh_pulled(ls)
            return
        for uri in list(ls.workspace.text_documents):
            publish(ls, uri)

    def refresh_pulled(ls) -> None:
        capabilities = getattr(ls, "client_capabilities", None)
        diagnostics = getattr(getattr(capabilities, "workspace", None), "diagnostics", None)
        if getattr(diagnostics, "refresh_support", False):  # else the client pulls on its next edit
            ls.workspace_diagnostic_refresh(None)

    @server.feature(types.INITIALIZED)
    def initialized(ls, params: types.InitializedParams):
        capabilities = getattr(ls, "client_capabilities", None)
        watched = getattr(getattr(capabilities, "workspace", None), "did_change_watched_files", None)
        if watched is not None and getattr(watched, "dynamic_registration", False):
            ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
                id="nagle-lint-pyproject", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(
                    watchers=[types.FileSystemWatcher(glob_pattern="**/pyproject.toml"),
                              types.FileSystemWatcher(glob_pattern="**/*.py")]))]))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls, params: types.DidChangeWatchedFilesParams):
        if any(change.uri.endswith("pyproject.toml") for change in params.changes):
            refresh_all(ls)
            return
        # modules changed on disk by something else than a save here (a checkout, a formatter,
        # another editor): what the open buffers of their project find may change with them
        # (a file this server saw saved, with the text its buffer still has, is done already)
        from urllib.parse import unquote

        from pygls.uris import to_fs_path

        paths = []
        for change in params.changes:
            if not change.uri.endswith(".py"):
                continue
            document = ls.workspace.text_documents.get(unquote(change.uri))
            path = to_fs_path(change.uri)
            if path and (document is None or saved.get(change.uri) != document.source):
                paths.append(path)
        if paths:
            project_changed(ls, paths)

    def project_changed(ls, paths: list[str], first: str | None = None) -> None:
        """Modules of these paths changed: the open buffers of their projects are analysed again
        (the buffer first when given), with the project scanned afresh."""
        from nagle_lint.project.modules import forget_project_scans, snapshot_roots

        forget_project_scans()
        roots = {root for path in paths for root in snapshot_roots(path)}
        others = [other for other in ls.workspace.text_documents if other != first and other.endswith(".py")
                  and roots & set(snapshot_roots(doc_path(ls.workspace.get_text_document(other))))]
        changed = [first, *others] if first is not None else others
        for each in changed:
            forget(each)
            buffers.pop(each, None)
            fixed_all.pop(each, None)
        if pulls(ls):
            refresh_pulled(ls)
            return
        for each in changed:
            publish(ls, each)

    # (a buffer's findings depend on other files: the modules it imports, the classes built on
    # its own; a pulling client asks for the other open buffers again when one changes)
    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(identifier=SOURCE, inter_file_dependencies=True,
                                            workspace_diagnostics=False))
    async def pull_diagnostics(ls, params: types.DocumentDiagnosticParams):
        # (on the background thread too: the server reads on meanwhile, and a request the client
        # cancels, as editors do when the buffer changes under it, stops its analysis)
        uri = params.text_document.uri
        analysed = await analysed_for_request(ls, uri, False)
        if analysed is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        _, text, result = analysed
        return types.RelatedFullDocumentDiagnosticReport(items=diagnostics_for(ls, uri, text, result))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls, params: types.DidOpenTextDocumentParams):
        publish(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls, params: types.DidChangeTextDocumentParams):
        publish(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls, params: types.DidSaveTextDocumentParams):
        uri = params.text_document.uri
        if uri.endswith("pyproject.toml"):  # an editor without file watching
            refresh_all(ls)
            return
        _settings_cache.clear()  # a new file may change which pyproject.toml is nearest
        document = ls.workspace.get_text_document(uri)
        text = document.source
        if saved.get(uri) == text:  # (an editor saving every few seconds: nothing new on disk)
            publish(ls, uri)
            return
        saved[uri] = text
        # a module saved may change what another open buffer of its project finds (a class
        # built on one of that buffer's classes, an import of its names)
        project_changed(ls, [doc_path(document)], first=uri)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls, params) -> None:
        stopping.set()  # (exit then need not wait for an analysis nobody will see)
        background.shutdown(wait=False, cancel_futures=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls, params: types.DidCloseTextDocumentParams):
        forget(params.text_document.uri, closed=True)
        fixed_all.pop(params.text_document.uri, None)
        saved.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    def text_edits(index: LineIndex, fixes: list[Fix], enc: str) -> list[types.TextEdit]:
        edits = [edit for fix in fixes for edit in fix.edits]
        return [
            types.TextEdit(range=rng((position_at(index, e.start, enc), position_at(index, e.end, enc))),
                           new_text=e.text)
            for e in sorted(edits, key=lambda e: (e.start, e.end))
        ]

    def overlaps(a: types.Range, b: types.Range) -> bool:
        a0, a1 = (a.start.line, a.start.character), (a.end.line, a.end.character)
        b0, b1 = (b.start.line, b.start.character), (b.end.line, b.end.character)
        return a0 <= b1 and b0 <= a1

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix,
                                                   types.CodeActionKind.SourceFixAll],
                                resolve_provider=False),
    )
    async def code_action(ls, params: types.CodeActionParams):
        # (analysed in the background: editors ask on every cursor move and cancel what they
        # no longer need)
        uri = params.text_document.uri
        analysed = await analysed_for_request(ls, uri, True)
        if analysed is None or ls.workspace.get_text_document(uri).version != analysed[0]:
            return None  # (edited meanwhile: these positions would be the old text's)
        version, text, result = analysed
        index, enc = LineIndex(text), encoding(ls)
        only = params.context.only or []
        want_quick = not only or any(str(k).startswith("quickfix") for k in only)
        want_all = not only or any(str(k) in ("source", "source.fixAll") or str(k).startswith("source.fixAll")
                                   for k in only)
        actions: list[types.CodeAction] = []
        findings = sorted(result.all_findings(), key=Finding.sort_key)
        if want_quick:
            for finding in findings:
                if not finding.fixes:
                    continue
                diag = diagnostic(index, uri, finding, enc)
                if not overlaps(diag.range, params.range):
                    continue
                for number, fix in enumerate(finding.fixes):
                    if fix.applicability is Applicability.DISPLAY_ONLY or not fix.edits:
                        continue
                    actions.append(types.CodeAction(
                        title=fix_title(finding, fix),
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diag],
                        is_preferred=(number == 0 and fix.applicability is Applicability.SAFE),
                        edit=types.WorkspaceEdit(changes={uri: text_edits(index, [fix], enc)}),
                    ))
        if want_quick:
            for finding in findings:
                if finding.code == "NAG001" or not overlaps(diagnostic(index, uri, finding, enc).range, params.range):
                    continue
                line_text = index.line_text(finding.span.line)
                start, end, new = noqa_edit(line_text, finding.code)
                line_start = index.starts[finding.span.line - 1]
                edit = types.TextEdit(range=rng((position_at(index, line_start + start, enc),
                                                 position_at(index, line_start + end, enc))), new_text=new)
                actions.append(types.CodeAction(
                    title=f"Suppress {finding.code} on this line (# noqa: {finding.code})",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diagnostic(index, uri, finding, enc)],
                    edit=types.WorkspaceEdit(changes={uri: [edit]}),
                ))
        if want_all and last_good.get((uri, True)) is result:  # never from findings kept while it does not parse
            memo = fixed_all.get(uri)
            if memo is not None and memo[0] == version and memo[1] == text:
                fixed = memo[2]
            else:
                path = doc_path(ls.workspace.get_text_document(uri))
                settings = settings_for(path if os.path.isabs(path) else None)

                def fix_round(cancelled):
                    with engine_lock:
                        return fix_all(text, path, settings, result)

                fixed = await in_background(fix_round)
                if ls.workspace.get_text_document(uri).version != version:
                    return None
                fixed_all[uri] = (version, text, fixed)
            if fixed is not None and fixed.changed:
                n = fixed.fixed
                actions.append(types.CodeAction(
                    title=f"nagle-lint: fix {n} finding{'s' if n != 1 else ''}",
                    kind=FIX_ALL_KIND,
                    edit=types.WorkspaceEdit(changes={uri: [
                        types.TextEdit(range=rng((position_at(index, start, enc), position_at(index, end, enc))),
                                       new_text=new)
                        for start, end, new in text_changes(text, fixed.text)]}),
                ))
        return actions

    return server


def yielding(stop):
    """stop, asked by an analysis on the background thread now and then, after giving up the
    interpreter lock for a moment: the event loop then reads the next edit or cancel at once,
    not after the lock's switch interval, which it waits out several times per message."""

    def asked() -> bool:
        time.sleep(0)
        return stop()

    return asked


def _help_uri(code: str) -> str | None:
    try:
        from nagle_lint.rules import ALL_RULES
    except ImportError:
        return None
    for rule in ALL_RULES:
        if rule.code == code:
            return rule.help_uri
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="nagle-lint server",
                                     description="nagle-lint language server (LSP over stdio)")
    parser.add_argument("--stdio", action="store_true", help="talk LSP on stdin/stdout (the default)")
    parser.add_argument("--log-file", help="write the server log here (stdout carries the protocol)")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    parser.add_argument("--version", action="version", version=f"nagle-lint {__version__}")
    if argv is None:  # `nagle-lint server ...` or `python -m nagle_lint.lsp ...`
        argv = sys.argv[1:]
        if argv[:1] == ["server"]:
            argv = argv[1:]
    args = parser.parse_args(argv)
    if args.log_file:
        logging.basicConfig(filename=args.log_file, level=logging.DEBUG if args.verbose else logging.INFO)
    else:
        logging.basicConfig(stream=sys.stderr, level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        server = build_server()
    except ImportError as error:
        print(f"nagle-lint server needs the 'lsp' extra: pip install 'nagle-lint[lsp]' ({error})",
              file=sys.stderr)
        return 2
    from nagle_lint.engine import GC_THRESHOLD

    gc.set_threshold(*GC_THRESHOLD)  # (the server's own process: its collector is ours to tune)
    server.start_io()
    return 0


if __name__ == "__main__":
    sys.exit(main())
