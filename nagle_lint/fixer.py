"""Apply fixes to text, verify the result, and write files atomically.

A file is written only when the fixed text parses, a further analysis finds nothing left that
the chosen fixes would change (a fixed point, in a bounded number of passes), the text encodes
in the file's own encoding, and the file on disk is still the one that was analysed.
"""
from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass, field, replace

from nagle_lint.engine import ReadError, check_source, decode, parse
from nagle_lint.model import Applicability, Edit, Finding, Fix
from nagle_lint.settings import Settings

MAX_PASSES = 6
STRATEGIES = ("join", "sendmsg", "nodelay", "loop")


class FixError(Exception):
    """A fix that failed verification: the file is left untouched."""


@dataclass
class FixOutcome:
    text: str
    applied: list[tuple[Finding, Fix]] = field(default_factory=list)
    unsafe_skipped: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.applied)


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
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    for before, after in zip(ordered, ordered[1:]):
        if after.start < before.end:
            raise FixError("overlapping edits")
    parts, position = [], 0
    for edit in ordered:
        parts.append(text[position:edit.start])
        parts.append(edit.text)
        position = edit.end
    parts.append(text[position:])
    return "".join(parts)


def _overlaps(a: tuple[Edit, ...], b: tuple[Edit, ...]) -> bool:
    return any(x.start < y.end and y.start < x.end or x.start == y.start for x in a for y in b)


def fix_text(text: str, path: str, settings: Settings, strategy: str | None = None) -> FixOutcome:
    """Fix text to a fixed point. Raises FixError when a pass breaks the code or never settles."""
    settings = replace(settings, apply_noqa=True)
    outcome = FixOutcome(text)
    unsafe = settings.unsafe_fixes
    for _ in range(MAX_PASSES):
        result = check_source(outcome.text, path, settings)
        if result.error is not None:
            if outcome.applied:
                raise FixError(f"fixed code no longer analyses: {result.error.message}")
            return outcome
        chosen: list[tuple[Finding, Fix]] = []
        skipped = 0
        for finding in result.findings:
            fix = choose(finding, unsafe, strategy)
            if fix is None:
                skipped += any(f.applicability is Applicability.UNSAFE for f in finding.fixes)
                continue
            if any(_overlaps(fix.edits, other.edits) for _, other in chosen):
                continue  # the next pass sees it again
            chosen.append((finding, fix))
        outcome.unsafe_skipped = skipped
        if not chosen:
            return outcome
        new_text = apply_edits(outcome.text, [e for _, fix in chosen for e in fix.edits])
        try:
            parse(new_text)
        except ReadError as exc:
            titles = "; ".join(f"{f.code} at line {f.span.line}: {fix.title}" for f, fix in chosen)
            raise FixError(f"a fix would break the code ({exc.error.message}): {titles}") from None
        outcome.text = new_text
        outcome.applied.extend(chosen)
    raise FixError(f"fixes did not settle after {MAX_PASSES} passes (please report this file)")


@dataclass
class FileFix:
    path: str
    outcome: FixOutcome | None = None
    error: str | None = None
    written: bool = False
    original: str = ""


def fix_file(path: str, settings: Settings, strategy: str | None = None, write: bool = True) -> FileFix:
    """Fix one file on disk (or only compute the fix when write is False)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        decoded = decode(data)
    except OSError as exc:
        return FileFix(path, error=f"cannot read: {exc.strerror or exc}")
    except ReadError as exc:
        return FileFix(path, error=exc.error.message)
    try:
        outcome = fix_text(decoded.text, path, settings, strategy)
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
