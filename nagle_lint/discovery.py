"""Which files a run checks: Python files under the given paths, minus excludes and, by default,
what `.gitignore` / `.ignore` files (and `.git/info/exclude`) ignore, as ruff does.

- Explicitly named files are checked even if excluded or ignored, unless force_exclude.
- Ignore files apply from the repository root (the nearest folder with `.git`) down to each
  folder walked; deeper files and later lines win; `!pattern` re-includes. As in ruff,
  `.gitignore` counts only inside a git repository; `.ignore` counts everywhere.
- A dangling symbolic link is skipped with a warning: there is no file to analyse.
"""
from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path

from nagle_lint.model import FileError, FileResult
from nagle_lint.settings import DEFAULT_SETTINGS, Settings

IGNORE_FILES = (".gitignore", ".ignore")


def discover(paths: list[str], settings: Settings = DEFAULT_SETTINGS, force_exclude: bool = False,
             warnings: list[str] | None = None):
    """Python files under the given paths, sorted, with excluded directories pruned.

    Returns (files, errors): errors are FileResults for paths that do not exist or cannot be
    listed. Skipped dangling links are reported in warnings (when a list is given).
    """
    excluded = Excludes(settings.exclude + settings.extend_exclude)
    respect = getattr(settings, "respect_gitignore", True)
    files: list[str] = []
    errors: list[FileResult] = []
    notes = warnings if warnings is not None else []
    for given in paths:
        if not os.path.lexists(given):
            errors.append(FileResult(given, error=FileError("read", "no such file or directory")))
            continue
        if _dangling(given, notes):
            continue
        if os.path.isdir(given):
            ignores = GitIgnores.above(given) if respect else None
            _walk(given, excluded, ignores, files, errors, notes)
        elif not (force_exclude and (excluded.path(given) or (respect and _named_file_ignored(given)))):
            files.append(given)
    return sorted(dict.fromkeys(files)), errors


class Excludes:
    """Exclude globs: a pattern without "/" matches any one path component (`build`, `*.pyi`),
    a pattern with "/" matches the path or its end (`vendor/lib`, `tests/data/*`)."""

    def __init__(self, patterns) -> None:
        names = [p.rstrip("/") for p in patterns if "/" not in p.rstrip("/")]
        self._name = re.compile("|".join(fnmatch.translate(p) for p in names)) if names else None
        self._paths = [p.rstrip("/") for p in patterns if "/" in p.rstrip("/")]

    def name(self, name: str, full: str) -> bool:
        """One new component during a walk (its parents were checked already)."""
        if self._name is not None and self._name.match(name):
            return True
        return bool(self._paths) and self._path_pattern(Path(full).as_posix())

    def path(self, path: str) -> bool:
        """A whole path named on the command line."""
        if self._name is not None and any(self._name.match(part) for part in Path(path).parts):
            return True
        return bool(self._paths) and self._path_pattern(Path(path).as_posix())

    def _path_pattern(self, posix: str) -> bool:
        for pattern in self._paths:
            if fnmatch.fnmatch(posix, pattern) or fnmatch.fnmatch(posix, f"*/{pattern}") \
                    or posix.startswith(pattern + "/") or f"/{pattern}/" in f"/{posix}/":
                return True
        return False


# -- gitignore ---------------------------------------------------------------------------------
def _glob_to_regex(glob: str) -> str:
    """One gitignore glob (no leading/trailing slash handling) as a regex over a relative path."""
    out, i = [], 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("/**", i) and i + 3 == len(glob):
            out.append("/.*")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        elif glob[i] == "[":
            end = glob.find("]", i + 2 if glob[i + 1:i + 2] in ("!", "]") else i + 1)
            if end < 0:
                out.append(re.escape("["))
                i += 1
                continue
            body = glob[i + 1:end]
            if body.startswith("!"):
                body = "^" + body[1:]
            out.append("[" + body.replace("\\", "\\\\") + "]")
            i = end + 1
        elif glob[i] == "\\" and i + 1 < len(glob):
            out.append(re.escape(glob[i + 1]))
            i += 2
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return "".join(out)


class IgnoreFile:
    """The rules of one .gitignore-style file, matched relative to its folder."""

    def __init__(self, base: str, text: str) -> None:
        self.base = base
        self.rules: list[tuple[re.Pattern, bool, bool]] = []  # (regex, negated, directories only)
        for raw in text.splitlines():
            line = raw.rstrip("\n\r")
            if not line or line.startswith("#"):
                continue
            line = re.sub(r"(?<!\\)\s+$", "", line)  # trailing spaces unless escaped
            negated = line.startswith("!")
            if negated:
                line = line[1:]
            elif line.startswith("\\!") or line.startswith("\\#"):
                line = line[1:]
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            if not line:
                continue
            anchored = "/" in line
            line = line.lstrip("/")
            regex = _glob_to_regex(line)
            if not anchored:
                regex = "(?:.*/)?" + regex
            self.rules.append((re.compile(regex + r"\Z", re.S), negated, dir_only))

    def verdict(self, absolute: str, is_dir: bool) -> bool | None:
        """True ignored, False re-included, None no rule matches."""
        rel = os.path.relpath(absolute, self.base).replace(os.sep, "/")
        if rel.startswith(".."):
            return None
        result = None
        for regex, negated, dir_only in self.rules:
            if dir_only and not is_dir:
                continue
            if regex.match(rel):
                result = not negated
        return result


