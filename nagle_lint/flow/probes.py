"""Reads that wait for nothing: a liveness probe. A sender that polls its socket with a
zero-timeout select() and, when it is readable, reads only to see whether the peer hung up
(`if sock in readable and len(sock.recv(1024)) == 0: self.close()`) neither waits for a reply
nor takes one: what it read is dropped. Such a read is no evidence of request/response, and no
end of the message written before it (a log shipper's queue flush, a metrics sender's).

So is a peek of a socket that does not wait (`sock.setblocking(False)`, then `sock.recv(1,
MSG_PEEK)`, thrift's `isOpen()`), unless the walk waited on select() first: then the read takes
what arrived (waits_for_events).
"""
from __future__ import annotations

import ast

from nagle_lint.flow.events import calls_in
from nagle_lint.flow.summaries import iter_statements
from nagle_lint.streams import catalog as C
from nagle_lint.streams.names import dotted
from nagle_lint.syntax import DEFINITIONS, args_of

_EMPTY = (b"", "")
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_EVENT_WAITS = frozenset({"select", "poll", "epoll", "kqueue", "wait", "control"})


def probe_reads(func: ast.AST) -> frozenset[int]:
    """ids of the read calls in func's own body that are liveness probes: tested for being empty
    and for nothing else, under a test that the socket is in the readable list of a zero-timeout
    select() (in the same `and`, or in an `if` around it)."""
    polled = _polled_lists(func.body)
    if not polled:
        return frozenset()
    found: set[int] = set()
    for stmt in iter_statements(func.body):
        if type(stmt) is ast.If:
            found.update(_probes_in(stmt.test, polled))
            if _is_polled(stmt.test, polled):
                for inner in stmt.body:  # `if sock in readable:` then `if not sock.recv(1):`
                    if type(inner) is ast.If:
                        found.update(_probed(inner.test))
        elif type(stmt) is ast.While:
            found.update(_probes_in(stmt.test, polled))
    return frozenset(found)


def _polled_lists(body: list) -> frozenset[str]:
    """Names bound to the readable list of `select.select(r, w, x, 0)` (`readable, writable, _ =
    ...`, or `readable = select.select(...)[0]`)."""
    names = set()
    for stmt in iter_statements(body):
        if type(stmt) is not ast.Assign or len(stmt.targets) != 1:
            continue
        target, value = stmt.targets[0], stmt.value
        if type(target) is ast.Tuple and target.elts and type(target.elts[0]) is ast.Name and _zero_select(value):
            names.add(target.elts[0].id)
        elif type(target) is ast.Name and type(value) is ast.Subscript and _zero_select(value.value) \
                and type(value.slice) is ast.Constant and value.slice.value == 0:
            names.add(target.id)
    return frozenset(names)


def _zero_select(value) -> bool:
    if type(value) is not ast.Call or (dotted(value.func) or "").rpartition(".")[2] != "select":
        return False
    timeout = value.args[3] if len(value.args) >= 4 else \
        next((k.value for k in value.keywords if k.arg == "timeout"), None)
    return type(timeout) is ast.Constant and type(timeout.value) in (int, float) and timeout.value == 0


def _is_polled(test, polled: frozenset[str]) -> bool:
    """`sock in readable` for a readable list of a zero-timeout select."""
    return type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) is ast.In \
        and type(test.comparators[0]) is ast.Name and test.comparators[0].id in polled


def _probes_in(test, polled: frozenset[str]) -> list[int]:
    """`sock in readable and len(sock.recv(n)) == 0`: the probes of an `and` that polls first."""
    if type(test) is not ast.BoolOp or type(test.op) is not ast.And:
        return []
    found = []
    for at, value in enumerate(test.values):
        if any(_is_polled(before, polled) for before in test.values[:at]):
            found.extend(_probed(value))
    return found


