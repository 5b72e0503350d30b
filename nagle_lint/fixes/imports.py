"""How to spell socket.IPPROTO_TCP and socket.TCP_NODELAY in a module, adding an import when
needed, in the module's own style: `import socket`, `import socket as so`, `from socket import ...`."""
from __future__ import annotations

import libcst as cst

from nagle_lint.fixes.source import insert_after_line, line_start, newline_of, offsets
from nagle_lint.model import Edit

NAMES = ("IPPROTO_TCP", "TCP_NODELAY")


def _top_imports(module: cst.Module):
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    yield stmt, small


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


def socket_spelling(ctx) -> tuple[str, str, tuple[Edit, ...]] | None:
    """(level, option, edits): the text for the two constants and the import edits they need,
    or None when no spelling is safe (the names are taken by something else)."""
    module = ctx.facts.module
    names = ctx.facts.imports.resolved()
    bound = set(ctx.facts.index.module_bindings) | set(ctx.facts.index.module_functions) | set(ctx.facts.index.classes)
    # 1. a top-level `import socket` / `import socket as so`, still meaning the module
    for _, small in _top_imports(module):
        if isinstance(small, cst.Import):
            for alias in small.names:
                if _alias_name(alias) != "socket":
                    continue
                local = alias.asname.name.value if alias.asname is not None and isinstance(
                    alias.asname.name, cst.Name) else "socket"
                if names.get(local) == "socket" and local not in bound:
                    return f"{local}.IPPROTO_TCP", f"{local}.TCP_NODELAY", ()
    # 2. both names already imported from socket (or a star import)
    if all(names.get(n) == f"socket.{n}" for n in NAMES) or (
            ctx.facts.imports.star_from("socket") and not any(n in names for n in NAMES)):
        if not any(n in bound for n in NAMES):
            return NAMES[0], NAMES[1], ()
    taken = [n for n in NAMES if (n in names and names[n] != f"socket.{n}") or n in bound]
    # 3. `from socket import a, b`: add the missing names to it
    if not taken:
        for stmt, small in _top_imports(module):
            if (isinstance(small, cst.ImportFrom) and not small.relative and small.module is not None
                    and _dotted_name(small.module) == "socket" and not isinstance(small.names, cst.ImportStar)):
                missing = [n for n in NAMES if names.get(n) != f"socket.{n}"]
                last = small.names[-1]
                _, end = offsets(ctx, last.asname if last.asname is not None else last.name)
                return NAMES[0], NAMES[1], (Edit(end, end, "".join(f", {n}" for n in missing)),)
    # 4. add `import socket`
    if "socket" not in names and "socket" not in bound:
        edit = _add_import(ctx, "import socket")
        if edit is not None:
            return "socket.IPPROTO_TCP", "socket.TCP_NODELAY", (edit,)
    if not taken and "socket" in names:
        edit = _add_import(ctx, "from socket import IPPROTO_TCP, TCP_NODELAY")
        if edit is not None:
            return NAMES[0], NAMES[1], (edit,)
    return None


def _add_import(ctx, text: str) -> Edit | None:
    """Insert an import line among the module's top-level imports (sorted into a run of plain
    `import x` lines when there is one), else after the docstring, else at the first statement."""
    module = ctx.facts.module
    body = list(module.body)
    plain = [(i, s) for i, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
             and isinstance(s.body[0], cst.Import)]
    if plain:
        run = [plain[0]]
        for i, stmt in plain[1:]:
            if i == run[-1][0] + 1:
                run.append((i, stmt))
        for _, stmt in run:
            if _alias_name(stmt.body[0].names[0]) > text.split()[-1] and not stmt.leading_lines:
                return _before(ctx, stmt, text)
        return insert_after_line(ctx, run[-1][1], text, "")
    froms = [s for s in body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
             and isinstance(s.body[0], cst.ImportFrom)]
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
    line = ctx.span(stmt).line
    position = line_start(ctx, line)
    if start != position:  # something precedes the statement on its line: never expected here
        position = start
    return Edit(position, position, text + newline_of(ctx, line))
