"""The lossless tree fixes edit: libcst's module of a file, parsed only when a fix is computed,
and the way from a node detection found (CPython's `ast`) to the same code in it.

Detection never sees libcst. A fix asks `FixView.node(ast_node)` for the libcst node that spans
the same code; when none does (a form the two parsers split differently), there is no fix, never
a wrong one.
"""
from __future__ import annotations

import ast

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from nagle_lint.context import ForeignNode, NoFix
from nagle_lint.engine import ReadError, screen
from nagle_lint.lines import code_point_column, split_lines
from nagle_lint.model import FileError, Span

# libcst nests what `ast` keeps flat: `a and b and ...` (one BooleanOperation per operator) and
# dotted names (one Attribute per dot). Its native parser overflows the C stack near 6,000 levels
# (SIGSEGV: the whole process dies) and its parse time grows ~cubically with depth before that.
MAX_DEPTH = 500


def guard(nodes) -> None:
    """Refuse what libcst would nest too deep to survive (see MAX_DEPTH)."""
    if any(_too_deep(node) for node in nodes):
        raise ReadError(FileError("too-complex", f"nesting deeper than {MAX_DEPTH} levels"))


def _too_deep(tree: ast.AST) -> bool:
    # ast.iter_child_nodes, inlined (it is two generators deep): the depth of every node, where
    # children without fields of their own (Load, Store, operators) are not pushed, their depth
    # being their parent's plus one: a parent at MAX_DEPTH with any child is the same answer.
    AST = ast.AST
    stack = [(tree, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        node, depth = pop()
        depth += 1
        kind = type(node)
        if kind is ast.BoolOp:
            depth += len(node.values) - 1
        elif kind is ast.Import:
            depth += max(alias.name.count(".") for alias in node.names)
        elif kind is ast.ImportFrom:
            depth += (node.module or "").count(".")
        if depth > MAX_DEPTH:
            return True
        if depth == MAX_DEPTH:  # one more level is too deep: any child at all says so
            if next(ast.iter_child_nodes(node), None) is not None:
                return True
            continue
        for name in kind._fields:
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, AST) and type(item)._fields:
                        push((item, depth))
            elif isinstance(value, AST) and type(value)._fields:
                push((value, depth))
    return False


def parse(source: str, screened: bool = False) -> cst.Module:
    """libcst's module of the source (screened by the built-in parser unless the caller did it)."""
    if not screened:
        guard(screen(source).body)
    try:
        return cst.parse_module(source)
    except cst.ParserSyntaxError as exc:
        raise ReadError(FileError("syntax", exc.message.splitlines()[0] if exc.message else "invalid syntax",
                                  exc.raw_line, exc.raw_column + 1)) from None
    except RecursionError:
        raise ReadError(FileError("too-complex", "nesting too deep to parse")) from None
    except Exception as exc:  # noqa: BLE001 - parser bugs: one line, the run goes on
        text = str(exc).strip().splitlines()
        raise ReadError(FileError("syntax", f"libcst could not parse: {text[0] if text else type(exc).__name__}")) from None


def _positions_of(module: cst.Module):
    """node -> CodeRange for every node of the module: what
    `MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)` returns, without
    the wrapper's visit of the whole tree for batched providers (there are none here; that
    empty visit costs as much as the code generation that finds the positions)."""
    provider = PositionProvider()
    try:
        gen = provider._gen_impl
        provider._computed = {}
    except AttributeError:  # another libcst: its public way
        return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    gen(module)
    return provider._computed


# The libcst node types that stand for an `ast` node type (a node spans the same code).
_SAME = {
    ast.Call: (cst.Call,), ast.Name: (cst.Name,), ast.Attribute: (cst.Attribute,),
    ast.FunctionDef: (cst.FunctionDef,), ast.AsyncFunctionDef: (cst.FunctionDef,), ast.ClassDef: (cst.ClassDef,),
    ast.For: (cst.For,), ast.AsyncFor: (cst.For,), ast.While: (cst.While,), ast.If: (cst.If,),
    ast.With: (cst.With,), ast.AsyncWith: (cst.With,), ast.Try: (cst.Try,),
    ast.Expr: (cst.Expr,), ast.Assign: (cst.Assign,), ast.AnnAssign: (cst.AnnAssign,), ast.Return: (cst.Return,),
    ast.Constant: (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float, cst.Imaginary, cst.Name),
    ast.Subscript: (cst.Subscript,), ast.Tuple: (cst.Tuple,), ast.List: (cst.List,), ast.BinOp: (cst.BinaryOperation,),
    ast.Await: (cst.Await,),
}


class FixView:
    """One file as fixes see it: its libcst module, positions, and ast -> libcst nodes."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.module = parse(source)
        self._positions = None
        self._starts: dict | None = None
        self._lines = None

    @property
    def positions(self):
        if self._positions is None:
            self._positions = _positions_of(self.module)
        return self._positions

    def span(self, node: cst.CSTNode) -> Span:
        code_range: CodeRange = self.positions[node]
        return Span(code_range.start.line, code_range.start.column + 1,
                    code_range.end.line, code_range.end.column + 1)

    def _column(self, line: int, offset: int) -> int:
        if self._lines is None:
            self._lines = split_lines(self.source)
        return code_point_column(self._lines[line - 1] if 0 < line <= len(self._lines) else "", offset)

    def node(self, tree_node):
        """The libcst node that spans the code of an ast node, or None."""
        if tree_node is None or isinstance(tree_node, cst.CSTNode):
            return tree_node
        kinds = _SAME.get(type(tree_node))
        if kinds is None or getattr(tree_node, "lineno", None) is None:
            return None
        if self._starts is None:
            starts: dict = {}
            for node, code_range in self.positions.items():
                starts.setdefault((code_range.start.line, code_range.start.column), []).append(node)
            self._starts = starts
        start = (tree_node.lineno, self._column(tree_node.lineno, tree_node.col_offset))
        end_line = tree_node.end_lineno or tree_node.lineno
        end = CodePosition(end_line, self._column(end_line, tree_node.end_col_offset or 0))
        candidates = [n for n in self._starts.get(start, ()) if isinstance(n, kinds)]
        exact = [n for n in candidates if self.positions[n].end == end]
        found = exact or candidates
        return found[0] if len(found) == 1 or exact else None


class FixContext:
    """A FileContext as fixes see it: the same file and facts, with spans, offsets and code of
    libcst nodes, and `node()` from a node detection found to the one fixes edit."""

    def __init__(self, ctx) -> None:
        self.file = ctx
        try:
            self.view = FixView(ctx.source)
        except ReadError as exc:
            raise NoFix(exc.error.message) from None
        self.cst = self.view.module

    def __getattr__(self, name):  # path, source, facts, settings, in_tests, ...
        return getattr(self.file, name)

    def node(self, tree_node):
        """The libcst node of an ast node of this file (ForeignNode for another file's)."""
        if not self.file.is_local(tree_node):
            raise ForeignNode()
        found = self.view.node(tree_node)
        if found is None:
            raise NoFix(f"no libcst node for {type(tree_node).__name__} at line {tree_node.lineno}")
        return found

    def span(self, node) -> Span:
        return self.view.span(node)

    def line(self, node) -> int:
        return self.span(node).line

    def offsets(self, node) -> tuple[int, int]:
        span = self.span(node)
        starts = self.file.line_starts
        return starts[span.line - 1] + span.col - 1, starts[span.end_line - 1] + span.end_col - 1

    def code(self, node) -> str:
        return self.cst.code_for_node(node)

    def is_local(self, node) -> bool:
        return isinstance(node, cst.CSTNode) or self.file.is_local(node)


def fix_context(ctx) -> FixContext:
    """The file's FixContext, made once (the libcst parse happens here, on the first fix)."""
    if isinstance(ctx, FixContext):
        return ctx
    found = ctx.__dict__.get("_fix_context")
    if found is None:
        try:
            found = FixContext(ctx)
        except NoFix as exc:
            found = exc
        ctx.__dict__["_fix_context"] = found
    if isinstance(found, NoFix):
        raise found
    return found


def dotted(expr) -> str | None:
    """`a.b.c` for a libcst chain of names and attributes, else None."""
    parts = []
    while type(expr) is cst.Attribute:
        parts.append(expr.attr.value)
        expr = expr.value
    if type(expr) is cst.Name:
        parts.append(expr.value)
        return ".".join(reversed(parts))
    return None
