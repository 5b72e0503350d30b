"""Fixes for a request or response written in pieces: join, sendmsg, write loop.

Each fix edits the finding's own node (`split.second.located(split.first)`) and the first piece.
When both pieces are the same write in a helper reached through two call sites, the call sites
are joined instead, and only when the helper does nothing but write its one argument.
"""
from __future__ import annotations

import ast

from nagle_lint.fixes.guard import guarded
from nagle_lint.fixes.join import find_run, join_fixes
from nagle_lint.fixes.loop import loop_fix
from nagle_lint.fixes.tree import fix_context
from nagle_lint.streams import catalog as C
from nagle_lint.syntax import FUNCTIONS, args_of, is_str


def _method(call) -> str | None:
    if type(call) is ast.Call and type(call.func) is ast.Attribute:
        return call.func.attr
    return None


@guarded
def split_fixes(ctx, split) -> tuple:
    if split.conn.maybe_udp:
        return ()  # (UDP on another path: there each write is a datagram, and joined ones are one)
    first, second = split.first, split.second
    method = _method(second.node)
    if method is None:
        return ()
    socket_like = second.stream.role == C.SOCKET
    ctx = fix_context(ctx)
    if second.same_write(first):
        # the same write again: a loop (NAG103)
        return loop_fix(ctx, ctx.node(second.node), method, second.loops)
    if second.node is first.node:
        # one helper's write, reached through two call sites: join the call sites when the
        # helper only writes its argument
        a, b = first.located(second), second.located(first)
        if not first.sites or first.sites[-1] is not a or not _forwarding_helper(second, b):
            return ()
        run = find_run(ctx, ctx.node(a), ctx.node(b))
        return join_fixes(ctx, run, method, socket_like=False) if run is not None else ()
    if _method(first.node) != method:
        return ()
    fixes = ()
    run = find_run(ctx, ctx.node(first.node), ctx.node(second.node))
    if run is not None and split.count >= 3 and len(run.elements) < 3:
        # a message of 3+ pieces whose adjacent writes are only two of them: joining those
        # leaves the split in place (werkzeug's chunk size line + CRLF, then the data)
        return ()
    if run is not None:
        fixes = join_fixes(ctx, run, method, socket_like)
    elif second.loops and second.loops != first.loops:
        fixes = loop_fix(ctx, ctx.node(second.node), method, second.loops)
    return fixes


def _forwarding_helper(event, site) -> bool:
    """Is the write's function `def f(self?, x): stream.write(x)`, called directly at the site?"""
    sites = event.sites
    if not sites or sites[-1] is not site:
        return False
    func = event.func
    if func is None or not isinstance(func.node, FUNCTIONS):
        return False
    stmts = func.node.body
    if stmts and type(stmts[0]) is ast.Expr and is_str(stmts[0].value):  # a docstring
        stmts = stmts[1:]
    if len(stmts) != 1 or type(stmts[0]) is not ast.Expr or stmts[0].value is not event.node:
        return False
    params = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
    spec = func.node.args
    if len(params) != 1 or spec.vararg is not None or spec.kwarg is not None or spec.kwonlyargs:
        return False
    args = args_of(event.node)
    if len(args) != 1 or args[0].keyword is not None or args[0].star:
        return False
    value = args[0].value
    return type(value) is ast.Name and value.id == params[0]
