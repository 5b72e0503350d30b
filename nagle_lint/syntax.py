"""The few questions about CPython's `ast` that detection asks everywhere: a call's arguments in
one list, a function's parameters with their defaults, a literal's value, a node's children.

Detection reads `ast` only (libcst builds its tree about ten times slower and is kept for fixes,
which need the lossless tree). Nothing here knows about sockets.
"""
from __future__ import annotations

import ast
from typing import NamedTuple

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
FOR_LOOPS = (ast.For, ast.AsyncFor)
WITHS = (ast.With, ast.AsyncWith)
TRIES = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)
MATCH = getattr(ast, "Match", None)


class Arg(NamedTuple):
    """One argument of a call as written: `x`, `key=x`, `*x` or `**x`."""

    value: ast.expr
    keyword: str | None = None
    star: str = ""  # "", "*" or "**"


def args_of(call: ast.Call) -> tuple[Arg, ...]:
    """The call's arguments in one tuple: positional ones (and `*x`) first, then keywords (and
    `**x`), the order `ast` keeps them in. Kept on the node: asked many times per call."""
    found = call.__dict__.get("_nagle_args")
    if found is None:
        out = []
        for value in call.args:
            if type(value) is ast.Starred:
                out.append(Arg(value.value, None, "*"))
            else:
                out.append(Arg(value))
        for keyword in call.keywords:
            out.append(Arg(keyword.value, keyword.arg, "**" if keyword.arg is None else ""))
        found = call.__dict__["_nagle_args"] = tuple(out)
    return found


def positional(call: ast.Call) -> list[ast.expr]:
    """The plain positional arguments (no `*x`)."""
    return [a.value for a in args_of(call) if a.keyword is None and not a.star]


def argument(call: ast.Call, position: int | None, keyword: str) -> ast.expr | None:
    """The argument passed for a parameter: by keyword, else at its position (None: a
    keyword-only parameter)."""
    for arg in args_of(call):
        if arg.keyword == keyword:
            return arg.value
    plain = positional(call)
    return plain[position] if position is not None and position < len(plain) else None


def params_of(func) -> list[tuple[str, ast.expr | None]]:
    """(name, default) for the named parameters of a def: positional-only, plain, keyword-only."""
    found = func.__dict__.get("_nagle_params")
    if found is None:
        spec = func.args
        plain = [*spec.posonlyargs, *spec.args]
        defaults = [None] * (len(plain) - len(spec.defaults)) + list(spec.defaults)
        found = [(a.arg, d) for a, d in zip(plain, defaults)]
        found += [(a.arg, d) for a, d in zip(spec.kwonlyargs, spec.kw_defaults)]
        func.__dict__["_nagle_params"] = found
    return found


def default_of(func, name: str) -> ast.expr | None:
    for param, default in params_of(func):
        if param == name:
            return default
    return None


def is_const(expr, value) -> bool:
    """`True`, `False`, `None`: a Constant holding exactly that object."""
    return type(expr) is ast.Constant and expr.value is value


def is_str(expr) -> bool:
    return type(expr) is ast.Constant and type(expr.value) is str


def is_int(expr) -> bool:
    """An integer literal (not True or False, which `ast` also keeps as ints)."""
    return type(expr) is ast.Constant and type(expr.value) is int


_CHILDREN: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    names = _CHILDREN.get(kind)
    if names is None:
        names = _CHILDREN[kind] = tuple(n for n in kind._fields if n not in ("ctx", "type_comment"))
    return names


_CALL_FIELDS: dict[type, tuple[str, ...]] = {}
# fields that hold names, numbers, operators or contexts, never a call
_NO_CALLS = frozenset({"ctx", "op", "ops", "type_comment", "attr", "id", "arg", "name", "names", "level", "module",
                       "asname", "conversion", "kwd_attrs"})
_LEAVES = (ast.Name, ast.Constant, ast.alias, ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)


