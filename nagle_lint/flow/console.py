"""An interactive console served on a connection: the standard library's `code` console run
with the process's standard streams swapped for a connection's file objects (a "backdoor").

`InteractiveConsole.interact()` (and `code.interact()` without a `readfunc`) reads each command
with `input(prompt)`, which, when `sys.stdin` / `sys.stdout` are not the process's terminal,
writes the prompt to `sys.stdout`, flushes it and calls `sys.stdin.readline()`. Running the
command writes what it prints and, for an expression, `sys.displayhook`'s repr and its newline:
separate `sys.stdout.write()` calls (CPython 3.11 Lib/code.py, Python/bltinmodule.c
`builtin_input_impl`, Python/sysmodule.c `sys_displayhook`). So each answer leaves as the value,
the newline and the next prompt, then the console waits for the next line: a response in
pieces, then a read, on whatever the program installed as `sys.stdout` / `sys.stdin`.

The walk replays that loop on the installed objects (`session()` returns it as statements made
by the analysis, without positions): a writer that sends each write at once (`sendall` per
`write()`) makes a split; a buffered file (a text `makefile()`) is flushed once per prompt and
makes none. The installed object is found where the program puts it:
- `sys.stdout = x` in the function that runs the console, before it;
- `r.install()` called there, where that method (of `self`, or the one method of that name in
  the module's classes) does `sys.stdout = self.attr`: the object is `self.attr`, or what the
  function assigned to `r.attr` (`getcurrent()._fileobj = fobj` then `getcurrent().switch_in()`);
- a method of the console's own class that does `sys.stdout = self.attr` (a greenlet that swaps
  its streams in while it runs, and runs the console).
Both `sys.stdout` and `sys.stdin` must be found; anything else leaves the console unmodelled.
"""
from __future__ import annotations

import ast

from nagle_lint.flow.summaries import ClassInfo, FunctionInfo, iter_statements, reaching_bindings
from nagle_lint.streams import catalog as C
from nagle_lint.streams.infer import Activation, built_name
from nagle_lint.streams.names import dotted

# a console subclass that overrides these does its own reading or writing: not modelled
_OWN_IO = frozenset({"interact", "raw_input", "push", "runsource", "write"})


def is_console_call(call: ast.Call, imports) -> bool:
    """Cheap test: could this call run an interactive console (`x.interact()`, `code.interact()`)?"""
    func = call.func
    if type(func) is ast.Attribute:  # (`code.interact()` too: only the name is looked at)
        return func.attr == "interact"
    return type(func) is ast.Name and imports.qualify(func) in C.CONSOLE_FUNCTIONS


def session(walker, call: ast.Call, act: Activation, memo: dict):
    """The console's loop as a `while` statement over the installed stdout and stdin (made once
    per console call), or None when the call runs no console or its streams are not known."""
    key = ("console", id(call), id(act.func), id(act.self_cls))
    if key not in memo:
        memo[key] = _session(walker, call, act)
    return memo[key]


def _session(walker, call: ast.Call, act: Activation):
    if act.func is None or not _runs_console(walker, call, act):
        return None
    out = _installed(walker, "stdout", call, act)
    inp = _installed(walker, "stdin", call, act)
    if out is None or inp is None:
        return None
    # input(prompt): the prompt, a flush, a line read; then the command's output: the value and
    # its newline (sys.displayhook), each a write of its own
    read = _method(inp, "readline")
    if walker.index.file_of(call) == 0:
        # (a read of a file object itself is shown at the console's line; the writes, made by
        # library code, have no line of the project and are never edited by a fix)
        ast.copy_location(read, call)
    body = [_expr(_method(out, "write", ast.Constant(">>> "))), _expr(_method(out, "flush")),
            _expr(read), _expr(_method(out, "write", ast.Name(id="value", ctx=ast.Load()))),
            _expr(_method(out, "write", ast.Constant("\n")))]
    # (the session ends when the user leaves: not an endless loop)
    return ast.While(test=ast.Name(id="line", ctx=ast.Load()), body=body, orelse=[])


def _method(receiver, name: str, *args) -> ast.Call:
    return ast.Call(func=ast.Attribute(value=receiver, attr=name, ctx=ast.Load()), args=list(args), keywords=[])


def _expr(call: ast.Call) -> ast.Expr:
    return ast.Expr(value=call)


def _runs_console(walker, call: ast.Call, act: Activation) -> bool:
    func = call.func
    if walker.imports.qualify(func) in C.CONSOLE_FUNCTIONS:
        # code.interact(banner, readfunc, local, exitmsg): a readfunc reads in the console's place
        return not any(a.arg == "readfunc" for a in call.keywords) and len(call.args) < 2
    if type(func) is not ast.Attribute or func.attr != "interact":
        return False
    receiver = func.value
    if type(receiver) is ast.Call:
        values = [receiver]
    elif type(receiver) is ast.Name and receiver.id in act.func.bindings:
        values = [b.value for b in act.func.bindings[receiver.id] if b.index is None]
        if len(values) != len(act.func.bindings[receiver.id]):
            return False
    else:
        return False
    return bool(values) and all(type(v) is ast.Call and _console_class(walker, v) for v in values)


