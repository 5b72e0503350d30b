"""The project's own style for fixed code: its line length, from the formatter and linter settings
found by walking up from the file to the project root.

- ruff: `line-length` in ruff.toml / .ruff.toml, or `[tool.ruff]` in pyproject.toml;
- black: `line-length` in `[tool.black]` of pyproject.toml;
- flake8 / pycodestyle: `max-line-length` in the `[flake8]` (or `[pycodestyle]`) section of
  setup.cfg, tox.ini or .flake8; such a section without it means their own 79.

The nearest folder that says anything wins; when it names several limits, the smallest (a line
that passes it passes them all). Nothing found: 88 (black's and ruff's default). The walk stops
at the project root (a folder with .git or .hg). Answers are cached per folder.
"""
from __future__ import annotations

import configparser
import os

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

DEFAULT_LINE_LENGTH = 88
NO_LIMIT = 10_000  # a project that ignores E501
FLAKE8_DEFAULT = 79
_cache: dict[str, int] = {}


def clear_cache() -> None:
    _cache.clear()


def line_length(path: str | None) -> int:
    """The line length for fixed code in the file at path (relative to the current folder)."""
    if not path or path in ("-", "<stdin>"):
        directory = os.getcwd()
    else:
        directory = os.path.dirname(os.path.abspath(path))
    return _for_directory(directory)


def _for_directory(directory: str) -> int:
    found = _cache.get(directory)
    if found is not None:
        return found
    own = _own_setting(directory)
    if own is not None:
        found = own
    else:
        parent = os.path.dirname(directory)
        root = parent == directory or any(os.path.exists(os.path.join(directory, m)) for m in (".git", ".hg"))
        found = DEFAULT_LINE_LENGTH if root else _for_directory(parent)
    if len(_cache) > 4096:
        _cache.clear()
    _cache[directory] = found
    return found


def _own_setting(directory: str) -> int | None:
    limits = []
    for name in ("ruff.toml", ".ruff.toml"):
        data = _toml(os.path.join(directory, name))
        if data is not None and _int(data.get("line-length")):
            limits.append(_int(data.get("line-length")))
    data = _toml(os.path.join(directory, "pyproject.toml"))
    if data is not None:
        tool = data.get("tool") if isinstance(data.get("tool"), dict) else {}
        for section in ("ruff", "black"):
            table = tool.get(section)
            if isinstance(table, dict) and _int(table.get("line-length")):
                limits.append(_int(table.get("line-length")))
    for name in ("setup.cfg", "tox.ini", ".flake8"):
        limit = _ini_limit(os.path.join(directory, name))
        if limit is not None:
            limits.append(limit)
    return min(limits) if limits else None


def _int(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and value > 0:
        return value
    if isinstance(value, str) and value.strip().isdigit() and int(value) > 0:
        return int(value)
    return None


def _toml(path: str) -> dict | None:
    if not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None


def _ini_limit(path: str) -> int | None:
    if not os.path.isfile(path):
        return None
    parser = configparser.RawConfigParser()
    try:
        parser.read(path, encoding="utf-8")
    except (OSError, UnicodeDecodeError, configparser.Error):
        return None
    for section in ("flake8", "pycodestyle"):
        if parser.has_section(section):
            for key in ("ignore", "extend-ignore", "extend_ignore"):
                codes = parser.get(section, key) if parser.has_option(section, key) else ""
                if any(code.strip() in ("E501", "E5") for code in codes.replace("\n", ",").split(",")):
                    return NO_LIMIT  # line length is not checked there: never wrap for it
            for key in ("max-line-length", "max_line_length"):
                if parser.has_option(section, key):
                    return _int(parser.get(section, key))
            return FLAKE8_DEFAULT
    return None
