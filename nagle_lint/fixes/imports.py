"""How to spell socket.IPPROTO_TCP and socket.TCP_NODELAY where a fix puts them, adding an import
only when nothing in scope has them, in the module's own style.

In order: a socket module imported in the function that gets the line, before it (`import socket`
inside the function); a socket module imported at the top (`import socket`, `import socket as
so`, and the green modules that mirror it: `from eventlet.green import socket`, `gevent.socket`);
the two names imported from one (`from socket import IPPROTO_TCP, TCP_NODELAY`, or added to an
existing `from socket import ...`); else a new `import socket` (or `from socket import ...` when
the name `socket` is taken). No spelling when the function binds the name the line would use
(a local `socket` variable, or an import that not every path runs).
"""
from __future__ import annotations

import libcst as cst

from nagle_lint.fixes.source import (
    first_line_of_block_statement,
    insert_after_line,
    line_start,
    line_starts,
    newline_of,
    offsets,
    statement_map,
)
from nagle_lint.model import Edit
from nagle_lint.streams import catalog as C

NAMES = ("IPPROTO_TCP", "TCP_NODELAY")
MODULES = ("socket",) + C.SOCKET_MODULES  # each has IPPROTO_TCP and TCP_NODELAY


def _top_imports(module: cst.Module):
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    yield stmt, small


def _guarded_imports(module: cst.Module):
    """Imports inside the module's top-level `try` and `if` blocks (`try: import usocket as
    socket` / `except ImportError: import socket`), not inside a def or class."""
    stack = [stmt for stmt in module.body if isinstance(stmt, (cst.Try, cst.If))]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.SimpleStatementLine):
            yield from (small for small in node.body if isinstance(small, (cst.Import, cst.ImportFrom)))
        elif isinstance(node, (cst.Try, cst.If, cst.IndentedBlock, cst.ExceptHandler, cst.Else, cst.Finally)):
            stack.extend(child for child in node.children if isinstance(child, (
                cst.SimpleStatementLine, cst.Try, cst.If, cst.IndentedBlock, cst.ExceptHandler, cst.Else, cst.Finally)))


def _binds(small, name: str) -> bool:
    if isinstance(small.names, cst.ImportStar):
        return False
    return any((_local(alias) or _alias_name(alias).split(".")[0]) == name for alias in small.names)


def _alias_name(alias) -> str:
    return _dotted_name(alias.name)


def _dotted_name(node) -> str:
    parts = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
    return ".".join(reversed(parts))


def _local(alias) -> str | None:
    if alias.asname is None:
        return None
    name = alias.asname.name
    return name.value if isinstance(name, cst.Name) else None


def _module_spelling(small) -> tuple[str, str] | None:
    """(prefix, the local name it binds) when an import statement binds a socket module:
    `import socket as so` -> ("so.", "so"), `import gevent.socket` -> ("gevent.socket.", "gevent"),
    `from eventlet.green import socket` -> ("socket.", "socket")."""
    if isinstance(small, cst.Import):
        for alias in small.names:
            full = _alias_name(alias)
            if full in MODULES:
                local = _local(alias)
                if local is not None:
                    return f"{local}.", local
                return f"{full}.", full.split(".")[0]
    elif (isinstance(small, cst.ImportFrom) and not small.relative and small.module is not None
          and not isinstance(small.names, cst.ImportStar)):
        base = _dotted_name(small.module)
        for alias in small.names:
            full = f"{base}.{_alias_name(alias)}"
            if full in MODULES:
                local = _local(alias) or _alias_name(alias)
                return f"{local}.", local
    return None


def _names_spelling(small) -> bool:
    """Does `from <socket module> import ...` bind both names under their own names?"""
    if (not isinstance(small, cst.ImportFrom) or small.relative or small.module is None
            or _dotted_name(small.module) not in MODULES):
        return False
    if isinstance(small.names, cst.ImportStar):
        return True
    plain = {_alias_name(a) for a in small.names if _local(a) is None}
    return all(n in plain for n in NAMES)


# -- the function the line goes in --------------------------------------------------------------
def _scope(ctx, where):
    """(spelling from an import that runs before `where` in its functions, names those functions
    bind), or (None, set()) at module level."""
    if where is None:
        return None, set()
    smap = statement_map(ctx)
    bound: set[str] = set()
    found = None
    current = where
    while True:
        slot = smap.slots.get(id(current))
        if slot is None or isinstance(slot.owner, (cst.Module, cst.ClassDef)):
            break
        if found is None:
            for stmt in reversed(slot.body[:slot.index]):
                found = found or _spelling_in(stmt)
        if isinstance(slot.owner, cst.FunctionDef):
            bound |= _bound_in(slot.owner)
        current = slot.owner
    return found, bound