def call_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node type that may hold a call, in field order (none for a leaf, or for
    a value that is no node at all)."""
    names = _CALL_FIELDS.get(kind)
    if names is None:
        fields = getattr(kind, "_fields", None)
        names = () if fields is None or issubclass(kind, _LEAVES) else tuple(n for n in fields if n not in _NO_CALLS)
        _CALL_FIELDS[kind] = names
    return names


def _tail(expr) -> str | None:
    """`ABC` for `ABC` and for `abc.ABC`."""
    return expr.id if type(expr) is ast.Name else expr.attr if type(expr) is ast.Attribute else None


def declared_abstract(func) -> bool:
    """A def decorated with `@abstractmethod` (`@abc.abstractmethod`)."""
    return any(_tail(d) == "abstractmethod" for d in func.decorator_list)


def is_stub(func) -> bool:
    """A def its subclasses are to define: `raise NotImplementedError`, `pass`, `...`, or only a
    docstring."""
    body = [s for s in func.body if not (type(s) is ast.Expr and is_str(s.value))]
    return all(type(s) is ast.Pass or type(s) is ast.Expr and type(s.value) is ast.Constant and s.value.value is ...
               or type(s) is ast.Raise and s.exc is not None
               and _tail(s.exc.func if type(s.exc) is ast.Call else s.exc) == "NotImplementedError"
               for s in body)


def left_to_subclasses(func) -> bool:
    """A method an interface leaves to its subclasses: `@abstractmethod`, or a stub."""
    return declared_abstract(func) or is_stub(func)


def abstract_methods(node: ast.ClassDef) -> set[str]:
    """The names of the methods an interface leaves to its subclasses."""
    return {item.name for item in node.body if type(item) in (ast.FunctionDef, ast.AsyncFunctionDef)
            and left_to_subclasses(item)}


def is_interface(node: ast.ClassDef) -> bool:
    """An ABC or a Protocol, or a class with an abstract method: what a parameter annotated with
    it is given is an instance of one of its subclasses."""
    return any(_tail(base) in ("ABC", "Protocol") for base in node.bases) \
        or any(k.arg == "metaclass" and _tail(k.value) == "ABCMeta" for k in node.keywords) \
        or any(declared_abstract(item) for item in node.body if type(item) in (ast.FunctionDef, ast.AsyncFunctionDef))


def children(node) -> list:
    """The child nodes in field order (ast.iter_child_nodes, without its generators)."""
    out = []
    AST = ast.AST
    for name in _fields(type(node)):
        value = getattr(node, name, None)
        if type(value) is list:
            for item in value:
                if isinstance(item, AST):
                    out.append(item)
        elif isinstance(value, AST):
            out.append(value)
    return out


def node_ids(tree) -> frozenset[int]:
    """ids of every node of a tree that outlives one check (a linked module, parsed once per
    process): kept on the tree, so asking again costs nothing."""
    found = tree.__dict__.get("_node_ids")
    if found is None:
        found = tree._node_ids = frozenset(id(node) for node in walk(tree))
    return found


_MAX_COL = (1 << 20) - 1
_MAX_LINE = (1 << 24) - 1


def position_key(node, file: int = 0) -> int:
    """Source order as one integer: file (0 for the checked file, then the linked modules in
    order), start, then the longer of two nodes that start together first (an enclosing node
    before the nodes inside it). -1 for a node with no position (made by the analysis)."""
    line = getattr(node, "lineno", None)
    if line is None:
        return -1
    end_line = getattr(node, "end_lineno", None) or line
    end_col = getattr(node, "end_col_offset", None) or 0
    key = (file << 24) | min(line, _MAX_LINE)
    key = (key << 20) | min(node.col_offset, _MAX_COL)
    key = (key << 24) | (_MAX_LINE - min(end_line, _MAX_LINE))
    return (key << 20) | (_MAX_COL - min(end_col, _MAX_COL))


def statements(tree: ast.Module):
    """Every statement, nested ones included (in functions, classes, if/try/with/loops), with
    the except handlers and match cases that hold them; no expressions (far fewer nodes)."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            stack.extend(getattr(node, field, ()))


def import_statements(tree: ast.Module) -> list:
    """The Import and ImportFrom statements of statements(tree), in its order; kept on the tree
    (the project model asks again for each module a file links, and for each file that links it)."""
    found = tree.__dict__.get("_nagle_imports")
    if found is None:
        found = tree._nagle_imports = [node for node in statements(tree)
                                       if type(node) is ast.Import or type(node) is ast.ImportFrom]
    return found


def branches(node, skip: tuple = ()):
    """Every node under node (a node or a list of them, included) that may hold an expression:
    all but the leaves (names, constants, operators: most of a tree), for questions about
    `x.attr` or calls. Nodes of a type in skip are passed over with all they hold."""
    stack = list(node) if type(node) is list else [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        fields = call_fields(kind)
        if not fields or kind in skip:
            continue  # (a leaf, a None or a string from a list, or what the caller skips)
        yield current
        for name in fields:
            value = getattr(current, name, None)
            if type(value) is list:
                stack.extend(value)
            elif value is not None:
                stack.append(value)


def walk(node):
    """Every node under node, node included (any order)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(children(current))
