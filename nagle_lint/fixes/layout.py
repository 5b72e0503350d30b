"""Laying out a new call within the project's line length: one line when it fits; else the
argument on a line of its own; else one piece a line (black's shapes, with the file's indent)."""
from __future__ import annotations


def indent_unit(indent: str) -> str:
    return "\t" if indent.startswith("\t") else "    "


def width(text: str) -> int:
    return len(text.expandtabs(8))


def call(func: str, args: list[str], indent: str, prefix: str, suffix: str, limit: int, newline: str,
         pieces: list[str] | None = None, operator: str | None = None) -> str:
    """`func(args)` for a line that starts with prefix and ends with suffix.

    pieces/operator describe the argument for the last resort: `pieces` joined by `operator`
    (`+`), or the elements of `b"".join((...))` when operator is None and pieces are given."""
    one = f"{func}({', '.join(args)})"
    if "\n" in one or width(prefix + one + suffix) <= limit:
        return one
    inner = indent + indent_unit(indent)
    arg_line = inner + ", ".join(args)
    if width(arg_line) <= limit or not pieces:
        return f"{func}({newline}{arg_line}{newline}{indent})"
    if operator is not None:
        lines = [inner + pieces[0]] + [f"{inner}{operator} {p}" for p in pieces[1:]]
        return f"{func}({newline}{newline.join(lines)}{newline}{indent})"
    deeper = inner + indent_unit(indent)
    joiner = args[0][:args[0].index(".join((") + len(".join((")]
    body = newline.join(f"{deeper}{p}," for p in pieces)
    return f"{func}({newline}{inner}{joiner}{newline}{body}{newline}{inner})){newline}{indent})"