def _spelling_in(stmt):
    if not isinstance(stmt, cst.SimpleStatementLine):
        return None
    for small in reversed(stmt.body):
        if _names_spelling(small):
            return "", ""
        made = _module_spelling(small)
        if made is not None:
            return made
    return None


def _bound_in(func: cst.FunctionDef) -> set[str]:
    """Names a function binds (parameters, assignments, imports, loop and with targets, defs)."""
    names: set[str] = set()
    params = func.params
    for param in [*params.posonly_params, *params.params, *params.kwonly_params]:
        names.add(param.name.value)
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    stack = list(func.body.children)
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            names.add(node.name.value)
            continue
        if isinstance(node, cst.Lambda):
            continue
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            if not isinstance(node.names, cst.ImportStar):
                for alias in node.names:
                    names.add(_local(alias) or _alias_name(alias).split(".")[0])
            continue
        if isinstance(node, cst.AssignTarget):
            names |= _target_names(node.target)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            names |= _target_names(node.target)
        elif isinstance(node, (cst.For, cst.CompFor)):
            names |= _target_names(node.target)
        elif isinstance(node, cst.AsName):
            names |= _target_names(node.name)
        elif isinstance(node, cst.NamedExpr):
            names |= _target_names(node.target)
        stack.extend(node.children)
    return names


def _target_names(target) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        out: set[str] = set()
        for element in target.elements:
            out |= _target_names(element.value)
        return out
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return set()


# -- the spelling ---------------------------------------------------------------------------------
def socket_spelling(ctx, where=None) -> tuple[str, str, tuple[Edit, ...]] | None:
    """(level, option, edits): the text for the two constants at the statement `where` (the one
    the new line follows or precedes; None for module level) and the import edits they need, or
    None when no spelling is safe there (the names are taken by something else)."""
    local, shadowed = _scope(ctx, where)
    if local is not None:
        prefix = local[0]
        return f"{prefix}IPPROTO_TCP", f"{prefix}TCP_NODELAY", ()
    module = ctx.cst
    names = ctx.facts.imports.resolved()  # re-exports followed (`from .compat import socket`)
    index = ctx.facts.index
    bound = set(index.module_bindings) | set(index.module_functions) | set(index.classes) | shadowed
    # 1. a socket module imported at the top, its name still meaning the module
    for _, small in _top_imports(module):
        made = _module_spelling(small)
        if made is not None and made[1] not in bound and names.get(made[1]) is not None:
            return f"{made[0]}IPPROTO_TCP", f"{made[0]}TCP_NODELAY", ()
    own = {n: {f"{m}.{n}" for m in MODULES} for n in NAMES}
    # 2. both names already imported from a socket module (or a star import)
    if all(names.get(n) in own[n] for n in NAMES) or (
            ctx.facts.imports.star_from("socket") and not any(n in names for n in NAMES)):
        if not any(n in bound for n in NAMES):
            return NAMES[0], NAMES[1], ()
    taken = [n for n in NAMES if (n in names and names[n] not in own[n]) or n in bound]
    # 3. `from socket import a, b`: add the missing names to it
    if not taken:
        for _, small in _top_imports(module):
            if (isinstance(small, cst.ImportFrom) and not small.relative and small.module is not None
                    and _dotted_name(small.module) in MODULES and not isinstance(small.names, cst.ImportStar)):
                missing = [n for n in NAMES if names.get(n) not in own[n]]
                last = small.names[-1]
                _, end = offsets(ctx, last.asname if last.asname is not None else last.name)
                return NAMES[0], NAMES[1], (Edit(end, end, "".join(f", {n}" for n in missing)),)
    # `socket` bound by guarded imports: the module itself when each of them imports one (no
    # import added); else another module may stand there (MicroPython's usocket), and a new
    # import could fail where the guard was written for: no fix
    guarded = [small for small in _guarded_imports(module) if _binds(small, "socket")]
    if guarded and "socket" not in bound:
        if all((_module_spelling(small) or ("", ""))[1] == "socket" for small in guarded):
            return "socket.IPPROTO_TCP", "socket.TCP_NODELAY", ()
        return None
    # 4. add `import socket` (a function-local `import socket` binds no module-level name)
    top = {made[1] for _, small in _top_imports(module) if (made := _module_spelling(small)) is not None}
    top |= {_local(a) or _alias_name(a).split(".")[0] for _, small in _top_imports(module)
            if not isinstance(small.names, cst.ImportStar) for a in small.names}
    if "socket" not in top and "socket" not in bound:
        edit = _add_import(ctx, "import socket")
        if edit is not None:
            return "socket.IPPROTO_TCP", "socket.TCP_NODELAY", (edit,)
    if not taken:
        edit = _add_import(ctx, "from socket import IPPROTO_TCP, TCP_NODELAY")
        if edit is not None:
            return NAMES[0], NAMES[1], (edit,)
    return None


