"""Lines as Python counts them: they end at \\r\\n, \\r or \\n only (`str.splitlines` also splits at
form feeds and other characters, which would shift every line after them)."""
from __future__ import annotations

import bisect
import re

_NEWLINE = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of text without their endings."""
    return _NEWLINE.split(text)


class LineIndex:
    """Maps code-point offsets of one text to 1-based (line, column) positions and back."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def line_text(self, line: int) -> str:
        """Text of a 1-based line, without its line ending ('' past the end)."""
        if line < 1 or line > len(self.starts):
            return ""
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column in code points) of a code-point offset."""
        offset = max(0, min(offset, len(self.text)))
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1

    def offset(self, line: int, col: int) -> int:
        """Code-point offset of a 1-based (line, column)."""
        if line < 1:
            return 0
        if line > len(self.starts):
            return len(self.text)
        return min(self.starts[line - 1] + max(col, 1) - 1, len(self.text))


def code_point_column(line_text: str, utf8_offset: int) -> int:
    """The 0-based code-point column of a UTF-8 byte offset into a line (`ast` counts bytes)."""
    if line_text.isascii():
        return utf8_offset
    return len(line_text.encode("utf-8", "surrogatepass")[:utf8_offset].decode("utf-8", "replace"))


def units(text: str, encoding: str = "utf-16") -> int:
    """Length of text in the code units of an LSP position encoding (utf-8, utf-16, utf-32)."""
    if encoding in ("utf-32", "utf32"):
        return len(text)
    if encoding in ("utf-8", "utf8"):
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def code_point_col_to_units(line_text: str, col: int, encoding: str = "utf-16") -> int:
    """0-based column in code units for a 1-based code-point column on a line."""
    return units(line_text[: max(col, 1) - 1], encoding)
