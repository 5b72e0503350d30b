"""Source text helpers for report formats and editor faces: read a file the way Python does, and
turn code-point offsets (``Edit.start``/``Edit.end``) into line/column positions.

Lines end at ``\\r\\n``, ``\\r`` or ``\\n`` only (as in Python's tokenizer; ``str.splitlines`` also
splits on form feeds and other characters, which would shift every line after them).
"""
from __future__ import annotations

import io
import re
import tokenize

_NEWLINE = re.compile(r"\r\n|\r|\n")


def decode_source(data: bytes) -> str:
    """Decode Python source bytes: PEP 263 cookie or UTF-8, BOM dropped, newlines kept as written."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    if encoding == "utf-8-sig":
        encoding = "utf-8"
    text = data.decode(encoding)
    return text[1:] if text.startswith("\ufeff") else text


# Texts that are not on disk (a buffer piped on stdin), by the path their findings carry.
_BUFFERS: dict[str, str] = {}


def register_buffer(path: str, text: str) -> None:
    """Make read_source(path) return text: reports of stdin show the piped text, not a file."""
    _BUFFERS[path] = text


def read_source(path: str) -> str | None:
    """The decoded text of a file, or None when it cannot be read or decoded."""
    if path in _BUFFERS:
        return _BUFFERS[path]
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        return decode_source(data)
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError, ValueError):
        return None


from nagle_lint.lines import LineIndex, code_point_col_to_units, units  # noqa: E402,F401 - shared