def _console_class(walker, value: ast.Call) -> bool:
    """Does the call build the standard console, or a class of ours built on it that keeps its
    reading and writing?"""
    if walker.imports.qualify(value.func) in C.CONSOLE_CLASSES:
        return True
    cls = walker.index.classes.get((built_name(value.func) or "").rpartition(".")[2])
    if cls is None:
        return False
    chain = walker.index.class_chain(cls)
    if any(_OWN_IO & set(klass.methods) for klass in chain):
        return False
    return any(walker.imports.qualify(base) in C.CONSOLE_CLASSES for klass in chain for base in klass.bases)


def _installed(walker, name: str, call: ast.Call, act: Activation):
    """The expression whose object is `sys.<name>` when the console runs, or None."""
    func = act.func
    target = f"sys.{name}"
    line = getattr(call, "lineno", None)
    if line is None:
        return None
    found = None
    for stmt in iter_statements(func.node.body):
        if getattr(stmt, "lineno", line) >= line:
            continue
        if type(stmt) is ast.Assign and _assigns(walker, stmt, target):
            found = _value_at(func, stmt.value, stmt)  # the last one before the console
    if found is not None:
        return found
    for made in walker.calls(func.node.body):
        if type(made.func) is not ast.Attribute or getattr(made, "lineno", line) >= line:
            continue
        receiver, method_name = made.func.value, made.func.attr
        is_self = type(receiver) is ast.Name and receiver.id == "self"
        methods = [_method_named(walker, act.self_cls, method_name)] if is_self else _unique_method(walker, method_name)
        for method in methods:
            attr = _self_install(walker, method, target) if method is not None else None
            if attr is None:
                continue
            if is_self:
                found = ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=attr, ctx=ast.Load())
            else:
                found = _assigned_on(func, receiver, attr, made)
    if found is not None:
        return found
    cls = act.self_cls
    for klass in walker.index.class_chain(cls) if cls is not None else ():
        for method in klass.methods.values():
            attr = _self_install(walker, method, target)
            if attr is not None:
                return ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=attr, ctx=ast.Load())
    return None


def _assigns(walker, stmt: ast.Assign, target: str) -> bool:
    return any(type(t) is ast.Attribute and walker.imports.qualify(t) == target for t in stmt.targets)


def _self_install(walker, method: FunctionInfo, target: str) -> str | None:
    """`attr` when the method does `sys.<name> = self.attr` (the one such value it installs)."""
    attrs = set()
    for stmt in iter_statements(method.node.body):
        if type(stmt) is ast.Assign and _assigns(walker, stmt, target):
            key = dotted(stmt.value) or ""
            if not key.startswith("self.") or key.count(".") != 1:
                return None
            attrs.add(key[5:])
    return attrs.pop() if len(attrs) == 1 else None


def _method_named(walker, cls: ClassInfo | None, name: str) -> FunctionInfo | None:
    return walker.index.method(cls, name) if cls is not None else None


def _unique_method(walker, name: str) -> list:
    """The one method of that name among the module's classes (several: which runs is unknown)."""
    found = {id(m): m for c in walker.index.classes.values() for m in (c.methods.get(name),) if m is not None}
    return list(found.values()) if len(found) == 1 else []


def _assigned_on(func: FunctionInfo, receiver, attr: str, before) -> ast.expr | None:
    """What the function last assigned to `<receiver>.attr` before the call (the receiver written
    the same way: `getcurrent()._fileobj = fobj` ... `getcurrent().switch_in()`)."""
    shape = ast.dump(receiver)
    found = None
    for stmt in iter_statements(func.node.body):
        if type(stmt) is not ast.Assign or getattr(stmt, "lineno", 0) >= before.lineno:
            continue
        for target in stmt.targets:
            if type(target) is ast.Attribute and target.attr == attr and ast.dump(target.value) == shape:
                found = _value_at(func, stmt.value, stmt)
    return found


def _value_at(func: FunctionInfo, value, where):
    """A local that holds several values in turn (`f = sock.makefile()`, then `f = Wrapper(sock,
    f)`) is the one that reaches this statement, when straight-line reading tells."""
    if type(value) is ast.Name and len(func.bindings.get(value.id, ())) > 1:
        reaching = reaching_bindings(func, value.id, where)
        if not reaching or len(reaching) != 1 or reaching[0].index is not None:
            return None
        return reaching[0].value
    return value