class GitIgnores:
    """The ignore files in force in one folder (outermost first)."""

    def __init__(self, files: tuple[IgnoreFile, ...] = (), in_repo: bool = False) -> None:
        self.files = files
        self.in_repo = in_repo

    @staticmethod
    def _read(folder: str, in_repo: bool) -> list[IgnoreFile]:
        found = []
        names = [os.path.join(".git", "info", "exclude")] if os.path.isdir(os.path.join(folder, ".git")) else []
        names += [name for name in IGNORE_FILES if in_repo or name != ".gitignore"]
        for name in names:
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    found.append(IgnoreFile(folder, handle.read()))
            except OSError:
                continue
        return found

    @classmethod
    def above(cls, folder: str) -> GitIgnores:
        """The ignore files from the repository root (nearest `.git`) down to folder's parent, and
        folder's own; without a repository, only folder's own."""
        folder = os.path.abspath(folder)
        chain = [folder]
        current = folder
        in_repo = True
        while not os.path.exists(os.path.join(current, ".git")):
            parent = os.path.dirname(current)
            if parent == current:
                chain, in_repo = [folder], False  # no repository above: no outer ignore files apply
                break
            chain.append(parent)
            current = parent
        files: list[IgnoreFile] = []
        for directory in reversed(chain):
            files.extend(cls._read(directory, in_repo))
        return cls(tuple(files), in_repo)

    def enter(self, folder: str) -> GitIgnores:
        in_repo = self.in_repo or os.path.exists(os.path.join(folder, ".git"))
        own = self._read(folder, in_repo)
        return GitIgnores(self.files + tuple(own), in_repo) if own or in_repo != self.in_repo else self

    def ignored(self, absolute: str, is_dir: bool) -> bool:
        result = False
        for ignore_file in self.files:
            verdict = ignore_file.verdict(absolute, is_dir)
            if verdict is not None:
                result = verdict
        return result


def _dangling(path: str, warnings: list[str]) -> bool:
    """A symbolic link to nothing: noted in warnings. A file that vanished mid-run is not one
    (reading it reports the error)."""
    if os.path.exists(path):
        return False
    try:
        target = os.readlink(path)
    except OSError:
        return False
    warnings.append(f"skipping {path}: dangling symbolic link to {target}")
    return True


def _named_file_ignored(path: str) -> bool:
    """Whether an ignore file covers a file named explicitly, or one of the folders above it."""
    absolute = os.path.abspath(path)
    ignores = GitIgnores.above(os.path.dirname(absolute))
    if ignores.ignored(absolute, False):
        return True
    if not ignores.files:
        return False
    outermost = ignores.files[0].base
    folder = os.path.dirname(absolute)
    while folder != outermost and folder.startswith(outermost) and os.path.dirname(folder) != folder:
        if ignores.ignored(folder, True):
            return True
        folder = os.path.dirname(folder)
    return False


def _walk(root: str, excluded: Excludes, ignores: GitIgnores | None, files: list, errors: list,
          warnings: list) -> None:
    seen_dirs: set = set()
    in_force: dict[str, GitIgnores | None] = {os.path.abspath(root): ignores}

    def onerror(exc: OSError) -> None:
        errors.append(FileResult(exc.filename or root, error=FileError("read", exc.strerror or str(exc))))

    for dirpath, dirnames, filenames in os.walk(root, onerror=onerror, followlinks=True):
        try:
            stat = os.stat(dirpath)
            key = (stat.st_dev, stat.st_ino)
        except OSError:
            continue
        if key in seen_dirs:  # a symlink loop: visit each real directory once
            dirnames[:] = []
            continue
        seen_dirs.add(key)
        absolute = os.path.abspath(dirpath)
        here = in_force.get(absolute)
        if here is not None and absolute != os.path.abspath(root):  # the root's own were read by above()
            here = here.enter(absolute)
        kept = []
        for d in sorted(dirnames):
            full = os.path.join(dirpath, d)
            if excluded.name(d, full) or (here is not None and here.ignored(os.path.abspath(full), True)):
                continue
            kept.append(d)
            in_force[os.path.abspath(full)] = here
        dirnames[:] = kept
        for name in sorted(filenames):
            if name.endswith((".py", ".pyi")):
                path = os.path.join(dirpath, name)
                if excluded.name(name, path):
                    continue
                if here is not None and here.ignored(os.path.abspath(path), False):
                    continue
                if not _dangling(path, warnings):
                    files.append(path)
