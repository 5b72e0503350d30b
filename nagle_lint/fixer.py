"""Apply fixes to text, verify the result, and write files atomically.

One run of `--fix` is one round: the fixes of the findings that were reported, nothing else. The
fixed text is checked again; what it still reports is split into the reported findings that are
left and the follow-ups the fixes brought up (applied by the next round only). A file is written
only when the fixed text parses and analyses, encodes in the file's own encoding, and the file on
disk is still the one that was analysed.
"""
from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass, field, replace

from nagle_lint.engine import ReadError, check_source, decode
from nagle_lint.fixes.tree import parse
from nagle_lint.model import Applicability, Edit, FileResult, Finding, Fix
from nagle_lint.settings import Settings

MAX_PASSES = 6
STRATEGIES = ("join", "sendmsg", "nodelay", "loop")


class FixError(Exception):
    """A fix that failed verification: the file is left untouched."""


@dataclass
class FixOutcome:
    """One round of fixes: the fixes of the findings reported for `text`, and the check of the
    fixed text, split into what is left of the reported findings and the follow-ups (findings
    that appear only because of the fix: another round, another `--fix`, applies those)."""

    text: str
    applied: list[tuple[Finding, Fix]] = field(default_factory=list)
    unsafe_skipped: int = 0
    reported: tuple[Finding, ...] = ()  # the findings of the text before fixing
    remaining: tuple[Finding, ...] = ()  # reported findings still there after the fix
    followups: tuple[Finding, ...] = ()  # findings of the fixed text that were not reported
    result: FileResult | None = None  # the check of the fixed text (None when nothing changed)

    @property
    def changed(self) -> bool:
        return bool(self.applied)

    @property
    def fixed(self) -> int:
        """Reported findings gone after the fix (its own fix, or another fix that covers it)."""
        return len(self.reported) - len(self.remaining) if self.changed else 0


def allowed(fix: Fix, unsafe: bool) -> bool:
    if fix.applicability is Applicability.SAFE:
        return True
    return unsafe and fix.applicability is Applicability.UNSAFE


def choose(finding: Finding, unsafe: bool, strategy: str | None) -> Fix | None:
    """The fix to apply: the chosen strategy's if the finding offers it, else the first allowed."""
    usable = [f for f in finding.fixes if allowed(f, unsafe)]
    if strategy:
        preferred = [f for f in usable if f.strategy == strategy]
        if preferred:
            return preferred[0]
    return usable[0] if usable else None


def apply_edits(text: str, edits: list[Edit]) -> str:
    ordered = sorted(set(edits), key=lambda e: (e.start, e.end, e.text))
    for before, after in zip(ordered, ordered[1:]):
        if after.start < before.end or (after.start == before.start and before.start == before.end):
            raise FixError("overlapping edits")
    parts, position = [], 0
    for edit in ordered:
        parts.append(text[position:edit.start])
        parts.append(edit.text)
        position = edit.end
    parts.append(text[position:])
    return "".join(parts)


def _overlaps(a: tuple[Edit, ...], b: tuple[Edit, ...]) -> bool:
    """Edits that overlap or insert at one point; an identical edit (the same import added for
    two fixes) is shared, not a clash."""
    return any((x.start < y.end and y.start < x.end or x.start == y.start) and x != y for x in a for y in b)


def map_offset(edits: list[Edit], offset: int) -> int | None:
    """Where a position of the old text is in the new text; None when an edit replaced it."""
    shift = 0
    for edit in sorted(set(edits), key=lambda e: (e.start, e.end)):
        if edit.start == edit.end:  # an insertion at or before the position moves it
            if edit.start > offset:
                break
            shift += len(edit.text)
        elif edit.end <= offset:
            shift += len(edit.text) - (edit.end - edit.start)
        elif edit.start <= offset:
            return None
        else:
            break
    return offset + shift


class _Offsets:
    """Code-point offsets of finding starts, with the lines split as the engine splits them."""

    def __init__(self, text: str) -> None:
        from nagle_lint.fixes.source import _LINE

        self.starts = [0] + [m.end() for m in _LINE.finditer(text)]

    def __call__(self, finding: Finding) -> int:
        line = min(max(finding.span.line, 1), len(self.starts))
        return self.starts[line - 1] + finding.span.col - 1


def _key(finding: Finding, offset: int) -> tuple:
    return (finding.code, offset)


def fix_text(text: str, path: str, settings: Settings, strategy: str | None = None,
             checked: FileResult | None = None) -> FixOutcome:
    """One round: apply the fixes of the findings reported for text, then check the result.

    `checked` is the check of this very text, when the caller has it (the CLI's run), so the text
    is not analysed twice. Fixes whose edits clash with another chosen fix are applied in a later
    pass of the same round, but only for findings that were reported: a finding that the fixes
    themselves bring up is a follow-up, left for the next round. A fix after which its own finding
    is still reported did not work: the round is done again without it (so no run repeats it).
    Raises FixError when a pass breaks the code."""
    settings = replace(settings, apply_noqa=True)
    if checked is None or checked.source_hash != _digest(text):
        checked = check_source(text, path, settings)
    if checked.error is not None:
        return FixOutcome(text)
    left_out: set[int] = set()
    while True:
        outcome, ineffective = _round(text, path, settings, strategy, checked.findings, left_out)
        if not ineffective or ineffective <= left_out:
            return outcome
        left_out |= ineffective