def _probed(test) -> list[int]:
    """The read a test only checks for being empty: `len(r) == 0`, `len(r) < 1`, `not r`,
    `r == b""` (either side), where r is a socket read."""
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        return _read(test.operand)
    if type(test) is not ast.Compare or len(test.ops) != 1:
        return []
    left, op, right = test.left, type(test.ops[0]), test.comparators[0]
    for one, other in ((left, right), (right, left)):
        if type(other) is not ast.Constant:
            continue
        if op in (ast.Eq, ast.Is) and other.value in _EMPTY:
            return _read(one)
        if type(one) is ast.Call and dotted(one.func) == "len" and len(one.args) == 1:
            empty = (op is ast.Eq and other.value == 0) or \
                (op is ast.Lt and one is left and other.value == 1) or (op is ast.Gt and one is right and other.value == 1)
            if empty:
                return _read(one.args[0])
    return []


def _read(expr) -> list[int]:
    if type(expr) is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr in C.SOCKET_READS:
        return [id(expr)]
    return []


def nonblocking_probes(func: ast.AST) -> frozenset[int]:
    """ids of the reads of func's own body, outside its loops, that peek (`MSG_PEEK`) or take one
    byte of a socket that does not wait there: `MSG_DONTWAIT`, or put in non-blocking mode before
    them (`setblocking(False)`, `settimeout(0)`, `fcntl(s, F_SETFL, O_NONBLOCK)`). (A larger
    non-blocking read, which a framework's idle loop polls, takes the next request.)"""
    made: list[tuple[tuple[int, int], str]] = []  # (position, receiver) of each switch to non-blocking
    peeks: list[tuple[ast.Call, set]] = []  # (read, its flags)

    def visit(node, in_loop: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (*DEFINITIONS, ast.Lambda)):
                continue
            if type(child) is ast.Call:
                receiver = _made_non_blocking(child)
                if receiver is not None:
                    made.append(((child.lineno, child.col_offset), receiver))
                elif not in_loop and _peek_flags(child) is not None:
                    peeks.append((child, _peek_flags(child)))
            visit(child, in_loop or type(child) in _LOOPS)

    visit(func, False)
    return frozenset(id(read) for read, flags in peeks if "MSG_DONTWAIT" in flags or any(
        receiver == dotted(read.func.value) and at < (read.lineno, read.col_offset) for at, receiver in made))


def waits_for_events(func: ast.AST) -> bool:
    """Does func's own body wait on select.select(), a poll object or a selector?"""
    return any((dotted(call.func) or "").rpartition(".")[2] in _EVENT_WAITS for call in calls_in(func.body))


def _peek_flags(call: ast.Call) -> set | None:
    """The flag names of a socket read that peeks or takes one byte (`recv(1)`, `recv(n,
    MSG_PEEK)`); None for any other call."""
    if type(call.func) is not ast.Attribute or call.func.attr not in C.SOCKET_READS:
        return None
    args = args_of(call)
    flags = {(dotted(n) or "").rpartition(".")[2] for a in args[1:] if a.keyword in (None, "flags")
             for n in ast.walk(a.value)}
    size = args[0].value if args else None
    return flags if "MSG_PEEK" in flags or type(size) is ast.Constant and size.value == 1 else None


def _made_non_blocking(call: ast.Call) -> str | None:
    """`s` of `s.setblocking(False)`, `s.settimeout(0)` or `fcntl.fcntl(s, F_SETFL, ...
    O_NONBLOCK)`."""
    func, args = call.func, call.args
    if type(func) is not ast.Attribute:
        return None
    if func.attr in ("setblocking", "settimeout") and len(args) == 1:
        return dotted(func.value) if type(args[0]) is ast.Constant and args[0].value in (False, 0) else None
    if func.attr == "fcntl" and len(args) == 3 \
            and any((dotted(n) or "").endswith("O_NONBLOCK") for n in ast.walk(args[2])):
        return dotted(args[0])
    return None
