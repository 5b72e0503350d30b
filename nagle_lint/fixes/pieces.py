"""Building one buffer from written pieces: byte-literal folding, `lit + x`, `b"".join((a, b))`,
and the question every join asks: can evaluating this piece earlier change anything?"""
from __future__ import annotations

import ast

import libcst as cst

# Calls that only compute a value from their arguments: evaluating them before an earlier piece
# is sent cannot change what is sent (or observe the socket).
PURE_FUNCTIONS = frozenset({
    "bytes", "bytearray", "memoryview", "len", "str", "int", "repr", "format", "hex", "chr", "ord",
    "min", "max", "abs", "round", "bool", "float", "tuple", "list", "sorted",
})
PURE_METHODS = frozenset({
    "encode", "decode", "pack", "to_bytes", "join", "format", "upper", "lower", "strip", "rstrip",
    "lstrip", "tobytes", "hex", "replace", "ljust", "rjust", "zfill", "dumps", "center", "title",
})
_TIGHT_OPERATORS = (cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.MatrixMultiply, cst.Power)
_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.SimpleString, cst.ConcatenatedString,
          cst.FormattedString, cst.Integer, cst.Float, cst.List, cst.Tuple, cst.Dict, cst.Set,
          cst.ListComp, cst.SetComp, cst.DictComp)


def impure_part(expr: cst.BaseExpression, code) -> str | None:
    """The text of the first sub-expression that may have side effects (a call to unknown code,
    await, yield, an assignment expression), or None when evaluating expr is harmless."""
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Await, cst.Yield, cst.NamedExpr)):
            return code(node)
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name) and func.value in PURE_FUNCTIONS or isinstance(func, cst.Attribute) and func.attr.value in PURE_METHODS:
                pass
            else:
                return code(node)
        if isinstance(node, (cst.Lambda, cst.GeneratorExp)):
            continue  # not run here
        stack.extend(node.children)
    return None


def is_bytes_literal(expr) -> bool:
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)) and not expr.lpar:
        try:
            return isinstance(expr.evaluated_value, bytes)
        except Exception:  # noqa: BLE001 - odd literal: not foldable
            return False
    return False


def flatten(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The pieces of an already joined buffer, `b"".join((a, b))` or `a + b`, else [expr]."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add) and not expr.lpar:
        return flatten(expr.left) + flatten(expr.right)
    if (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "join"
            and isinstance(expr.func.value, cst.SimpleString) and len(expr.args) == 1
            and expr.args[0].keyword is None and not expr.args[0].star
            and isinstance(expr.args[0].value, (cst.Tuple, cst.List))):
        try:
            empty = expr.func.value.evaluated_value == b""
        except Exception:  # noqa: BLE001
            empty = False
        elements = expr.args[0].value.elements
        if empty and elements and all(isinstance(e, cst.Element) for e in elements):
            return [e.value for e in elements]
    return [expr]


class Piece:
    """One piece's text, and its literal value when it is a plain bytes literal."""

    __slots__ = ("node", "prefix", "quote", "text", "value")

    def __init__(self, node, text: str) -> None:
        self.node, self.text = node, text
        self.value = self.prefix = self.quote = None
        if isinstance(node, cst.SimpleString) and not node.lpar and is_bytes_literal(node):
            prefix = node.prefix
            quote = node.quote
            self.value, self.prefix, self.quote = node.evaluated_value, prefix, quote


def fold(pieces: list[Piece]) -> list[Piece]:
    """Adjacent bytes literals spelled alike become one literal (when that means the same bytes)."""
    out: list[Piece] = []
    for piece in pieces:
        last = out[-1] if out else None
        if (last is not None and last.value is not None and piece.value is not None
                and last.prefix == piece.prefix and last.quote == piece.quote and "\n" not in last.text + piece.text):
            inner_a = last.text[len(last.prefix) + len(last.quote):-len(last.quote)]
            inner_b = piece.text[len(piece.prefix) + len(piece.quote):-len(piece.quote)]
            text = f"{last.prefix}{last.quote}{inner_a}{inner_b}{last.quote}"
            try:
                same = ast.literal_eval(text) == last.value + piece.value
            except (SyntaxError, ValueError):
                same = False
            if same:
                merged = Piece(None, text)
                merged.value, merged.prefix, merged.quote = last.value + piece.value, last.prefix, last.quote
                out[-1] = merged
                continue
        out.append(piece)
    return out


def _operand(piece: Piece) -> str:
    node = piece.node
    if node is None or isinstance(node, _ATOMS) or getattr(node, "lpar", None):
        return piece.text
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _TIGHT_OPERATORS):
        return piece.text
    if isinstance(node, cst.UnaryOperation):
        return piece.text
    return f"({piece.text})"


def _element(piece: Piece) -> str:
    node = piece.node
    if isinstance(node, (cst.NamedExpr, cst.Yield)) and not node.lpar:
        return f"({piece.text})"
    if isinstance(node, cst.GeneratorExp) and not node.lpar:
        return f"({piece.text})"
    return piece.text


def buffer_form(pieces: list[Piece], quote: str = '"', plus: bool = True) -> tuple[str, list[str], str | None]:
    """The joined buffer: (expression, its parts one a line, the operator between them or None
    for a join). One piece is itself; two are `a + b` (bytes + any bytes-like object is bytes)
    unless plus is False (the first could be a memoryview, which has no +); three or more are
    `b"".join((a, b, c))`, which takes every bytes-like piece and copies once, or `"".join(...)`
    when the pieces are text (a str literal among them and no bytes one: a channel's send(str))."""
    if len(pieces) == 1:
        return _element(pieces[0]), [], None
    if len(pieces) == 2 and plus:
        parts = [_operand(p) for p in pieces]
        return " + ".join(parts), parts, "+"
    parts = [_element(p) for p in pieces]
    text = any(_is_text_literal(p.node) for p in pieces) and not any(p.value is not None for p in pieces)
    return f"{'' if text else 'b'}{quote}{quote}.join(({', '.join(parts)}))", parts, None


def _is_text_literal(node) -> bool:
    if isinstance(node, cst.FormattedString):
        return True
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        try:
            return isinstance(node.evaluated_value, str)
        except Exception:  # noqa: BLE001 - odd literal: not known to be text
            return False
    return False


def buffer_text(pieces: list[Piece], quote: str = '"', plus: bool = True) -> str:
    return buffer_form(pieces, quote, plus)[0]


def list_text(pieces: list[Piece]) -> str:
    return "[" + ", ".join(_element(p) for p in pieces) + "]"


def quote_style(nodes, module: cst.Module | None = None) -> str:
    """The quote for b"": the pieces' own literals', else the one most of the module's first
    string literals use (double when there are none)."""
    found = _first_quote(list(nodes))
    if found is None and module is not None:
        counts = {"'": 0, '"': 0}
        stack, seen = [module], 0
        while stack and seen < 50:
            node = stack.pop()
            if isinstance(node, cst.SimpleString) and node.quote in counts:
                counts[node.quote] += 1
                seen += 1
            stack.extend(reversed(node.children))
        found = "'" if counts["'"] > counts['"'] else '"'
    return found or '"'


def _first_quote(nodes) -> str | None:
    stack = list(nodes)[::-1]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleString) and node.quote in ("'", '"'):
            return node.quote
        stack.extend(reversed(node.children))
    return None
