"""Replies handed over a queue: a reader thread reads the connection and puts what it read on a
queue attribute (`self.replies.put(self.sock.recv(1024))`); the method that wrote the request
waits on that queue (`self.replies.get(timeout=5)`). That wait is the read of the reply: the
writes before it are one request, and those after it the next.

A queue is fed by a connection when a method of the class puts on it and reads the connection,
itself or through the class's own methods it calls, or gets from a queue the connection feeds
(a decoder thread between the two: `msg_queue` -> `parse()` -> `reply_queue`).
"""
from __future__ import annotations

import ast
from collections.abc import Callable

from nagle_lint.flow.events import calls_in
from nagle_lint.flow.summaries import ClassInfo, FunctionInfo, ModuleIndex
from nagle_lint.streams import catalog as C
from nagle_lint.streams.infer import Activation, Conn

GETS = frozenset({"get", "get_nowait"})
PUTS = frozenset({"put", "put_nowait"})
READS = C.SOCKET_READS | C.FILE_READS | C.ASYNC_READS | C.TELNET_READS | C.IOSTREAM_READS | C.MP_READS
ReadOf = Callable[[ast.Call, Activation], "Conn | None"]
_ROUNDS = 8  # queue-to-queue hops followed


def _own_attribute(expr) -> str | None:
    """`self.name` -> "name"."""
    if type(expr) is ast.Attribute and type(expr.value) is ast.Name and expr.value.id == "self":
        return expr.attr
    return None


def fed_queues(index: ModuleIndex, cls: ClassInfo, read_of: ReadOf) -> dict[str, Conn]:
    """The queue attributes of an instance of cls that a connection it reads feeds. read_of: the
    connection a call reads, in an activation (None for any other call)."""
    methods: dict[str, FunctionInfo] = {}
    for klass in reversed(index.class_chain(cls)):  # (nearest last: an override wins)
        methods.update(klass.methods)
    reads: dict[str, list[Conn]] = {}
    puts: dict[str, set[str]] = {}
    relays: dict[str, set[str]] = {}  # queues a method puts what its caller hands it on
    gets: dict[str, set[str]] = {}
    calls: dict[str, set[str]] = {}
    for name, method in methods.items():
        reads[name], puts[name], relays[name], gets[name], calls[name] = [], set(), set(), set(), set()
        act = Activation(method, cls=cls)
        for call in calls_in(method.node.body):
            func = call.func
            if type(func) is not ast.Attribute:
                continue
            held = _own_attribute(func.value)
            if func.attr in PUTS and held is not None and call.args and type(call.args[0]) is not ast.Constant \
                    and not _taken_from_a_queue(call.args[0], method):
                # (not a sentinel, `self.ouq.put(None)` to stop a writer thread, nor an item put
                # back where it was taken from, `item = self.queue.get()` ... `self.queue.put(item)`)
                puts[name].add(held)
                if type(call.args[0]) is ast.Name and call.args[0].id in method.params:
                    relays[name].add(held)  # (`def _handle(self, msg): self.replies.put(msg)`)
            elif func.attr in GETS and held is not None:
                gets[name].add(held)
            elif type(func.value) is ast.Name and func.value.id == "self" and func.attr in methods:
                calls[name].add(func.attr)
            conn = read_of(call, act)
            if conn is not None:
                reads[name].append(conn)
    # what each method reads, with the class's own methods it calls, and the queues it fills
    # through them with what it hands them (a request a method puts of its own making, on a queue
    # a writer thread drains, is no reply: `self._end_idle()` putting `DONE` on the output queue)
    for _ in range(_ROUNDS):
        if not _spread(calls, reads, relays):
            break
    for name in methods:
        puts[name] |= relays[name]
    fed: dict[str, Conn] = {}
    for _ in range(_ROUNDS):
        changed = False
        for name in methods:
            conns = reads[name] + [fed[held] for held in gets[name] if held in fed]
            for held in puts[name]:
                if conns and held not in fed:
                    fed[held] = conns[0]
                    changed = True
            # (a method that gets from a fed queue reads that connection, for its callers too)
            for conn in conns:
                if conn not in reads[name]:
                    reads[name].append(conn)
                    changed = True
        if not _spread(calls, reads) and not changed:
            break
    return fed


def _taken_from_a_queue(value, method: FunctionInfo) -> bool:
    """A name the method binds only to what it gets from a queue."""
    bindings = method.bindings.get(value.id, ()) if type(value) is ast.Name else ()
    return bool(bindings) and all(type(b.value) is ast.Call and type(b.value.func) is ast.Attribute
                                  and b.value.func.attr in GETS and b.index is None for b in bindings)


def _spread(calls: dict, reads: dict, puts: dict | None = None) -> bool:
    """Give each method what the methods it calls read (and relay); True when any of it grew."""
    changed = False
    for name, callees in calls.items():
        for callee in callees:
            for conn in reads[callee]:
                if conn not in reads[name]:
                    reads[name].append(conn)
                    changed = True
            if puts is not None and not puts[callee] <= puts[name]:
                puts[name] |= puts[callee]
                changed = True
    return changed