def _round(text, path, settings, strategy, reported, left_out):
    unsafe = settings.unsafe_fixes
    outcome = FixOutcome(text, reported=reported)
    outcome.unsafe_skipped = sum(
        1 for f in reported
        if choose(f, unsafe, strategy) is None and any(x.applicability is Applicability.UNSAFE for x in f.fixes))
    offsets = _Offsets(text)
    targets = {i: _key(f, offsets(f)) for i, f in enumerate(reported)}  # in the current text
    pending = {i for i, f in enumerate(reported) if choose(f, unsafe, strategy) is not None} - left_out
    applied: set[int] = set()
    findings, current = reported, None
    for _ in range(MAX_PASSES):
        if not pending:
            break
        offsets = _Offsets(outcome.text)
        wanted = {targets[i]: i for i in pending if i in targets}
        chosen: list[tuple[Finding, Fix]] = []
        for finding in findings:
            index = wanted.get(_key(finding, offsets(finding)))
            if index is None or index not in pending:
                continue
            fix = choose(finding, unsafe, strategy)
            if fix is None:
                pending.discard(index)
                continue
            taken = {e for _, other in chosen for e in other.edits}
            if fix.edits and set(fix.edits) <= taken:
                pending.discard(index)  # the same edit as a chosen fix (one TCP_NODELAY line for
                continue  # NAG201 and NAG101 on one socket): fixed by that one
            if any(_overlaps(fix.edits, other.edits) for _, other in chosen):
                continue  # the next pass of this round sees it again
            chosen.append((finding, fix))
            pending.discard(index)
            applied.add(index)
        if not chosen:
            break
        edits = [e for _, fix in chosen for e in fix.edits]
        new_text = apply_edits(outcome.text, edits)
        try:
            parse(new_text)
        except ReadError as exc:
            titles = "; ".join(f"{f.code} at line {f.span.line}: {fix.title}" for f, fix in chosen)
            raise FixError(f"a fix would break the code ({exc.error.message}): {titles}") from None
        moved = {}
        for i, (code, offset) in targets.items():
            where = map_offset(edits, offset)
            if where is not None:
                moved[i] = (code, where)
        targets = moved
        outcome.text = new_text
        outcome.applied.extend(chosen)
        current = check_source(new_text, path, settings)
        if current.error is not None:
            raise FixError(f"fixed code no longer analyses: {current.error.message}")
        findings = current.findings
    if current is None:
        outcome.remaining = reported
        return outcome, set()
    offsets = _Offsets(outcome.text)
    now = {_key(f, offsets(f)) for f in current.findings}
    known = set(targets.values())
    outcome.result = current
    outcome.remaining = tuple(f for f in current.findings if _key(f, offsets(f)) in known)
    outcome.followups = tuple(f for f in current.findings if _key(f, offsets(f)) not in known)
    return outcome, {i for i in applied if targets.get(i) in now}


def _digest(text: str) -> str:
    import hashlib

    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


@dataclass
class FileFix:
    path: str
    outcome: FixOutcome | None = None
    error: str | None = None
    written: bool = False
    original: str = ""


def fix_file(path: str, settings: Settings, strategy: str | None = None, write: bool = True,
             checked: FileResult | None = None) -> FileFix:
    """Fix one file on disk (or only compute the fix when write is False). `checked` is the
    check of the file the caller already has; it is used only if the file still holds that text."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        decoded = decode(data)
    except OSError as exc:
        return FileFix(path, error=f"cannot read: {exc.strerror or exc}")
    except ReadError as exc:
        return FileFix(path, error=exc.error.message)
    try:
        outcome = fix_text(decoded.text, path, settings, strategy, checked)
    except FixError as exc:
        return FileFix(path, error=str(exc), original=decoded.text)
    except RecursionError:
        return FileFix(path, error="too complex to fix", original=decoded.text)
    result = FileFix(path, outcome=outcome, original=decoded.text)
    if not outcome.changed or not write:
        return result
    try:
        new_bytes = (b"\xef\xbb\xbf" if decoded.bom else b"") + outcome.text.encode(decoded.encoding)
    except UnicodeEncodeError:
        result.error = f"the fixed text cannot be encoded as {decoded.encoding}; left unchanged"
        return result
    try:
        write_atomic(path, data, new_bytes)
    except FixError as exc:
        result.error = str(exc)
        return result
    except OSError as exc:
        result.error = f"cannot write: {exc.strerror or exc}; left unchanged"
        return result
    result.written = True
    return result


def write_atomic(path: str, expected: bytes, new: bytes) -> None:
    """Replace path with new bytes through a temporary file in the same directory, keeping the
    mode bits, and only if the file still holds `expected` (no lost concurrent edit)."""
    path = os.path.realpath(path)  # a symlink: fix its target, keep the link
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise FixError("not a regular file; left unchanged")
    if info.st_nlink > 1:
        raise FixError(f"file has {info.st_nlink} hard links (a rename would split them); left unchanged")
    if not os.access(path, os.W_OK) or not info.st_mode & 0o222:  # root passes os.access
        raise FixError("file is read-only; left unchanged")
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".nagle-tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(new)
            handle.flush()
            os.fsync(handle.fileno())
        if (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
            try:  # keep the owner (possible as root); before chmod, which chown may reset
                os.chown(tmp, info.st_uid, info.st_gid)
            except OSError:
                pass
        os.chmod(tmp, stat.S_IMODE(info.st_mode))
        with open(path, "rb") as handle:
            if handle.read() != expected:
                raise FixError("file changed on disk since it was analysed; left unchanged")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
