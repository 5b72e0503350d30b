"""Result caches.

An analysed file's result depends on its text, the project modules its analysis read, and what
the scans of the whole project found (a class built on one of its classes, an import of its
names, in any file). So an entry holds while the modules read are unchanged and every Python
file of the project is as it was when the process first asked the cache, before it analysed
anything: a file saved during the run is read again next time (project_snapshot).

Cache, the command line's: one file per settings, keyed by path, size and modification time.
Safe under concurrent runs (written to a temporary file, then os.replace: the last writer wins,
no reader ever sees half a file). A corrupt or foreign cache gets one warning and is ignored.

TextCache, the flake8 plugin's: one small file per analysed file, keyed by the text flake8 read
(an editor may lint a buffer that is not saved). flake8's worker processes write at once, and
with one file for all the last writer would drop every other worker's entries. Silent: a plugin
must not write to flake8's output, so a torn or foreign entry is a miss.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from nagle_lint import __version__
from nagle_lint.model import FileResult
from nagle_lint.settings import Settings

# entries: (stamp, result, stamps of the project files it read, project snapshot)
_FORMAT = 3


@functools.lru_cache(maxsize=1)
def _code_fingerprint() -> str:
    """Size and mtime of the analyser's own modules: an edited or reinstalled nagle-lint never
    serves results computed by other code under the same version number."""
    package = Path(__file__).resolve().parent
    stamps = []
    for path in sorted(package.rglob("*.py")):
        if "harness" in path.parts:
            continue
        info = path.stat()
        stamps.append((str(path.relative_to(package)), info.st_size, info.st_mtime_ns))
    return hashlib.blake2b(repr(stamps).encode(), digest_size=8).hexdigest()


def settings_key(settings: Settings) -> str:
    text = repr((__version__, _FORMAT, _code_fingerprint(), sys.version_info[:2],
                 {k: v for k, v in vars(settings).items() if k != "extra"}))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _stamp(path: str) -> tuple[int, int]:
    info = os.stat(path)
    return (info.st_size, info.st_mtime_ns)


def dependency_stamps(path: str, reads) -> tuple:
    """(file or folder, stamp) for everything a result for path depends on besides its own text:
    the project files its analysis read and the folders their imports resolve through. Raises
    OSError when one of them is gone."""
    return tuple((dep, _stamp(dep)) for dep in (*reads, *_package_folders(path, reads)))


def unchanged(stamps) -> bool:
    """Is every dependency as dependency_stamps() found it?"""
    try:
        return all(_stamp(dep) == stamp for dep, stamp in stamps)
    except OSError:
        return False


def _package_folders(path: str, reads) -> list[str]:
    """The folders from each file's own up to its package root: a file made or removed in one
    (an `__init__.py`, a module) changes what its imports name, so the folder's stamp is a
    dependency of the result as much as the modules it read."""
    from nagle_lint.project.modules import package_root

    folders: dict[str, None] = {}
    for file in (path, *reads):
        folder, root = os.path.dirname(os.path.abspath(file)), package_root(file)
        while True:
            folders[folder] = None
            parent = os.path.dirname(folder)
            if folder == root or parent == folder:
                break
            folder = parent
    return list(folders)


class _ResultUnpickler(pickle.Unpickler):
    """Only the plain result classes: a cache file placed by someone else cannot run code."""

    ALLOWED = frozenset(("nagle_lint.model", name) for name in (
        "FileResult", "Finding", "FileError", "Span", "Related", "Fix", "Edit", "Severity", "Confidence",
        "Applicability"))

    def find_class(self, module: str, name: str):
        if (module, name) not in self.ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not a result class")
        return super().find_class(module, name)


class _Snapshots:
    """Each file's project snapshot (modules.project_snapshot of its snapshot_roots), each root's
    taken the first time a file of it is asked for: before this process analysed anything
    there, so a file saved during the run makes the next run's snapshot differ. A module read
    from elsewhere and changed since the run began is not stamped as what the analysis read."""

    def __init__(self) -> None:
        self._taken: dict[str, str] = {}
        self.began = time.time_ns()

    def of(self, path: str) -> str:
        from nagle_lint.project.modules import project_snapshot, snapshot_roots

        digests = []
        for root in snapshot_roots(path):
            if root not in self._taken:
                self._taken[root] = project_snapshot(root)
            digests.append(self._taken[root])
        return "+".join(digests)

    def settled(self, deps, reads) -> bool:
        """Was every module the analysis read last written before the run began? (With some
        grace: a file system dates a write by a clock that ticks every few milliseconds, and may
        date one made just after the run began before it. The folders stamped beside them change
        with this cache's own folder; a module made in one during the run is in the snapshot.)"""
        read = set(reads)
        return all(stamp[1] < self.began - _CLOCK_GRACE_NS for dep, stamp in deps if dep in read)


_CLOCK_GRACE_NS = 20_000_000


class Cache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._entries: dict[str, dict] = {}
        self._loaded: set[str] = set()
        self._dirty: set[str] = set()
        try:  # (first: made in the project's root later, it would change the stamps taken before)
            _ignored_by_git(folder)
        except OSError:
            pass  # save() says so
        self._snapshots = _Snapshots()

    def _file(self, key: str) -> Path:
        return self.folder / f"results-{key}.pickle"

    def _load(self, key: str) -> dict:
        if key not in self._loaded:
            self._loaded.add(key)
            entries: dict = {}
            path = self._file(key)
            if path.exists():
                try:
                    with open(path, "rb") as handle:
                        data = _ResultUnpickler(handle).load()
                    if isinstance(data, dict) and data.get("version") == (__version__, _FORMAT):
                        entries = data["entries"]
                except Exception as exc:  # noqa: BLE001 - a bad cache must never stop a run
                    print(f"nagle-lint: warning: ignoring unreadable cache {path}: {type(exc).__name__}",
                          file=sys.stderr)
            self._entries[key] = entries
        return self._entries[key]

    def get(self, path: str, settings: Settings) -> FileResult | None:
        key = settings_key(settings)
        snapshot = self._snapshots.of(path)  # (first: an entry written later in this run uses it)
        entry = self._load(key).get(os.path.abspath(path))
        if entry is None:
            return None
        try:
            if _stamp(path) != entry[0] or not unchanged(entry[2]):
                return None  # the file, or a project module its analysis read, has changed
        except OSError:
            return None
        if entry[3] != snapshot:
            return None  # a file of the project changed: what its scans found may have too
        result = entry[1]
        return result if result.path == path else replace(result, path=path)

    def put(self, path: str, settings: Settings, result: FileResult) -> None:
        key = settings_key(settings)
        try:
            stamp = _stamp(path)
            deps = dependency_stamps(path, result.reads)
        except OSError:
            return
        if not self._snapshots.settled(deps, result.reads):
            return  # (a module it read changed during the run: analysed again next time)
        # (the triage too asks the project: which modules its imports name, what subclasses them)
        self._load(key)[os.path.abspath(path)] = (stamp, result, deps, self._snapshots.of(path))
        self._dirty.add(key)

    def save(self) -> None:
        for key in self._dirty:
            try:
                _ignored_by_git(self.folder)
                fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
                with os.fdopen(fd, "wb") as handle:
                    pickle.dump({"version": (__version__, _FORMAT), "entries": self._entries[key]}, handle,
                                protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(tmp, self._file(key))
            except OSError as exc:
                print(f"nagle-lint: warning: cannot write cache in {self.folder}: {exc.strerror or exc}",
                      file=sys.stderr)
        self._dirty.clear()


def _text_digest(source: str) -> str:
    return hashlib.blake2b(source.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _ignored_by_git(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    gitignore = folder / ".gitignore"
    if not gitignore.exists():
        gitignore.write_text("*\n", encoding="utf-8")


class TextCache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder  # the cache folder; entries go under folder/flake8/
        try:  # (first: made in the project's root later, it would change the stamps taken before)
            _ignored_by_git(folder)
        except OSError:
            pass  # (a read-only project: linted without a cache)
        self._snapshots = _Snapshots()

    def _file(self, path: str, settings: Settings) -> Path:
        key = f"{settings_key(settings)}\0{os.path.abspath(path)}".encode("utf-8", "surrogatepass")
        name = hashlib.blake2b(key, digest_size=16).hexdigest()
        return self.folder / "flake8" / name[:2] / f"{name}.pickle"

    def get(self, path: str, source: str, settings: Settings) -> FileResult | None:
        try:
            snapshot = self._snapshots.of(path)  # (first: an entry written later in this run uses it)
            with open(self._file(path, settings), "rb") as handle:
                entry = _ResultUnpickler(handle).load()
            version, digest, result, deps, project = entry
            if version != (__version__, _FORMAT) or digest != _text_digest(source) or project != snapshot \
                    or not isinstance(result, FileResult) or not unchanged(deps):
                return None
        except Exception:  # noqa: BLE001 - absent, torn or foreign: analyse afresh
            return None
        return result if result.path == path else replace(result, path=path)

    def put(self, path: str, source: str, settings: Settings, result: FileResult) -> None:
        try:
            file = self._file(path, settings)
            snapshot = self._snapshots.of(path)
            file.parent.mkdir(parents=True, exist_ok=True)  # (inside the folder __init__ made)
            deps = dependency_stamps(path, result.reads)
            if not self._snapshots.settled(deps, result.reads):
                return  # (a module it read changed during the run: analysed again next time)
            fd, tmp = tempfile.mkstemp(dir=file.parent, suffix=".tmp")
        except OSError:
            return  # a read-only project is linted without a cache
        try:
            with os.fdopen(fd, "wb") as handle:
                pickle.dump(((__version__, _FORMAT), _text_digest(source), result, deps, snapshot), handle,
                            protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, file)
        except (OSError, pickle.PicklingError):
            try:
                os.unlink(tmp)
            except OSError:
                pass