def _add_import(ctx, text: str) -> Edit | None:
    """Insert an import line among the module's top-level imports (sorted into a run of plain
    `import x` lines when there is one), else after the docstring, else at the first statement;
    with the blank lines PEP 8 wants before a def or class that comes right after it."""
    edit = _import_edit(ctx, text)
    if edit is None:
        return None
    return Edit(edit.start, edit.end, edit.text + _blank_lines_needed(ctx, edit.start, edit.text))


def _blank_lines_needed(ctx, position: int, inserted: str) -> str:
    """Newlines to add after a new import line at position, so that a def or class (or its
    decorators, or the comments above it) that follows still has two blank lines before it."""
    source = ctx.source
    starts = line_starts(ctx)
    if not inserted.endswith(("\n", "\r")):  # appended at the end of a file without a newline
        return ""
    line = next((i for i, s in enumerate(starts) if s >= position), len(starts) - 1) + 1
    blank = 0
    while line < len(starts):
        text = source[starts[line - 1]:starts[line]]
        stripped = text.strip()
        if not stripped:
            blank += 1
        elif stripped.startswith("#"):
            pass
        else:
            if text.startswith(("def ", "class ", "async def ", "@")) and blank < 2:
                return newline_of(ctx, max(line - 1, 1)) * (2 - blank)
            return ""
        line += 1
    return ""


def _import_edit(ctx, text: str) -> Edit | None:
    module = ctx.cst
    body = list(module.body)
    plain = [(i, s) for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
             and isinstance(s.body[0], cst.Import)]
    froms = [s for s in body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
             and isinstance(s.body[0], cst.ImportFrom)]
    if froms and text.startswith("from "):  # after the `from` imports, as isort orders them
        return insert_after_line(ctx, _last_of_run(body, froms), text, "")
    if plain:
        run = [plain[0]]
        for i, stmt in plain[1:]:
            if i == run[-1][0] + 1:
                run.append((i, stmt))
        for _, stmt in run:
            if (text.startswith("import ") and _alias_name(stmt.body[0].names[0]) > text.split()[-1]
                    and not stmt.leading_lines):
                return _before(ctx, stmt, text)
        return insert_after_line(ctx, run[-1][1], text, "")
    if froms:
        # after the last `from` import of the first run (which includes `from __future__`)
        return insert_after_line(ctx, _last_of_run(body, froms), text, "")
    if not body:
        return None
    first = body[0]
    if (isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and isinstance(first.body[0], cst.Expr)
            and isinstance(first.body[0].value, (cst.SimpleString, cst.ConcatenatedString))):
        return insert_after_line(ctx, first, text, "")
    return _before(ctx, first, text)


def _last_of_run(body, froms):
    """The last `from` import in the run of `from` imports that starts with the first one."""
    ids = {id(s) for s in froms}
    index = next(i for i, s in enumerate(body) if s is froms[0])
    last = froms[0]
    for stmt in body[index + 1:]:
        if id(stmt) not in ids:
            break
        last = stmt
    return last


def _before(ctx, stmt, text: str) -> Edit:
    start, _ = offsets(ctx, stmt)
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):  # above its decorators and comments
        line = first_line_of_block_statement(ctx, stmt)
        return Edit(line_start(ctx, line), line_start(ctx, line), text + newline_of(ctx, line))
    line = ctx.span(stmt).line
    position = line_start(ctx, line)
    if start != position:  # something precedes the statement on its line: never expected here
        position = start
    return Edit(position, position, text + newline_of(ctx, line))
