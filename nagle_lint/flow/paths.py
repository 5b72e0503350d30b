"""Walks each function's statements in order, keeping per connection what was written since the
last read, across if/else, loops (body seen twice), try, with, return, break and continue, and
inlining calls to this module's helpers so `self._send_head(); self._send_body(); self._recv()`
is seen as the three events it is.

The abstract state maps a connection to the set of possible "chains": the wire writes since the
last read (first piece, first held piece, count), whether a buffered writer holds unflushed data,
and whether TCP_CORK is set. A read that follows a chain of two or more writes is a split.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import ast
import builtins
import socket as _socket
import sys

from nagle_lint.flow import console, flags, handoff, pauses, people, probes, queues
from nagle_lint.flow.events import LARGE_PIECE, calls_in, fast_children, large_guard
from nagle_lint.flow.summaries import (EACH, ClassInfo, FunctionInfo, ModuleIndex, child_blocks, column_index, contains,
                                      index_column, iter_statements, param_position, positional_params)
from nagle_lint.project.modules import importer_files, parsed
from nagle_lint.streams import catalog as C, channels, twisted
from nagle_lint.streams.infer import (SOFT, Activation, Conn, Instance, Resolver, Stream, class_level, container_of,
                                     entered_by_with, is_connection, merge, return_statements, returns_but_none,
                                     returns_new, unbound_on_self, yields_once)
from nagle_lint.streams.names import ImportMap, constant, dotted, literal_size, picked_method, shown
from nagle_lint.syntax import (DEFINITIONS, FOR_LOOPS, MATCH, TRIES, WITHS, argument, args_of, branches, default_of,
                              is_const, is_int, is_str, is_stub, params_of, positional)

# calls that make a connection or a stream out of another, or close it at the end of a `with`
_MAKERS = frozenset({"accept", "sock_accept", "wrap_socket", "makefile", "closing", "dup", "detach", "fromfd"})

MAX_INLINE_DEPTH = 10
PAUSE = 0.05  # seconds of sleep after which a written piece has been ACKed (Linux: 40 ms at most)
MAX_CHAINS = 24
MAX_SUBCLASS_WALKS = 8  # subclasses an inherited method is walked for, beyond its own class
STEP_BUDGET = 300_000  # statements visited per module, inlining included; then stop inlining

_READS = C.SOCKET_READS | C.FILE_READS | C.ASYNC_READS | C.TELNET_READS | C.IOSTREAM_READS | C.MP_READS
STREAM_METHODS = (C.SOCKET_WRITES | C.SOCKET_READS | C.FILE_WRITES | C.FILE_READS | C.ASYNC_READS | C.TELNET_READS
                  | C.MP_WRITES | C.MP_READS | C.TLS_SOCKET_IO | C.CLOSES | C.HTTP_HEADER_WRITES | C.HTTP_CLOSING
                  | {"flush", "setsockopt", "set_nodelay", "setTcpNoDelay", "sock_sendall", "sock_recv",
                     "sock_recv_into", "send_header", "do_handshake"} | C.IOSTREAM_READS)
_BEYOND_CLOSING = STREAM_METHODS - {"close", "shutdown"}
_READ_WRITE = ("buffered-rw", "raw-rw")  # makefile("rwb") roles: buffered, or each write() a send()


# waits for another thread or task: an Event's, a Condition's, a Barrier's, asyncio.wait_for
_WAITS = frozenset({"wait", "wait_for"})
_CLOCKS = frozenset({"time.time", "time.monotonic", "time.perf_counter"})
_SEMAPHORES = frozenset(f"{module}.{kind}" for module in ("threading", "dummy_threading", "asyncio")
                        for kind in ("Semaphore", "BoundedSemaphore"))
# a socket's methods that neither send nor wait: on a channel (streams/channels.py) too
_LOCAL_SOCKET_CALLS = frozenset({"makefile", "settimeout", "setblocking", "gettimeout", "fileno", "getpeername",
                                 "getsockname"})


_BUILTIN_NAMES = frozenset(dir(builtins))
# functions that keep or wrap a file handed to them, reading nothing yet
_KEEPS_A_FILE = frozenset({"closing", "nullcontext", "ref", "proxy", "finalize", "partial", "deepcopy", "copy"})

_STANDARD_INPUT = ("sys.stdin", "sys.__stdin__")
# the low-level thread start: `_thread.start_new_thread(serve, (conn, addr))` (Python 2's `thread`)
_THREAD_STARTS = frozenset({"_thread.start_new_thread", "_thread.start_new", "thread.start_new_thread"})
_SPAWNS = frozenset({"submit", "start_new_thread", "start_new", "create_task", "ensure_future"}) | C.LOOP_CALLBACKS
# what runs a coroutine as a task of its own: `asyncio.create_task(relay(a, b))`
_TASK_STARTS = frozenset({"create_task", "ensure_future"})
# what runs a callable in a worker thread and hands its result to the awaiting caller
_THREAD_RUNNERS = frozenset({"to_thread", "run_in_executor", "run_sync"})
_THREAD_RUNNER_NAMES = frozenset({"asyncio.to_thread", "asyncio.threads.to_thread", "anyio.to_thread.run_sync",
                                  "trio.to_thread.run_sync"})


class Cancelled(Exception):
    """The caller no longer wants this analysis (the language server: the buffer changed)."""


@dataclass(frozen=True, eq=False)
class BoundMethod:
    """`sock.sendall` as a value: stored in an attribute or passed to a helper."""

    stream: Stream
    method: str


@dataclass(frozen=True, eq=False)
class MethodRecord:
    """An object of ours built to hold a stream's bound methods, `_Writer(sock.send)` whose
    constructor keeps them (`self.send = send`): attribute -> the method, so that a helper
    handed it writes the stream with `writer.send(data)`."""

    methods: tuple  # ((attribute, BoundMethod), ...)

    def get(self, attr: str) -> "BoundMethod | None":
        return next((method for name, method in self.methods if name == attr), None)


class WriteEvent:
    """One call that puts bytes on the wire (or into a buffer that a flush will send)."""

    __slots__ = ("node", "stream", "size", "large", "loops", "func", "sites", "rank")

    def __init__(self, node, stream, size, large, loops, func, sites=(), rank=()):
        self.node, self.stream, self.size, self.large, self.loops, self.func = node, stream, size, large, loops, func
        self.sites = sites  # the helper calls that led here from the analysed function, outermost first
        self.rank = rank  # source order of the call, its loops and sites: a stable sort key

    def same_write(self, other: "WriteEvent") -> bool:
        return self.node is other.node and self.sites == other.sites

    def located(self, other: "WriteEvent"):
        """Where to show this write next to another piece: the write itself, or, when both go
        through the same helper's write (or its two arms that send the same buffer, `if
        micro: n += s.write(b[n:]) else: n += s.send(b[n:])`), the call site where the two
        pieces part."""
        if self.node is not other.node and not (self.func is other.func and self.func is not None
                                                and _same_rest_sent(self.node, other.node, self.func.node)):
            return self.node
        for mine, theirs in zip(self.sites, other.sites):
            if mine is not theirs:
                # (a call the analysis made for library code, a console's sys.stdout.write(),
                # has no line of the project: the write itself is shown)
                return mine if getattr(mine, "lineno", None) is not None else self.node
        return self.node


def _innermost_loop(func_node, node, kinds: tuple):
    """The innermost loop statement of the given kinds around node in a function, or None."""
    loops = [n for n in ast.walk(func_node) if type(n) in kinds and contains(n, node)]
    return min(loops, key=lambda n: (n.end_lineno or 0) - n.lineno, default=None)


def _target_loop(func_node, name: ast.Name):
    """The innermost `for` around a use of a name that binds it as its target, when nothing in
    that loop's body binds it again (the use reads the element of this turn); else None."""
    loop = _innermost_loop(func_node, name, FOR_LOOPS)
    if loop is None or type(loop.target) is not ast.Name or loop.target.id != name.id:
        return None
    stored = any(type(n) is ast.Name and n.id == name.id and type(n.ctx) is not ast.Load
                 for stmt in loop.body for n in ast.walk(stmt))
    return None if stored else loop


def _same_rest_sent(call, other, func_node) -> bool:
    """Do two writes of one receiver send the rest of the same buffer (`sock.send(b[n:])`) in
    two arms of one partial-send loop (the innermost loop around each is the same)?"""
    if type(call) is not ast.Call or type(other) is not ast.Call or type(call.func) is not ast.Attribute \
            or type(other.func) is not ast.Attribute or len(call.args) != 1 or len(other.args) != 1 \
            or type(call.args[0]) is not ast.Subscript or type(call.args[0].slice) is not ast.Slice \
            or dotted(call.func.value) != dotted(other.func.value) or dotted(call.func.value) is None \
            or ast.dump(call.args[0]) != ast.dump(other.args[0]):
        return False
    innermost = _innermost_loop(func_node, call, (ast.While, *FOR_LOOPS))
    return innermost is not None and contains(innermost, other) \
        and not any(contains(n, other) and not contains(n, call) for n in ast.walk(innermost)
                    if type(n) in (ast.While, *FOR_LOOPS) and n is not innermost)


@dataclass
class Split:
    conn: Conn
    first: WriteEvent
    second: WriteEvent
    read: ast.AST
    read_label: str  # "read" or "next request"
    count: int
    read_loops: tuple = ()
    repeats: bool = True  # another exchange can follow on this connection (else one-shot: no stall)
    # the stall comes back on this connection: a loop repeats the exchange, or a server answers
    # request after request (not merely one request after a handshake)
    recurs: bool = True
    # the held piece is written on a later turn of a loop than the first piece (one write per
    # turn, through helpers): a write loop, whatever the pieces' lines
    across: bool = False
    # only a piece after a write loop is held (the chunked terminator): a path that holds the same
    # piece directly names the first piece instead
    after_loop: bool = False
    # written on a wire API's connection parameter typed by use (infer.Instance): the connection
    # is what the API's reader is given, not what this writer is (medium confidence, said so)
    by_use: object = None


@dataclass(eq=False)
class SetOpt:
    conn: Conn
    stream: Stream
    node: ast.Call
    level: int | None
    option: int | None
    value: int | None
    value_expr: ast.expr | None
    loops: tuple  # ids of the loops around it, innermost last
    func: FunctionInfo | None
    value_from: str = ""  # the attribute whose every value (a constructor default) the value is


@dataclass
class Read:
    conn: Conn
    node: ast.AST
    loops: tuple


@dataclass(frozen=True)
class FrameworkRead:
    """A read done by a library base class, not by a line of the project (`getresponse()`)."""
    where: str  # how a message names it: "by http.client's getresponse()"


HTTP_CLIENT_READ = FrameworkRead("by http.client's getresponse()")
HTTPCORE_READ = FrameworkRead("by httpcore's HTTP connection")
SSH_TRANSPORT_READ = FrameworkRead("by paramiko's Transport, which serves the SSH session on it and sends each "
                                   "packet with a write of its own")
SSH_CLIENT_TRANSPORT_READ = FrameworkRead("by paramiko's Transport, which runs the SSH session on it and sends each "
                                          "packet with a write of its own")
SMTPD_SESSION_READ = FrameworkRead("by smtpd's SMTPChannel, which serves each accepted connection as an SMTP session "
                                   "and answers EHLO with one push() per line")
INHERITED_FILE_SERVER_READ = FrameworkRead(
    "by http.server after the inherited `SimpleHTTPRequestHandler.do_GET()`, which writes each file's headers "
    "and body apart")


@dataclass
class FlowResult:
    splits: dict = field(default_factory=dict)  # (id(conn), id(second.node), id(read)) -> Split
    exchanges: dict = field(default_factory=dict)  # Conn -> first read node after a write
    setopts: dict = field(default_factory=dict)  # id(node) -> SetOpt
    # setsockopt() calls on a value no one here makes (a callback's `sock`, `client.socket()`):
    # id(call) -> (call, level, option, value), judged by rules that need no connection
    loose_setopts: dict = field(default_factory=dict)
    reads: dict = field(default_factory=dict)  # (id(conn), id(node)) -> Read
    corks_held: dict = field(default_factory=dict)  # id(setopt node) -> (SetOpt, read node)
    names: dict = field(default_factory=dict)  # Conn -> (name the code writes it by, role), for messages
    kept_writes: dict = field(default_factory=dict)  # Conn -> first write on it past its first exchange
    kept_reads: dict = field(default_factory=dict)  # Conn -> first read on it past its first exchange
    bracketed: set = field(default_factory=set)  # connections made and closed within one call
    # ids of the calls the analysis made for worker jobs (`executor.submit(f, ...)`): a piece a job
    # writes goes out after the job's work, never joinable with what its caller wrote
    job_calls: set = field(default_factory=set)
    made_as: dict = field(default_factory=dict)  # Conn -> the name its creation is assigned to
    relays: dict = field(default_factory=dict)  # Conn -> (write, name of the connection it passes on)
    loop_nodes: dict = field(default_factory=dict)  # id(loop statement) -> the statement (events keep ids)
    # (id(loop statement), id(write)) of each partial-send or retry loop around a write: its turns
    # send one buffer, so it is not the loop a write loop is shown at
    retry_loops: set = field(default_factory=set)


# A chain: first piece, first held piece, count, dirty buffer, cork setopt, a flag, warm, and the
# path's known instance flags. With
# no write yet the flag says "a read just happened"; once written, it says "another path read here"
# (the writes may not be one message after all: a helper that reads on most paths).
# Warm: an exchange already happened on this connection (or its history is unknown: an attribute,
# a parameter). The first data of a fresh connection is ACKed at once (quick-ACK at start), so a
# client split stalls only on a warm connection: a one-shot connection cannot stall.
# Instance flags (nagle_lint.flow.flags): frozenset of ((class id, "self.x", aspect), bool) this
# path knows, where some `if` tests self.x: `if not self.headers_sent:` after a write that set it
# is not taken (the chain remembers which way, so joined paths keep their own).
EMPTY = (None, None, 0, False, None, False, True, frozenset(), None)
COLD = (None, None, 0, False, None, False, False, frozenset(), None)  # a connection just made in the walked code
# the warm slot of a handler connection whose response said `Connection: close` (or is an
# error page): the server closes it after this response, so no next request waits
CLOSING = "closing"
# a connection closed on this path: like a cold one (nothing pending, no exchange to repeat),
# told apart so that a call that makes and closes its connection is known to
CLOSED = (None, None, 0, False, None, False, "", frozenset(), None)
# the state's entry for the path itself, once a flag is known: what a connection first touched
# later starts from (EMPTY, with the flags of each path)
PATH = "path"


def _restarted(chains, base) -> frozenset:
    """A connection's chains made new (COLD) or ended (CLOSED) on a path, each keeping the
    instance flags its path knows."""
    return frozenset(base[:7] + (c[7], None) for c in chains)


@dataclass
class _Loop:
    node: ast.stmt
    key: int  # this loop as walked here: one helper's loop called from two places is two loops
    breaks: list = field(default_factory=list)
    continues: list = field(default_factory=list)
    later: bool = False  # walking a turn after the first


@dataclass
class _Frame:
    act: Activation
    loops: list = field(default_factory=list)
    large: set = field(default_factory=set)
    returns: list = field(default_factory=list)
    outer_loops: tuple = ()  # loops of the callers, for events inside inlined helpers
    sites: tuple = ()  # helper calls from the root function down to this frame
    conds: list = field(default_factory=list)  # tests of the enclosing `if`s, innermost last
    outer_conds: tuple = ()  # (test, function) of the callers' enclosing `if`s, innermost last
    # a @contextmanager's body: its `yield` is where the `with` body runs, so the walk of the
    # call ends there (what follows it, a close or a commit, is not walked)
    until_yield: bool = False
    finals: list = field(default_factory=list)  # the `finally:` bodies a return here runs, innermost last


@dataclass(eq=False)
class _OpenWalk:
    began: int  # journal index at its start
    base: int  # stack depth at its call
    depth: int = 0  # deepest stack a call inside it was checked at
    tainted: bool = False
    funcs: set = field(default_factory=set)  # ids of the functions walked inside it

    def __post_init__(self):
        self.depth = self.base


@dataclass(frozen=True, eq=False)
class _Replay:
    out: object  # exit state, events named for the kept walk's call sites
    sites: tuple
    began: int  # its journal entries: [began, ended)
    ended: int
    steps: int
    touches: int
    funcs: frozenset
    depth: int  # how much deeper than its call the stack went inside it
    outer: tuple = ()  # the loops around its call, renamed to the loops around another call
    unwritten: bool = False  # no write or flush in it: the same walk on a later turn of a loop


def _event_key(call, loops: tuple, sites: tuple, later: bool | None) -> tuple:
    """Walker._write_events key of a write (later: made on a later turn of a loop) or of a flush
    (later None)."""
    key = (id(call), loops, tuple(id(site) for site in sites))
    return key if later is None else key + (later,)


def _renamed(chain, events: dict):
    first, second, tail = chain[0], chain[1], chain[8]
    if all(piece is None or id(piece) not in events for piece in (first, second, tail)):
        return chain
    first, second, tail = (events.get(id(piece), piece) if piece is not None else None for piece in (first, second, tail))
    return (first, second) + chain[2:8] + (tail,)


def chain_key(chain) -> tuple:
    """A total order on chains that does not depend on object ids or set order."""
    first, second, count, dirty, cork, flag, warm, facts, tail = chain
    return (first.rank if first else (), second.rank if second else (), count, dirty,
            cork.node is not None if cork is not None else False, flag, str(warm), sorted(map(str, facts)),
            tail.rank if tail else ())


def _unvalued(chain) -> tuple:
    """The chain without the facts comparisons with constants taught (flags.VALUE)."""
    facts = chain[7]
    if not any(type(fact[0][2]) is tuple for fact in facts):
        return chain
    return chain[:7] + (frozenset(fact for fact in facts if type(fact[0][2]) is not tuple),) + chain[8:]


def _read_anew(reads: list, before) -> bool:
    """Is one of the chains a path's read made, not one the paths started from? (The same chain
    knowing what a comparison taught of a value is the same chain: no new read.)"""
    started = {_unvalued(chain) for chain in before}
    return any(_unvalued(chain) not in started for chain in reads)


def join(*states, base=None):
    """Union of the possible chains, per connection; None is an unreachable path. base: the
    state the paths started from (a chain already there is no read made on one of them)."""
    live = [s for s in states if s is not None]
    if not live:
        return None
    if len(live) == 1:
        return live[0]
    conns = set()
    for state in live:
        conns.update(state)
    merged = {}
    for conn in conns:
        chains = set()
        for state in live:
            chains |= state.get(conn) or state.get(PATH) or {EMPTY}
        before = (base.get(conn) or base.get(PATH) or frozenset({EMPTY})) if base is not None else ()
        reads = [c for c in chains if c[2] == 0 and c[5]]
        if reads and _read_anew(reads, before):
            # a path that read: a lone pending write elsewhere may not start one message with
            # what follows (complete splits of 2+ writes stand on their own path)
            chains = {c[:5] + (True,) + c[6:] if c[2] == 1 else c for c in chains}
        if len(chains) > 1:
            chains = _merge_tails(_merge_facts(chains))
        if len(chains) > MAX_CHAINS:  # keep the informative ones: longest chains first
            chains = set(sorted(chains, key=lambda c: (-c[2], chain_key(c)))[:MAX_CHAINS])
        merged[conn] = frozenset(chains)
    return merged


class Walker:
    def __init__(self, index: ModuleIndex, imports: ImportMap, resolver: Resolver, cancelled=None) -> None:
        self.index, self.imports, self.resolver = index, imports, resolver
        self.cancelled = cancelled  # asked before each root and every 256 statements: Cancelled when true
        self.result = FlowResult()
        self.steps = 0
        self.stack: list[FunctionInfo] = []
        self._interesting: dict = {}  # per function or node: what the walk asks again and again
        self._write_events: dict = {}
        self._calls: dict[int, list] = {}
        self._consts: dict[int, dict] = {}
        # exact key -> (exit state, journal index its walk began at, index it ended at, (ids of the
        # functions walked inside it, how much deeper the stack went): None when it cannot be
        # replayed elsewhere)
        self._inlined: dict = {}
        # A helper's walk that depends on nothing but its key (no connection made or closed, no
        # option set, nothing cut off) is replayed at another call site instead of walked again:
        # its events and loops are renamed to the new call sites. The journal records, in order,
        # what such a replay must redo; _open_walks holds the walks in progress (for taint).
        self._replays: dict = {}
        self._journal: list = []
        self._open_walks: list[_OpenWalk] = []
        self._retries: dict = {}
        self._related: set | None = None
        self._later_turns = 0  # how many enclosing loops are on their second (later) turn
        self._pending: dict = {}  # Conn -> chains of 2+ writes left unread when a root returned
        self._readers: dict = {}  # Conn -> {id(function): (function, its first read walked)} of its readers
        self._read_in: dict = {}  # id(read node) -> the function it was walked in
        self._read_short_of_eof: set = set()  # connections some read of which stops before EOF
        # connections of a selectors loop's handlers: one that some handler closes on every path
        # / ... that some handler leaves open after writing to it
        self._event_closed: set = set()
        self._event_left_open: set = set()
        self._eof_headers: set = set()  # ids of the reads of `while chunk := sock.recv(n):` headers
        self._pending_by_use: dict = {}  # (Conn, chain) -> the Instance a root's parameter was typed by use
        self._pending_from: dict = {}  # (Conn, chain) -> the root function that left it unread
        self._by_use = None  # ... of the root being walked
        # the root being walked is a private method the class's own methods call: they walk it
        # with the connection's real history (made just before, or used before), which its own
        # walk cannot know
        self._walked_by_callers = False
        # the names of the functions that spin on the clock, and id(function) -> the parameter
        self._spinners: tuple | None = None
        self._frames: list = []  # the frames being walked, innermost last
        # method name -> (the classes of the methods that call it on self, its references)
        self._self_calls: dict | None = None
        self._loop_keys: dict = {}  # (loop, call sites) -> key of a loop in an inlined helper
        self._flags: frozenset | None = None  # the instance flags paths keep (_tested_flags)
        self._touches = 0  # stream events seen so far (writes, reads, flushes, closes, options, creations)
        self._turn_pending: list[set] = []  # per loop on its second turn: ids of the first pieces pending as it began
        self._across: set = set()  # (id(first piece), id(held piece)) written on different turns of a loop
        # inside a branch a literal argument rules out (`if nodelay:` with nodelay=False): walked
        # only to learn which TCP_NODELAY the caller's literal skips (Conn.nodelay_gates)
        self._ruled_out = 0
        self._true_setter_call: bool | None = None  # does the module call set_nodelay(<true>) anywhere?
        self._wraps_tls: bool | None = None  # does the module call wrap_socket() anywhere?
        self._made_here: set = set()  # connections made, and closed, in the current root walk
        self._first_exchanges: dict = {}  # made in the current root walk -> the read of its first exchange
        self._lent_out: set = set()  # made in the current root walk, then waited on while others used it
        # functions whose walk met a wait for a person -> ids of their calls made after it (people.py)
        self._paced_calls: dict = {}
        self._closed_here: set = set()
        self._closed_each_turn: set = set()  # made in a loop's turn and closed by the next one's
        self._made_always: set = set()  # made outside any `if` of the root walk (and its callers')
        self._served_by_library: list = []  # (accepted connection, the library's read) for paramiko's Transport
        self._instances: dict = {}  # ids of classes -> the Instance a wrapper argument of theirs is
        # connections -> is every exchange seen on them one of a fixed sequence (no loop repeats
        # it, one piece each) in the call that made them and keeps them to itself (_stays_local)
        self._fixed_exchanges: dict = {}

    def _stop_if_cancelled(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise Cancelled

    # -- roots ------------------------------------------------------------------------------
    def run(self, module_root: FunctionInfo) -> FlowResult:
        # (a wire API's connection parameters, typed from the project's calls, whose callers are
        # walked too: they make the connection and decide its TCP_NODELAY)
        api = {id(f): self.resolver.api_params(f) for f in self.index.functions if not self.index.is_foreign(f)}
        self.resolver.holder_builders()
        for conn, protocol in self.resolver.protocol_servers:
            # asyncio reads each request and hands it to data_received(): what that leaves
            # unread on the transport is one response
            read = FrameworkRead(f"by the event loop, which hands it to `{protocol.name}.data_received()`")
            self.result.exchanges.setdefault(conn, read)
            self.result.kept_reads.setdefault(conn, read)
        self._stop_if_cancelled()
        roots = [module_root] + [f for f in self.index.functions
                                 if self._is_root(f) and not self._inert(f) and not self._never_called(f)]
        for func in roots:
            self._stop_if_cancelled()
            params = {**self.resolver.callback_params.get(id(func), {}), **api.get(id(func), {})}
            # an inherited method also runs for each subclass, with that subclass's attributes
            # and overrides (`connect()` made in the subclass, `send()` written in the base)
            # (a server callback's connection is accepted for this call: nothing sent on it yet)
            fresh = {stream.conn: frozenset({COLD}) for stream in params.values() if isinstance(stream, Stream)
                     and id(func) not in self.resolver.event_callbacks}
            if func.name == "handle_connect" and func.is_method \
                    and (dispatcher := self.resolver.dispatcher_stream(func.cls)) is not None:
                fresh[dispatcher.conn] = frozenset({COLD})  # asyncore calls it once connected: first data
            self._by_use = next((p for p in params.values() if isinstance(p, Instance) and p.by_use), None)
            self._walked_by_callers = not params and self._called_on_self_only(func)
            wrapped = self.index.wrapper_of(func) if not params else None
            for cls in [None, *self._overriding(func)]:
                act = Activation(func, dict(params), cls=cls, literals=self._sentinel_defaults(func))
                self.stack = [func]
                if wrapped is not None:  # (walked inside the wrapper its decorator runs it in)
                    act = Activation(wrapped[0], cls=cls or func.cls, wrapped={wrapped[1]: func})
                    self.stack = [wrapped[0]]
                self._made_here, self._closed_here, self._first_exchanges, self._lent_out = set(), set(), {}, set()
                self._closed_each_turn, self._made_always = set(), set()
                out = self.function(act, dict(fresh), ())
                for conn, read in self._first_exchanges.items():
                    if out is not None and not _is_closed(out.get(conn)) and self._handed_on(func, conn):
                        self.result.exchanges.setdefault(conn, read)  # (a handshake, then the caller's requests)
                if cls is None:
                    self._handler_exit(func, out)
                    if out is not None and id(func) in self.resolver.event_callbacks:
                        self._event_exit(func, out)
                if out is not None and func is not module_root \
                        and (not _private(func) or id(func) in self.resolver.event_callbacks):
                    # (a private method's unread pieces are judged where a public one calls it,
                    # but an event loop's handler has no caller of ours;
                    # a base's public method leaves its subclass's too, when the subclass's own
                    # methods write them: `send_msg()` calling the TCP subclass's `_send()`,
                    # which writes a size and then the message)
                    self._left_pending(out, func, None if cls is None else self._own_classes(cls, func.cls))
                # made, used and closed on every normal path of one call (`self._open()` ...
                # `self._close()` in each public method): one exchange per connection
                for conn in (self._made_here & self._closed_here) - self._lent_out:
                    # (closed where the path also clears the attribute, `self.sock = None`: only
                    # when this call made it on every path, not `if self.sock is None: connect()`
                    # on a connection other methods keep open)
                    closed = out is not None and (out.get(conn) == frozenset({CLOSED})
                                                  or _is_closed(out.get(conn)) and conn in self._made_always)
                    if closed or conn in self._closed_each_turn:
                        self.result.bracketed.add(conn)
                for conn in self._closed_here - self._made_here:
                    if out is not None and _is_closed(out.get(conn)) and self._answers_once(func, conn):
                        self.result.bracketed.add(conn)
        # a handler a selectors loop calls for each event of a connection, when every read of
        # the connection drains it until the peer shuts its side (`while chunk := conn.recv(n):`),
        # gets one request per connection: no next request waits behind the reply
        # (not one that drains a non-blocking socket, `except BlockingIOError:`: its loop ends
        # when nothing more has arrived, and the loop calls it again for the next request)
        for stream in {id(s.conn): s for func in self.index.functions if id(func) in self.resolver.event_callbacks
                       and not _catches_at_once(func.node)
                       for s in self.resolver.callback_params.get(id(func), {}).values()}.values():
            if stream.conn in self._readers and stream.conn not in self._read_short_of_eof:
                self.result.bracketed.add(stream.conn)
        # ... and one a handler closes after its response (the read handler hands it to a write
        # handler, which answers and closes) while none keeps it open after writing: one request
        self.result.bracketed.update(self._event_closed - self._event_left_open)
        # A kept connection (an attribute, a pool) written in one method and read in another is
        # used for request/response even when no single walk sees the write before the read.
        # (A request handler's connection lives for one handle() call, walked whole from there.)
        # A request handler's connection lives for one handle() call and is walked whole from
        # there; a write it cannot see there (a callback: `framer.process(data, self.execute)`)
        # answers the requests a loop in handle() reads.
        # A method that leaves a message of 2+ pieces unread on a kept connection (`send()`
        # writes the header and the payload and returns): the reply is read by another method.
        for conn, chains in self._pending.items():
            read = self.result.kept_reads.get(conn)
            if read is None or conn in self.result.bracketed:
                continue
            if conn.handler is not None:
                # (a handler that serves its requests by a name it builds, `getattr(self, mname)()`:
                # a response helper of its API nothing here calls, `no_adaptation_required()`,
                # answers a request its loop read; the rest is walked whole from handle())
                looped = [r.node for r in self.result.reads.values() if r.conn is conn and self._serving_loop(r)]
                if not looped or not self._dispatches_by_name(conn.handler):
                    continue
                read = min(looped, key=self.index.source_order)  # (the next request's)
                chains = {chain for chain in chains if self._called_by_name_only(self._pending_from.get((conn, chain)))}
            if isinstance(read, ast.AST) and conn in self._readers:
                later = self._later_reads(conn)
                if not later:
                    continue  # (read only while the object is built: before any method writes)
                owner = self._read_in.get(id(read))
                if owner is not None and self._construction_only(owner):
                    read = min(later, key=self.index.source_order)  # (name a read that can follow)
            for chain in sorted(chains, key=self._chain_order):
                self._split(conn, chain, read, "read", (), True, True, by_use=self._pending_by_use.get((conn, chain)))
        for conn, read in self.result.kept_reads.items():
            if conn in self.result.bracketed:
                continue
            if conn in self.result.kept_writes and (conn.handler is None or self._read_in_loop(conn, read)):
                self.result.exchanges.setdefault(conn, read)
        self._http_connection_exchanges()
        self._file_server_exchanges()
        self._smtpd_exchanges()
        for conn, read in self._served_by_library:  # (a read of the project's own, when seen, is shown instead)
            self.result.exchanges.setdefault(conn, read)
        self._network_backend_exchanges()
        self._served_protocol_exchanges()
        self._merge_repeated_writes()
        # a connection a call makes, keeps to itself and uses for a fixed sequence of exchanges,
        # each request one write made after the previous reply was read (a login, then one
        # command): nothing is in flight when it writes, so Nagle never holds a request
        for conn, fixed in self._fixed_exchanges.items():
            if fixed and conn in self.result.exchanges and not conn.alternatives \
                    and not any(split.conn is conn for split in self.result.splits.values()):
                del self.result.exchanges[conn]
        # a client read only while its object is built (a handshake its constructor runs) does
        # request/response only there, each request written after the previous reply; then it
        # only writes (a remote control's key presses): no exchange waits on a held piece
        for conn in [c for c in self.result.exchanges if c.side == C.CLIENT and c in self._readers
                     and not self._later_reads(c)]:
            del self.result.exchanges[conn]
        # a client whose every read drains the connection until the server closes it (`while
        # chunk: chunk = sock.recv(n)`, `f.read()`) gets one reply per connection: it cannot carry
        # a second exchange
        for conn in [c for c in self.result.exchanges if c.side == C.CLIENT and c in self._readers
                     and c not in self._read_short_of_eof]:
            del self.result.exchanges[conn]
        # a socketserver handler's connection lives for one handle() call: when its one write is
        # in no loop, it answers once (a SOCKS greeting's method choice, then the login is read
        # and the connection closed), and nothing it writes can wait behind an earlier answer
        for conn in [c for c in self.result.exchanges if c.handler is not None and c.side == C.SERVER
                     and c.facts.role != C.HTTP_HANDLER]:
            events = [event for event in self._write_events.values() if event.stream.conn is conn]
            if len(events) == 1 and not events[0].loops:
                del self.result.exchanges[conn]
        # a connection reached through a name that may hold another creation site instead:
        # the exchange and a TCP_NODELAY set through that name are the other's too (also an
        # accepted socket beside a connected one: `self.handle` of a transport that either
        # connects or is given what a server accepted, each exchange serving the next)
        for conn, read in list(self.result.exchanges.items()):
            for other in conn.alternatives:
                if other not in self.result.bracketed:  # (not one made and closed in one call)
                    self.result.exchanges.setdefault(other, read)
                other.nodelay = other.nodelay or conn.nodelay
                other.optional_nodelay = other.optional_nodelay or conn.optional_nodelay
                other.nodelay_setter = other.nodelay_setter or conn.nodelay_setter
                other.replaced_options = other.replaced_options or conn.replaced_options
                other.default_options = other.default_options or conn.default_options
                if conn in self.result.names:
                    self.result.names.setdefault(other, self.result.names[conn])
        return self.result

    def _merge_repeated_writes(self) -> None:
        """One helper write repeated by loops at several call sites (`_flush(sock)` in two chunk
        loops) is one split per loop; but when some call reaches it outside any loop of those (a
        terminator after a packet loop inside the helper), it is one split, not a write loop."""
        groups: dict = {}
        for key, split in self.result.splits.items():
            if len(key) == 4 and key[3]:
                groups.setdefault(key[:3], []).append(key)
        for base, keys in groups.items():
            splits = [self.result.splits[k] for k in keys]
            if len({len(s.second.loops) for s in splits}) == 1:
                continue
            kept = splits[0]
            for other in splits[1:]:
                kept.count = max(kept.count, other.count)
                kept.repeats = kept.repeats or other.repeats
                kept.recurs = kept.recurs or other.recurs
                kept.across = kept.across and other.across
                if len(other.second.loops) < len(kept.second.loops):
                    kept.first, kept.second = other.first, other.second
            for k in keys[1:]:
                del self.result.splits[k]

    def _http_connection_exchanges(self) -> None:
        """An http.client connection class with a connect() of its own: what it puts in
        `self.sock` carries the base's requests and replies, Nagle on unless it sets NODELAY."""
        for cls, connect in self._overrides_of(C.HTTP_CONNECTIONS, "connect"):
            if self._opened_by_urllib_only(cls):
                continue  # (urllib sends `Connection: close` and opens one connection per request)
            self._framework_exchange(self.resolver.lookup("self.sock", Activation(connect, cls=cls)), HTTP_CLIENT_READ)

    def _opened_by_urllib_only(self, cls: ClassInfo) -> bool:
        """Is the connection class handed only to a urllib handler's `do_open()`, itself or
        through the factories that build it (`self.do_open(self.pinned_connection, req)`)?"""
        bodies = [self.index.module.body] + [func.node.body for func in self.index.functions]
        opened = {(dotted(call.args[0]) or "").rpartition(".")[2] for body in bodies for call in self.calls(body)
                  if type(call.func) is ast.Attribute and call.func.attr == "do_open" and call.args}
        if cls.name in opened:
            return True
        built = self.resolver.calls_by_name().get(cls.name, ())
        return bool(built) and all(caller is not None and caller.name in opened for _, caller in built)

    def _file_server_exchanges(self) -> None:
        """A keep-alive handler built on http.server's SimpleHTTPRequestHandler that serves files
        with the stock do_GET() (inherited, or called through super()): it writes each file's
        headers (end_headers()) and body (copyfile()) apart, then the server reads the next
        request on the connection."""
        for cls in {id(c): c for c in self.index.classes.values()}.values():
            if self.index.is_foreign(cls) or not any(self.imports.qualify(base) == C.FILE_SERVER_HANDLER
                                                     for klass in self.index.class_chain(cls) for base in klass.bases):
                continue
            conn = self.resolver.handler_conn(cls)
            if conn is None or conn.facts.role != C.HTTP_HANDLER or not conn.keep_alive:
                continue
            get = self.index.method(cls, "do_GET")
            if get is None or _calls_base_method(get):
                self.result.exchanges.setdefault(conn, INHERITED_FILE_SERVER_READ)

    def _smtpd_exchanges(self) -> None:
        """A server class of ours built on smtpd's SMTPServer: its connections are SMTP sessions
        smtpd serves with Nagle on (reported at the class), unless the module sets TCP_NODELAY
        somewhere (in its own handle_accepted(), say). (A class whose own `__init__` makes the
        listening socket, maybe AF_UNIX, instead of the base's: walked as the dispatcher it is.)"""
        servers = [cls for cls in {id(c): c for c in self.index.classes.values()}.values()
                   if not self.index.is_foreign(cls)
                   and any(self.imports.qualify(base) in C.SMTPD_SERVERS
                           for klass in self.index.class_chain(cls) for base in klass.bases)
                   and not any("__init__" in klass.methods and not self._inits_base(klass.methods["__init__"])
                               for klass in self.index.class_chain(cls))]
        bodies = [self.index.module.body] + [func.node.body for func in self.index.functions]
        if not servers or any((dotted(arg) or "").endswith("TCP_NODELAY")
                              for body in bodies for call in self.calls(body) for arg in call.args):
            return
        for cls in servers:
            conn = self.resolver.conn(cls.node, C.TCP_SERVER, "conn")
            self.result.made_as.setdefault(conn, "conn")
            self.result.exchanges.setdefault(conn, SMTPD_SESSION_READ)

    def _inits_base(self, init: FunctionInfo) -> bool:
        """Does the constructor run its base's (`super().__init__(...)`, `SMTPServer.__init__(
        self, ...)`), not another class's (`asyncore.dispatcher.__init__(self)`)?"""
        bases = {klass.name for klass in self.index.class_chain(init.cls)} if init.cls is not None else set()
        for call in ast.walk(init.node):
            if type(call) is not ast.Call or type(call.func) is not ast.Attribute or call.func.attr != "__init__":
                continue
            receiver = call.func.value
            if type(receiver) is ast.Call and dotted(receiver.func) == "super" \
                    or self.imports.qualify(receiver) in C.SMTPD_SERVERS or dotted(receiver) in bases:
                return True
        return False

    def _http_connection(self, cls: ClassInfo | None) -> bool:
        """Is the class built on http.client's HTTPConnection (in this file or a linked one)?"""
        return cls is not None and any(self.imports.qualify(base) in C.HTTP_CONNECTIONS
                                       for klass in self.index.class_chain(cls) for base in klass.bases)

    def _network_backend_exchanges(self) -> None:
        """An httpcore network backend with a connect_tcp() of its own: the socket it returns
        wrapped in a SyncStream carries httpcore's requests and replies, Nagle on unless it sets
        NODELAY (the stock backend's connect_tcp(), which sets it, does not run)."""
        for cls, connect in self._overrides_of(C.HTTPCORE_BACKENDS, "connect_tcp"):
            act = Activation(connect, cls=cls)
            for ret in return_statements(connect.node):
                value = ret.value
                if type(value) is not ast.Call or not value.args or type(value.args[0]) is ast.Starred or \
                        self.imports.qualify(value.func) not in C.HTTPCORE_SYNC_STREAMS:
                    continue
                self._framework_exchange(self.resolver.resolve(value.args[0], act), HTTPCORE_READ)

    def _served_protocol_exchanges(self) -> None:
        """A Twisted protocol that a server factory of the project serves: the reactor reads its
        requests and it answers on `self.transport`, reported at the protocol class."""
        found = [(C.TCP_SERVER, protocol, receiver, f"served by the server factory `{factory.name}`, when it listens on TCP")
                 for factory, protocol, receiver in twisted.served(self.resolver)]
        found += [(C.TCP_CLIENT, protocol, receiver,
                   f"connected by `{func.qualname()}()` through the endpoint "
                   "it is given, when that is TCP") for func, protocol, receiver in twisted.given_endpoints(self.resolver)]
        for facts, protocol, receiver, note in found:
            conn = Conn(origin=protocol.node, facts=facts, label="self.transport", twisted=protocol, twisted_note=note)
            self.resolver.conns.setdefault(id(protocol.node), conn)
            self.result.exchanges.setdefault(conn, FrameworkRead(f"by the reactor, in `{protocol.name}.{receiver}()`"))

    def _overrides_of(self, bases, name: str):
        """(class, method) for each class of this file built on one of a library's bases that
        defines the method itself."""
        for cls in {id(c): c for c in self.index.classes.values()}.values():
            method = cls.methods.get(name)
            if method is not None and not self.index.is_foreign(cls) and any(
                    self.imports.qualify(base) in bases for klass in self.index.class_chain(cls) for base in klass.bases):
                yield cls, method

    def _framework_exchange(self, found, read: FrameworkRead) -> None:
        """The library writes requests and reads replies on this TCP client connection."""
        if isinstance(found, Stream):
            for conn in (found.conn, *found.conn.alternatives):
                if conn.is_tcp and conn.side == C.CLIENT:
                    self.result.exchanges.setdefault(conn, read)

    def _dispatched(self, func: FunctionInfo) -> bool:
        """Is the method what the class's __getattr__ answers for do_* names (`if
        name.startswith("do_"): return self.run_wsgi`)?"""
        hook = self.index.method(func.cls, "__getattr__")
        if hook is None:
            return False
        returns = [r.value for r in return_statements(hook.node)]
        return any(dotted(value) == f"self.{func.name}" for value in returns if value is not None)

    def _dispatches_by_name(self, cls: ClassInfo) -> bool:
        """Does a method of the class (or its bases) call a method of its own by a name it
        builds (`method = getattr(self, mname)`, then `method()`; `eval("self.do_" + cmd + "()")`)?"""
        key = ("by-name", id(cls))
        if key not in self._interesting:
            self._interesting[key] = any(
                type(node) is ast.Call and len(node.args) >= 1 and (
                    dotted(node.func) == "getattr" and len(node.args) >= 2
                    and dotted(node.args[0]) == "self" and type(node.args[1]) is not ast.Constant
                    or dotted(node.func) == "eval" and _builds_self_call(node.args[0]))
                for c in self.index.class_chain(cls) for m in c.methods.values() for node in ast.walk(m.node))
        return self._interesting[key]

    def _iterates_a_reader(self, iterated, frame: _Frame) -> bool:
        """Is the loop over an object of ours whose `__iter__` (or `__next__`) touches a stream
        (`for line in self:` with `def __iter__(self): while True: yield self.readline()`)?"""
        if type(iterated) not in (ast.Name, ast.Attribute) or frame.act.func is None:
            return False
        classes = [frame.act.self_cls] if dotted(iterated) == "self" and frame.act.self_cls is not None \
            else self.resolver.receiver_classes(iterated, frame.act)
        return any((method := self.index.method(cls, name)) is not None and self.interesting(method)
                   for cls in classes for name in ("__iter__", "__next__"))

    def _serving_loop(self, read) -> bool:
        """Is the read made in a loop of the handler's own handle() (each turn a request)?"""
        outer = self.result.loop_nodes.get(read.loops[0]) if read.loops else None
        return outer is not None and any(
            m.name in _HANDLER_FRAMEWORK and contains(m.node, outer) for c in self.index.class_chain(read.conn.handler)
            for m in c.methods.values())

    def _called_by_name_only(self, func: FunctionInfo | None) -> bool:
        """A public method of a handler that no code of its class chain calls by its name."""
        if func is None or func.cls is None or _private(func) or func.name in _HANDLER_FRAMEWORK:
            return False
        return not any(type(node) is ast.Attribute and node.attr == func.name
                       for c in self.index.class_chain(func.cls) for m in c.methods.values() for node in ast.walk(m.node))

    def _read_in_loop(self, conn: Conn, node) -> bool:
        found = self.result.reads.get((id(conn), id(node)))
        return found is not None and bool(found.loops)

    def _overriding(self, func: FunctionInfo) -> list:
        """The subclasses an inherited method is walked for again: those that override a method
        it calls on self or assign an attribute it uses, with stream code of their own (an
        overridden connect(), a send() it calls), when the method has some."""
        if not func.is_method or not self.interesting(func):
            return []
        found = []
        for sub in self.index.subclasses(func.cls):
            if not self.index.runs_for(sub, func):
                continue  # overridden there
            changed = self._changed_below(sub, func.cls)
            if changed and changed & self._self_names(func):
                found.append(sub)
                if len(found) == MAX_SUBCLASS_WALKS:
                    break
        return found

    def _changed_below(self, sub: ClassInfo, base: ClassInfo) -> frozenset:
        """The method and attribute names the classes from sub down to base (not included)
        define or assign, when they have stream code of their own; else nothing."""
        key = ("changed", id(sub), id(base))
        if key not in self._interesting:
            chain = self.index.class_chain(sub)
            own = chain[:chain.index(base)] if base in chain else [sub]
            methods = [m for klass in own for m in klass.methods.values()]
            changed: set = set()
            if any(self.interesting(m, own=True) or self._creates(m) for m in methods):
                changed = {m.name for m in methods} | {name[5:] for klass in own for name in klass.self_bindings}
                # and what a base assigns from an overridden method: `self.sock = self.make_socket()`,
                # also through a local (`conn = self.get_socket()`; `self.stream = IOStream(conn)`)
                changed |= {name[5:] for klass in chain for name, bindings in klass.self_bindings.items()
                            if any(self._memo(_assigned_from, b) & changed for b in bindings)}
            self._interesting[key] = frozenset(changed)
        return self._interesting[key]

    def _memo(self, pure, node, *rest):
        """pure(node, *rest), computed once per walk of this module (the node, or binding,
        outlives the walk): each loop's walk, each class and base pair asks again."""
        key = (pure, id(node), *rest)
        if key not in self._interesting:
            self._interesting[key] = pure(node, *rest)
        return self._interesting[key]

    def _self_names(self, func: FunctionInfo) -> set[str]:
        """The `self.x` names a method uses, through the methods it calls on self (bounded)."""
        key = ("self-names", id(func))
        if key not in self._interesting:
            names: set[str] = set()
            todo, seen = [func], set()
            while todo and len(seen) < 50:
                current = todo.pop()
                if id(current) in seen:
                    continue
                seen.add(id(current))
                for name in _self_attribute_names(current.node):
                    names.add(name)
                    callee = self.index.method(current.cls, name) if current.cls is not None else None
                    if callee is not None:
                        todo.append(callee)
            self._interesting[key] = names
        return self._interesting[key]

    def _creates(self, func: FunctionInfo) -> bool:
        """Does the function call a socket factory of the catalog (a `make_socket()` hook)?"""
        return any(self.imports.qualify(call.func) in C.FACTORIES for call in self.calls(func.node.body))

    def _try_parts(self, stmt, state, frame: _Frame, cut: int):
        """A try's body, handlers and else: the state after them and the state a handler (or,
        when none runs, the finally) starts from.

        A handler starts from the state before the body or after it, with two exceptions. A read
        that opens the body and raises has waited for the peer (a timeout) or lost the connection:
        what was pending went out, so the state after it stands for the one before (`data =
        conn.recv(n)` ... `except Exception: conn.sendall(b"err")` on a loop's next turn). A write
        that ends the body and raises sent nothing a handler's write could be held behind (send()
        raises only when it sent nothing, sendall() when the peer stopped reading or is gone), so
        the handler starts from the state before it (`conn.sendall(reply)` ... `except
        Exception: conn.sendall(error)`: one reply or the other)."""
        body = stmt.body
        # (not when a handler catches what a non-blocking read raises at once)
        lead = 1 if body and cut and self._plain_io(body[0], frame, _READS) and not any(
            _names_error(h.type, _AT_ONCE_ERRORS) for h in stmt.handlers) else 0
        tail = 0  # (trailing writes, and what cannot raise between them: `pass`, a log line)
        while tail < len(body) - lead and (_only_says(body[-1 - tail])
                                           or self._plain_io(body[-1 - tail], frame, _TRAILING_WRITES)):
            tail += 1
        split = min(cut, len(body) - tail)
        before = self.block(body[:lead], state, frame) if lead else state
        after_body = self.block(body[lead:split], before, frame) if split > lead else before
        entries = [after_body]  # (the state after body[:split + i])
        for inner in body[split:]:
            after_body = self.block([inner], after_body, frame)
            entries.append(after_body)

        def raised(first: int) -> list:  # (the state before each statement from first on that may raise)
            return [entries[at - split] for at in range(first, len(body)) if not _only_says(body[at])]

        # (a close that raises ends the connection all the same: `try: sock.close() except
        # OSError: pass` leaves nothing pending on any path)
        handler_in = after_body if all(_closes(inner) for inner in body) \
            else join(before, *(raised(len(body) - tail) if tail else [after_body]))
        quiet_in = join(before, *raised(cut)) if cut < len(body) else handler_in
        outs = [self.block(h.body, quiet_in if h.type is not None and self._never_after_sending(h.type) else handler_in,
                           frame) for h in stmt.handlers]
        if stmt.orelse:
            after_body = self.block(stmt.orelse, after_body, frame)
        return join(after_body, *outs), handler_in

    def _run_in_thread(self, call: ast.Call) -> ast.Call:
        """`await asyncio.to_thread(sock.sendall, data)`, `await loop.run_in_executor(None,
        self._query, cmd)` (call: the awaited runner): the call a worker thread makes while the
        caller waits, at the same place (one node per call site, so that the walk knows it
        again; `contains()` finds it where the runner is); any other call as it is."""
        key = ("run-in-thread", id(call))
        found = self._interesting.get(key)
        if found is None:
            found = call
            name = _runner_name(call)
            skip = 1 if name == "run_in_executor" else 0
            qualified = self.imports.qualify(call.func) or ""
            runs = name == "run_in_executor" or qualified in _THREAD_RUNNER_NAMES
            if runs and len(call.args) > skip and not any(type(a) is ast.Starred for a in call.args[:skip + 1]):
                # (asyncio.to_thread hands its keywords to f; run_sync's are its own)
                found = ast.copy_location(ast.Call(func=call.args[skip], args=call.args[skip + 1:],
                                                   keywords=call.keywords if name == "to_thread" else []), call)
                found.end_lineno, found.end_col_offset = call.end_lineno, call.end_col_offset
                found._nagle_stands_for = call
            self._interesting[key] = found
        return found

    def _plain_io(self, stmt, frame: _Frame, methods: frozenset) -> bool:
        """Is the statement one call of one of these methods on a stream, its value maybe
        assigned or awaited (`data = conn.recv(n)`, `await writer.drain()`)? Its arguments are
        computed before the call does its I/O."""
        value = stmt.value if type(stmt) in (ast.Expr, ast.Assign, ast.AnnAssign) else None
        if type(value) is ast.Await:
            value = value.value
        return type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr in methods \
            and self._stream_of(value.func.value, frame) is not None

    def _through_finally(self, state, frame: _Frame):
        """A return inside `try:` runs the `finally:` bodies around it first (`return
        sock.recv(n)` ... `finally: sock.close()`), innermost first."""
        finals, frame.finals = frame.finals, []
        try:
            for body in reversed(finals):
                state = self.block(body, state, frame)
        finally:
            frame.finals = finals
        return state

    def _connection_maker(self, target) -> bool:
        """Does calling target make a connection: a socket factory of the catalog, or
        multiprocessing's Client()?"""
        qualified = self.imports.qualify(target)
        return qualified in C.FACTORIES or qualified in C.MP_CLIENTS

    def _fails_to_connect(self, stmt: ast.Return, func: FunctionInfo | None) -> bool:
        """`return None` in a factory whose other returns give what it made (`except OSError:
        return None`): like a raise, that path hands the caller no connection, so the caller's
        next write (a resend after reconnecting) is not on the connection it wrote before."""
        if func is None or not is_const(stmt.value, None):
            return False
        key = ("fails-to-connect", id(func))
        if key not in self._interesting:
            self._interesting[key] = bool(returns_but_none(func)) and any(
                self._connection_maker(call.func) for call in self.calls(func.node.body))
        return self._interesting[key]

    def _connects_in_init(self, init: FunctionInfo) -> bool:
        """Does a constructor make a client connection, itself or through a method of its class
        it calls (`self.connect()`)? (Not a server's listening socket.)"""
        key = ("connects-in-init", id(init))
        if key not in self._interesting:
            self._interesting[key] = self._makes_and_connects(init) or init.cls is not None and any(
                type(call.func) is ast.Attribute and dotted(call.func.value) == "self"
                and (method := self.index.method(init.cls, call.func.attr)) is not None and self._makes_and_connects(method)
                for call in self.calls(init.node.body))
        return self._interesting[key]

    def _makes_and_connects(self, func: FunctionInfo) -> bool:
        """Does the function make a socket and connect it (`create_connection()`, or
        `socket()` then `connect()`)?"""
        return self._creates(func) and any(
            type(call.func) is ast.Attribute and call.func.attr in ("connect", "connect_ex")
            or (self.imports.qualify(call.func) or "").endswith("create_connection")
            for call in self.calls(func.node.body))

    def _inert(self, func: FunctionInfo) -> bool:
        """A function whose walk can record nothing: it touches no stream but to close it (nor
        calls what does more), makes no connection by accepting or wrapping one, iterates and
        enters nothing (a `for` or `with` on a stream reads or closes it), and is no method a
        framework reads after. (Closing a connection the walk did not make records nothing.)"""
        if self.interesting(func, _BEYOND_CLOSING) or func.name == "found_terminator" or func.name.startswith("do_"):
            return False
        key = ("inert", id(func))
        if key not in self._interesting:
            self._interesting[key] = not any(_may_iterate_or_close(stmt) for stmt in iter_statements(func.node.body)) \
                and not any((dotted(call.func) or "").rpartition(".")[2] in _MAKERS or _kept_method_call(call, func)
                            for call in self.calls(func.node.body))
        return self._interesting[key] and not (func.is_method and self._dispatched(func))

    def _never_called(self, func: FunctionInfo) -> bool:
        """A name-mangled method (`def __read(self, n)`) that nothing in the module names: dead
        code, whose reads answer nothing (it cannot be reached from outside the class by that
        name, nor built into a `getattr()` string without its class's name)."""
        name = func.name
        if not func.is_method or func.cls is None or not name.startswith("__") or name.endswith("__"):
            return False
        key = ("named attributes",)
        if key not in self._interesting:  # (attribute names, and strings a getattr() may be given)
            self._interesting[key] = frozenset(
                node.attr if type(node) is ast.Attribute else node.value for node in branches(self.index.module)
                if type(node) is ast.Attribute or type(node) is ast.Constant and type(node.value) is str)
        named = self._interesting[key]
        return name not in named and f"_{func.cls.name.lstrip('_')}{name}" not in named

    def _is_root(self, func: FunctionInfo) -> bool:
        """This module's functions; of a linked module's, the methods of classes related to this
        module's (bases, subclasses, classes it builds), whose attributes it may share. The rest
        is followed from the calls that reach it."""
        if not self.index.is_foreign(func):
            return True
        if id(func) in self.resolver.api_callers:
            return True
        if func.cls is None or func.parent is not None:
            return False
        if self._related is None:
            own = [c for c in {id(c): c for c in self.index.classes.values()}.values() if not self.index.is_foreign(c)]
            related = {id(k) for c in own for k in self.index.class_chain(c) + self.index.subclasses(c)}
            for name, calls in self.resolver.calls_by_name().items():
                cls = self.index.classes.get(name)
                if cls is not None and any(f is None or not self.index.is_foreign(f) for _, f in calls):
                    related.update(id(k) for k in self.index.class_chain(cls))
            self._related = related
        return id(func.cls) in self._related

    def _called_on_self_only(self, func: FunctionInfo) -> bool:
        """A private method (`_authenticate`) that the code names only to call it on self
        (`self._authenticate()`) in methods of its own class, at least once: never handed out,
        stored, dispatched by name or run from a base class (whose walk would not reach it)."""
        if not func.is_method or func.cls is None or not _private(func):
            return False
        if self._self_calls is None:
            references: dict = {}
            for node in branches(self.index.module):
                if type(node) is ast.Attribute:
                    references[node.attr] = references.get(node.attr, 0) + 1
                elif type(node) is ast.Call and len(node.args) > 1 and type(node.args[1]) is ast.Constant \
                        and type(node.args[1].value) is str:  # (`getattr(self, "_x")`)
                    references[node.args[1].value] = references.get(node.args[1].value, 0) + 1
            callers: dict = {}  # name -> ids of the classes whose methods call self.name()
            for caller in self.index.functions:
                for call in self.calls(caller.node.body):
                    if type(call.func) is ast.Attribute and type(call.func.value) is ast.Name \
                            and call.func.value.id == "self":
                        callers.setdefault(call.func.attr, []).append(id(caller.cls))
            self._self_calls = {name: (classes, references.get(name, 0)) for name, classes in callers.items()}
        classes, references = self._self_calls.get(func.name, ((), 0))
        return bool(classes) and len(classes) == references and all(c == id(func.cls) for c in classes)

    def _answers_once(self, func: FunctionInfo, conn: Conn) -> bool:
        """An accepted connection handed to an object that reads its one request in this method,
        outside any loop, then closes it on every path (a thread per connection keeping it as
        `self.conn`): one exchange on it."""
        read = self.result.kept_reads.get(conn)
        if conn.side != C.SERVER or not isinstance(read, ast.AST):
            return False
        found = self.result.reads.get((id(conn), id(read)))
        if found is None:
            return False
        if not found.loops and contains(func.node, read):
            return True
        # (or in a helper of its class it calls once, outside its loops, whose loop only gathers
        # that request: `while True: chunk = self.conn.recv(N); data += chunk; if len(chunk) < N: break`)
        helper = next((m for m in (func.cls.methods.values() if func.cls is not None else ())
                       if m is not func and contains(m.node, read)), None)
        if helper is None or not _gathers_one(helper.node, read) or not _only_used_in_place(func.cls, read):
            return False
        calls = [c for c in self.calls(func.node.body) if type(c.func) is ast.Attribute
                 and dotted(c.func.value) == "self" and c.func.attr == helper.name]
        return len(calls) == 1 and not any(type(n) in (ast.While, *FOR_LOOPS) and contains(n, calls[0])
                                           for n in ast.walk(func.node))

    def _event_exit(self, func: FunctionInfo, state) -> None:
        """What a selectors loop's handler leaves its connection as: closed on every path, or
        open after a write (a piece not yet followed by a read)."""
        for stream in self.resolver.callback_params.get(id(func), {}).values():
            chains = state.get(stream.conn) if isinstance(stream, Stream) else None
            if _is_closed(chains):
                self._event_closed.add(stream.conn)
            elif chains and any(chain[0] is not None for chain in chains):
                self._event_left_open.add(stream.conn)

    def _handler_exit(self, func: FunctionInfo, state) -> None:
        """After a do_* method of a keep-alive http.server handler, the server reads the next
        request: the peer is waiting for the whole response."""
        if state is not None and func.is_method and func.name == "found_terminator":
            # async_chat calls found_terminator() for each message it read, then reads the next
            dispatcher = self.resolver.dispatcher_stream(func.cls)
            if dispatcher is not None and dispatcher.conn.is_tcp:
                label = "next request" if dispatcher.conn.side == C.SERVER else "read"
                self.read(state, dispatcher.conn, func.node, (), label)
            return
        if state is None or not func.is_method or not (func.name.startswith("do_") or self._dispatched(func)):
            return
        conn = self.resolver.handler_conn(func.cls)
        if conn is not None and conn.facts.role == C.HTTP_HANDLER and conn.keep_alive:
            self.read(state, conn, func.node, (), "next request")

    # -- blocks and statements ----------------------------------------------------------------
    def function(self, act: Activation, state, outer_loops: tuple, sites: tuple = (), outer_conds: tuple = ()):
        frame = _Frame(act, outer_loops=outer_loops, sites=sites, outer_conds=outer_conds,
                       until_yield=act.func is not None and entered_by_with(act.func))
        self._frames.append(frame)
        try:
            out = self.block(act.func.node.body, state, frame)  # a def's body, or the module's
        finally:
            self._frames.pop()
        return join(out, *frame.returns, base=state)

    def block(self, stmts, state, frame: _Frame):
        index = 0
        while index < len(stmts):
            if state is None:
                return None
            stmt = stmts[index]
            if index + 1 < len(stmts) and _exclusive(stmt, stmts[index + 1]):
                # `if op == CLOSE: ...` then `if op == PING: ...`: at most one runs, as if elif
                # (each branch of a first `if`/`elif` chain, or the second statement)
                self.steps += 1
                entered = self.exprs(stmt.test, state, frame)
                taken = []
                for branch in _chain(stmt) if entered is not None else ():
                    frame.conds.append(branch.test)
                    try:
                        taken.append(self.block(branch.body, entered, frame))
                    finally:
                        frame.conds.pop()
                state = join(*taken, self.stmt(stmts[index + 1], entered, frame) if entered is not None else None,
                             base=entered)
                index += 2
                continue
            state = self.stmt(stmt, state, frame)
            index += 1
        return state

    def stmt(self, stmt, state, frame: _Frame):
        self.steps += 1
        if not self.steps & 255:
            self._stop_if_cancelled()
        kind = type(stmt)
        if kind is ast.Expr:
            if frame.until_yield and type(stmt.value) is ast.Yield:
                state = self.exprs(stmt.value, state, frame)
                if state is not None and not self._ruled_out:
                    frame.returns.append(state)
                return None
            return self.exprs(stmt.value, state, frame)
        if kind is ast.Assign:
            return self.assign(stmt, state, frame)
        if kind is ast.Return:
            if stmt.value is not None:
                state = self.exprs(stmt.value, state, frame)
            if frame.finals and state is not None:
                state = self._through_finally(state, frame)
            if state is not None and not self._ruled_out and not self._fails_to_connect(stmt, frame.act.func):
                frame.returns.append(state)  # (a branch ruled out never returns)
            return None
        if kind is ast.Raise:
            if stmt.exc is not None:
                self.exprs(stmt.exc, state, frame)
            return None
        if kind is ast.Break:
            if frame.loops:
                if not self._ruled_out:
                    frame.loops[-1].breaks.append(state)
                return None
            return state
        if kind is ast.Continue:
            if frame.loops:
                if not self._ruled_out:
                    frame.loops[-1].continues.append(state)
                return None
            return state
        if kind in DEFINITIONS:
            return state
        if kind is ast.If:
            state = self.exprs(stmt.test, state, frame)
            guard = large_guard(stmt.test)
            if guard:
                frame.large.add(guard)
            frame.conds.append(stmt.test)
            # `if status_sent is None: status_sent = ...` on a nonlocal or self attribute runs on
            # the first turn of the loop that calls this, not on the later ones
            once = self._later_turns and (_once_guard(stmt, frame.act.func) or any(
                loop.later and _picks_one(stmt.test, loop.node) for loop in frame.loops))
            decided = _decided(stmt.test, frame.act.literals)  # on a literal the caller passed
            if decided is None:
                decided = self._socket_has(stmt.test, frame)
            body_in, else_in = self._by_flags(stmt.test, state, frame)
            body_in, else_in = self._without_absent(stmt.test, body_in, else_in, frame)
            before, literals_before = dict(frame.act.params), dict(frame.act.literals)
            taken = None if once or decided is False else self.block(stmt.body, body_in, frame)
            after_body, literals_after_body = dict(frame.act.params), dict(frame.act.literals)
            if decided is False and not once:
                self._taint()  # (what the ruled-out branch learns depends on the callers' tests)
                self._ruled_out += 1
                try:
                    self.block(stmt.body, state, frame)
                finally:
                    self._ruled_out -= 1
            frame.conds.pop()
            frame.large.discard(guard)
            if decided is True and not once:
                return taken
            frame.act.params.clear()
            frame.act.params.update(before)
            frame.act.literals.clear()
            frame.act.literals.update(literals_before)
            # (`if len(msg) < 65536: one write` `else:` header, then msg: a large second piece)
            else_guard = large_guard(stmt.test, taken=False) if stmt.orelse else None
            if else_guard:
                frame.large.add(else_guard)
            other = self.block(stmt.orelse, else_in, frame) if stmt.orelse else else_in
            frame.large.discard(else_guard)
            _agree_after(frame.act.params, [(after_body, taken), (dict(frame.act.params), other)])
            _agree_after(frame.act.literals, [(literals_after_body, taken), (dict(frame.act.literals), other)],
                         same=lambda a, b: type(a) is type(b) and a == b)
            return join(taken, other, base=state)
        if kind is ast.While and _runs_once(stmt):
            # `while payload is not None: ...; payload = None`: the body runs at most once
            return self.stmt(self._as_if(stmt), state, frame)
        if kind in FOR_LOOPS or kind is ast.While:
            out = self.loop(stmt, state, frame)
            self._forget_literals(stmt, frame)
            return out
        if kind in TRIES:
            # A clause for the project's own exception (`except PostError:`) or an argument error
            # (`except TypeError:` around `send(bytes(cmd, "utf-8"))`) starts before the body's
            # trailing writes: they raise it never, or before they send.
            cut = len(stmt.body) - self._quiet_tail(stmt, frame)
            if stmt.finalbody:
                frame.finals.append(stmt.finalbody)
            try:
                out, handler_in = self._try_parts(stmt, state, frame, cut)
            finally:
                if stmt.finalbody:
                    frame.finals.pop()
            if stmt.finalbody:
                out = self.block(stmt.finalbody, out if out is not None else handler_in, frame)
            self._forget_literals(stmt, frame)
            return out
        if kind in WITHS:
            closing = []
            for item in stmt.items:
                state = self.exprs(item.context_expr, state, frame)
                state = self.created(state, item.context_expr, frame)
                stream = self._stream_of(item.context_expr, frame)
                if stream is None and type(item.optional_vars) is ast.Name \
                        and self.resolver.entered(item.context_expr, frame.act) is None:
                    # (an object of ours whose __enter__ hands out the socket it keeps, a lock
                    # guard: its __exit__ releases the lock, the socket stays open)
                    stream = self._stream_of(item.optional_vars, frame)
                if stream is not None and not self._lends(item.context_expr, frame):
                    closing.append(stream)
            state = self.block(stmt.body, state, frame)
            for stream in closing:
                if state is not None:
                    state = self.close(state, stream)
            return state
        if kind is MATCH:
            state = self.exprs(stmt.subject, state, frame)
            out = join(state, *[self.block(case.body, state, frame) for case in stmt.cases])
            self._forget_literals(stmt, frame)
            return out
        return self.exprs(stmt, state, frame)  # any other simple statement: the calls it makes

    def assign(self, stmt: ast.Assign, state, frame: _Frame):
        state = self.exprs(stmt.value, state, frame)
        targets = stmt.targets
        width = max((len(t.elts) for t in targets if type(t) in (ast.Tuple, ast.List)), default=0)
        state = self.created(state, stmt.value, frame, width, targets)
        if type(stmt.value) is ast.Call and width == 0:
            for arg in positional(stmt.value):
                if type(arg) is ast.Call:  # `client = Client(socket.create_connection(peer))`
                    state = self.created(state, arg, frame)
        for target in targets:
            key = dotted(target)
            if (key is not None and (key.startswith("self.") and key.count(".") == 1 or "." not in key)
                    and width == 0 and not self._ruled_out):
                # from here on in this call, self.x is what was just assigned; a local, when
                # assigned a connection made right here (`sock = socket.socket(...)` on one
                # branch, another socket on the other)
                found = self.resolver.resolve(stmt.value, frame.act)
                made_here = isinstance(found, Stream) and stmt.value in (found.conn.origin, found.conn.site)
                if isinstance(found, Stream) and ("." in key or made_here):
                    frame.act.params[key] = found
                else:
                    frame.act.params.pop(key, None)
            if key is not None and "." not in key and width == 0 and not self._ruled_out:
                self._bind_literal(key, stmt.value, frame)
            owner, flag = self._flag_key(key, frame) if key is not None else (None, None)
            if flag is not None and state is not None and not self._ruled_out and flag in self._tested_flags():
                state = self._set_flag(state, owner, key, stmt.value)
            if key == "self.close_connection" and constant(stmt.value, self.imports, {}):
                conn = self._handler(frame)
                if conn is not None and state is not None:
                    state = self.close_conn(state, conn)
        return state

    def _sentinel_defaults(self, func: FunctionInfo, depth: int = 0) -> dict:
        """`def set(self, key, noreply=None): if noreply is None: noreply = self.default_noreply`:
        None stands for the instance's setting, so a public method is walked with its default
        (what the setting holds by default is then known, or nothing is), also when it passes
        the None on to such a method (`self.set(key, value, noreply)`)."""
        found = {}
        if not func.is_method or func.cls is None or depth > 2:
            return found
        for name, default in params_of(func.node):
            if default is None or not is_const(default, None) or name in _rebound_otherwise(func):
                continue
            if _takes_setting(func, name) or any(self._passes_setting(call, name, func, depth)
                                                 for call in self.calls(func.node.body)):
                found[name] = None
        return found

    def _passes_setting(self, call, name: str, func: FunctionInfo, depth: int) -> bool:
        if not (type(call.func) is ast.Attribute and dotted(call.func.value) == "self"):
            return False
        callee = self.index.method(func.cls, call.func.attr)
        if callee is None or callee is func:
            return False
        names = [p for p in callee.params if p not in ("self", "cls")]
        passed = [param for param, value in _given_args(names, call, callee.keyword_only).items()
                  if type(value) is ast.Name and value.id == name]
        return bool(passed) and all(p in self._sentinel_defaults(callee, depth + 1) for p in passed)

    def _forget_literals(self, stmt, frame: _Frame) -> None:
        """After a loop, a try or a match, whose paths are walked one after the other on one
        record of literals: a name bound inside holds what the path that went on gave it, not
        what the last path walked did (`sock = None` in an except, `sock = connect()` before a
        break). Not known. Nor is the connection a local made inside holds (`try: sock =
        socket(AF_INET6)` `except OSError: sock = socket(AF_INET)`): resolved from all its
        assignments again."""
        locals_held = [key for key in frame.act.params if "." not in key]
        if not frame.act.literals and not locals_held:
            return
        bound = self._memo(_bound_inside, stmt)
        for name in bound & frame.act.literals.keys():
            frame.act.literals.pop(name, None)
        for name in bound.intersection(locals_held):
            frame.act.params.pop(name, None)

    def _bind_literal(self, name: str, value, frame: _Frame) -> None:
        """`noreply = self.default_noreply`: the local holds a literal from here on when the
        value is one, or an attribute every assignment gives the same literal default (a
        constructor parameter's); else nothing is known of it."""
        known, literal = _literal(value)
        if not known and type(value) is ast.Attribute and dotted(value) is not None and dotted(value).startswith("self."):
            found = set()
            for bound, func in self._bound(value, frame):
                if type(bound) is ast.Name and func is not None and bound.id in func.params:
                    bound = default_of(func.node, bound.id)
                ok, item = _literal(bound) if bound is not None else (False, None)
                found.add((ok, item))
            if len(found) == 1:
                known, literal = found.pop()
        if known:
            frame.act.literals[name] = literal
        else:
            frame.act.literals.pop(name, None)

    def _without_absent(self, test, body_in, else_in, frame: _Frame):
        """`if self.sock:` / `if sock is None:`: on the side where the name holds no socket,
        nothing is pending on the connection it holds elsewhere (`if self._socket:
        self._socket.close()` leaves no writes unread on the other path)."""
        kind = type(test)
        empty_in_body = False
        if kind is ast.UnaryOp and type(test.op) is ast.Not:
            test, empty_in_body = test.operand, True
        elif kind is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) in (ast.Is, ast.IsNot) \
                and is_const(test.comparators[0], None):
            test, empty_in_body = test.left, type(test.ops[0]) is ast.Is
        if type(test) not in (ast.Name, ast.Attribute):
            return body_in, else_in
        stream = self._stream_of(test, frame)
        if stream is None or stream.role != C.SOCKET:
            return body_in, else_in
        side = body_in if empty_in_body else else_in
        if side is not None:
            side = {**side, stream.conn: _restarted(self._chains(side, stream.conn), CLOSED)}
        return (side, else_in) if empty_in_body else (body_in, side)

    def _tested_flags(self) -> frozenset:
        """The `self.x` names some function sets to True, False or None and some `if` tests; and
        (function id, name) for a local the same function sets so and tests, bound nowhere but
        by plain assignments (each call sets it before it tests it)."""
        if self._flags is None:
            set_, tested, local = set(), set(), set()
            for func in self.index.functions:  # (nested defs are functions of the index too)
                own_set, own_tested = set(), set()
                for node in iter_statements(func.node.body):
                    if type(node) is ast.Assign and flags.assigned(node.value) is not None:
                        own_set.update(dotted(t) for t in node.targets)
                    elif type(node) is ast.If:
                        own_tested |= flags.tested_names(node.test, values=False)
                set_ |= {n for n in own_set if n and n.startswith("self.")}
                tested |= {n for n in own_tested if n.startswith("self.")}
                local |= {(id(func), n) for n in own_set & own_tested
                          if n and "." not in n and n not in func.params and self._memo(_plainly_bound, func.node, n)
                          and (self._set_beside_a_connection(func, n) or _guards_a_write(func, n))}
                local |= {(id(func), n) for n in _compared_apart(func)}
            self._flags = frozenset(set_ & tested) | frozenset(local)
        return self._flags

    def _set_beside_a_connection(self, func: FunctionInfo, name: str) -> bool:
        """Is the local set to a literal in a block that also makes or connects a connection
        (`new = True` beside `sockets[c] = create_connection(a)`)? Only such flags tell paths
        of a connection apart; tracking every local flag multiplies the walk's states."""
        for stmt in iter_statements(func.node.body):
            for block in child_blocks(stmt) if not isinstance(stmt, DEFINITIONS) else ():
                sets = any(type(s) is ast.Assign and flags.assigned(s.value) is not None
                           and any(type(t) is ast.Name and t.id == name for t in s.targets) for s in block)
                if sets and any((self.imports.qualify(c.func) or "") in C.FACTORIES
                                or type(c.func) is ast.Attribute and c.func.attr in ("connect", "accept", "sock_accept")
                                for s in block for c in self.calls(s)):
                    return True
        return False

    def _flag_key(self, name: str, frame: _Frame):
        """(owner id, key in _tested_flags) of a flag name: the class for `self.x`, the function
        for a local."""
        if name.startswith("self."):
            return id(frame.act.self_cls), name
        return id(frame.act.func), (id(frame.act.func), name)

    def _set_flag(self, state, owner: int, name: str, value):
        """`self.x = None`: every chain of this path knows it from here on (a new socket: that it
        is not None; any other value that is not a literal: nothing known of x)."""
        facts = flags.assigned(value) or {}
        if not facts and type(value) is ast.Call and self.imports.qualify(value.func) in C.FACTORIES:
            facts = {flags.TRUTH: True, flags.NONE: False}  # `self.sock = socket.socket()`: a socket, not None
        new = frozenset(((owner, name, aspect), known) for aspect, known in facts.items())
        out = {}
        for conn, chains in {PATH: frozenset({EMPTY}), **state}.items():
            out[conn] = frozenset(c[:7] + (frozenset(f for f in c[7] if f[0][:2] != (owner, name)) | new,) + c[8:]
                                  for c in chains)
        return out

    def _by_flags(self, test, state, frame: _Frame):
        """The states that enter the body and the else of `if test:`: without the chains whose
        known flags send them the other way (None when no chain of a connection goes there), and
        knowing on each side what the test said (`if self.sent:` -> sent is true in the body)."""
        tracked = self._tested_flags()
        owners = {name: self._flag_key(name, frame) for name in flags.tested_names(test)} if state is not None else {}
        owners = {name: owner for name, (owner, key) in owners.items() if key in tracked}
        if not owners:
            return state, state
        sides = []
        for taken in (True, False):
            facts = {(owners[key[0]], *key): value for key, value in flags.learnt(test, taken).items() if key[0] in owners}
            side = {}
            for conn, chains in {PATH: frozenset({EMPTY}), **state}.items():
                kept = set()
                for chain in chains:
                    known = {key[1:]: value for key, value in chain[7] if owners.get(key[1]) == key[0]}
                    if flags.way(test, known) is (not taken):
                        continue
                    kept.add(chain[:7] + (frozenset(f for f in chain[7] if f[0] not in facts) | frozenset(facts.items()),)
                             + chain[8:])
                if not kept:
                    side = None  # no path goes this way
                    break
                side[conn] = frozenset(kept)
            sides.append(side)
        return sides[0], sides[1]

    def loop(self, stmt, state, frame: _Frame):
        drained = self._drain(stmt, frame)
        if drained is not None:
            # `while conn.recv(4096): pass` after a response: waiting for the peer's EOF, not
            # for a next request; the connection ends there
            return self.close_conn(state, drained)
        if self._lent_once(stmt, frame) or self._one_item_at_most(stmt, frame):
            return self._lent(stmt, state, frame)
        loop = _Loop(stmt, self._loop_key(stmt, frame))
        self.result.loop_nodes[loop.key] = stmt
        if type(stmt) is ast.While and type(stmt.test) is ast.NamedExpr and _reads_to_eof(stmt.test.value, stmt):
            self._eof_headers.add(id(stmt.test.value))  # (the header is read again as the loop ends)
        if self._open_walks and frame.sites:
            self._journal.append(("loop", stmt, frame.sites, loop.key))
        frame.loops.append(loop)
        is_for = type(stmt) in FOR_LOOPS
        header = stmt.iter if is_for else stmt.test
        infinite = not is_for and _always_true(stmt.test)

        element = self._each_connection(stmt, frame) if is_for else None

        def enter(s, turn=True):
            s = self.exprs(header, s, frame)
            if turn and element is not None and s is not None:
                # `for sock in socks:`: each turn is another connection of the container, with
                # nothing of the previous turn's pending on it (but its own last turn's split:
                # pieces the turn wrote outside any loop of its own, a broadcast to the other
                # connections of the container being another loop's writes)
                conn, fresh, selected = element
                kept = {c for c in s.get(conn, ()) if c[2] >= 2 and all(
                    piece is None or piece.loops[-1:] == (loop.key,) for piece in (c[0], c[1], c[8]))} \
                    if selected else set()
                s = {**s, conn: fresh | kept}
            if is_for and s is not None:  # `for line in rfile:` reads each turn
                stream = self._stream_of(stmt.iter, frame)
                if stream is not None and stream.role in (C.READER, *_READ_WRITE, C.ASYNC_READER):
                    s = self.read(s, stream.conn, stmt.iter, self._loops(frame))
                elif (reader := self._iter_reader(stmt.iter)) is not None:
                    # `for byte in iter(functools.partial(rfile.read, 1), b"")`: a read each turn
                    stream = self._stream_of(reader, frame)
                    if stream is not None:
                        s = self.read(s, stream.conn, stmt.iter, self._loops(frame))
                elif self._iterates_a_reader(stmt.iter, frame):
                    s = shadow(s)  # `for line in self:` with an `__iter__` that reads: each turn may read
            return s

        touched = self._touches
        first_in = enter(state)
        first_out = self.block(stmt.body, first_in, frame)
        if infinite and not self._ruled_out:
            # a server's `while True:` accept loop never ends the function: a connection it
            # accepts and closes in the same turn is one exchange, as in a function that returns
            turn_end = join(first_out, *loop.continues)
            self._closed_each_turn.update(conn for conn in self._made_here if loop.key in conn.made_in_loops
                                          and turn_end is not None and _is_closed(turn_end.get(conn)))
        second_in = enter(join(first_out, *loop.continues))
        keyed = self._memo(_keyed_names, stmt) if is_for and element is None else None
        if keyed and second_in is not None and state is not None:
            second_in = self._next_object(second_in, state, stmt, keyed, len(frame.sites))
        if self._touches == touched and second_in == first_in:
            # a turn that touched no stream and changed nothing: the second is the same turn
            # (its continue and break states are the first's, kept)
            second_out = first_out
        else:
            second_out = self._later_turn(stmt, second_in, loop, frame)
            if infinite and second_out is not None and (
                    loop.breaks or not self._later_turns and self._memo(_returns_from_handler, stmt)):
                # `while True:` leaves only by break: what the second turn wrote leaves through
                # the break of a third (a chunk loop that stops at EOF, then CopyDone), or through
                # a return from a handler of its try (a writer thread's `except socket.error:`;
                # on the enclosing loops' first turns only: nested, the turns would multiply)
                self._later_turn(stmt, enter(join(second_out, *loop.continues)), loop, frame)
        frame.loops.pop()
        # Loops are taken to run at least once: `while len(data) < n: data += sock.recv(n)` does,
        # and a zero-turn path around a read loop would invent writes with no read between them.
        # (a local list of connections this call made: `sockets.append(sock)`, not a select()
        # result, a subset of the connections another list keeps)
        local = element is not None and not element[2] and element[1] == frozenset({COLD}) \
            and element[0] in self._made_here
        exits = None if infinite else join(_closed_elements(second_in, element if local else None, first_out,
                                                            loop.continues),
                                           enter(join(second_out, *loop.continues), turn=False))
        if stmt.orelse and exits is not None:
            exits = self.block(stmt.orelse, exits, frame)
        out = join(exits, *loop.breaks)
        if out is not None and self._memo(_waits_for_another_thread, stmt):
            # `while not self.accepted: time.sleep(0.1)`: another thread (the reader) changes the
            # attribute, on the peer's answer: the writes before may have been answered
            out = shadow(out)
        return out

    def _next_object(self, turn_in, before, stmt, names: set, depth: int):
        """`for peer in subscribers: session = self.clients.get(peer); self._write(session, e)`:
        each turn looks up another object by the loop's key, so what a turn wrote through it is
        on another connection than the next turn's; those connections start the next turn as
        they were before the loop."""
        out = dict(turn_in)
        for conn, chains in turn_in.items():
            if conn is PATH or chains == before.get(conn):
                continue
            pieces = [piece for chain in chains for piece in (chain[0], chain[1]) if piece is not None]
            if pieces and all(self._through(piece, stmt, names, depth) for piece in pieces):
                if conn in before:
                    out[conn] = before[conn]
                else:
                    del out[conn]
        return out

    @staticmethod
    def _through(piece: "WriteEvent", stmt, names: set, depth: int) -> bool:
        """Was the piece written in this loop on one of the names: `session.conn.sendall(b)`
        in the loop, or `self._write(session, b)` whose helper writes on that parameter?"""
        if len(piece.sites) == depth:  # (written in the loop itself)
            return contains(stmt, piece.node) and _receiver_root(piece.node) in names
        if len(piece.sites) != depth + 1 or piece.func is None or not contains(stmt, piece.sites[depth]):
            return False
        site, helper = piece.sites[depth], piece.func
        params = [p for p in helper.params if not (helper.is_method and p in ("self", "cls"))]
        handed = {param for param, arg in zip(params, site.args) if type(arg) is ast.Name and arg.id in names}
        return _receiver_root(piece.node) in handed

    def _lent_once(self, stmt, frame: _Frame) -> bool:
        """Does a `for` iterate a generator of ours that yields once (the body runs once)?"""
        if type(stmt) not in FOR_LOOPS or type(stmt.iter) is not ast.Call or _leaves_loop(stmt.body):
            return False
        callee = self.resolver.callee(stmt.iter, frame.act)
        return callee is not None and self._memo(yields_once, callee)

    def _one_item_at_most(self, stmt, frame: _Frame) -> bool:
        """Does a `for` iterate what a helper of ours returns, on every path a list or tuple
        written out with at most one item (`return [response]`, `return []`)? The body runs at
        most once: one write, no write loop."""
        if type(stmt) not in FOR_LOOPS or _leaves_loop(stmt.body) or frame.act.func is None:
            return False
        value = stmt.iter
        if type(value) is ast.Name:  # `responses = self._dispatch(msg)`, then `for r in responses:`
            bindings = frame.act.func.bindings.get(value.id, ())
            value = bindings[0].value if len(bindings) == 1 and bindings[0].index is None else None
        callee = self.resolver.callee(value, frame.act) if type(value) is ast.Call else None
        return callee is not None and self._memo(_returns_one_item_at_most, callee)

    def _lent(self, stmt, state, frame: _Frame):
        """`for sock in self.socket():` over a generator that yields its kept connection once
        (under a lock): the body runs once, on that connection, and is no loop. (A generator that
        makes a connection of its own and closes it is walked as the call, first.)"""
        out = self.block(stmt.body, self.exprs(stmt.iter, state, frame), frame)
        return self.block(stmt.orelse, out, frame) if stmt.orelse and out is not None else out

    def _later_turn(self, stmt, state, loop: "_Loop", frame: _Frame):
        """Walk the loop body once more, as a turn after the first: its writes are events of
        their own, and the first pieces pending as it begins are told apart from its own."""
        loop.continues.clear()
        loop.later = True
        self._later_turns += 1
        self._turn_pending.append({id(c[0]) for chains in (state or {}).values() for c in chains
                                   if c[0] is not None})
        try:
            return self.block(stmt.body, state, frame)
        finally:
            loop.later = False
            self._later_turns -= 1
            self._turn_pending.pop()

    def _each_connection(self, stmt, frame: _Frame):
        """(conn, its chains at the start of a turn) when a `for` loop takes its target from a
        container of connections: fresh ones for a local list (`[connect(p) for p in peers]`),
        an unknown history for a kept pool."""
        if type(stmt.target) is ast.Name:
            found = self.resolver.resolve(stmt.iter, frame.act, EACH)
        elif type(stmt.target) is ast.Tuple and len(stmt.target.elts) == 2 and type(stmt.iter) is ast.Call \
                and type(stmt.iter.func) is ast.Attribute and stmt.iter.func.attr == "items":
            # `for name, conn in self.links.items():` (or the connection as the key)
            columns = [self.resolver.resolve(stmt.iter, frame.act, column_index(column))
                       for column, element in enumerate(stmt.target.elts) if type(element) is ast.Name]
            found = merge([value for value in columns if isinstance(value, Stream)] or [None])
        else:
            return None
        if not isinstance(found, Stream):
            return None
        name = dotted(container_of(stmt.iter)) or ""
        listed = self.resolver.select_argument(name, frame.act) if "." not in name else None
        listed = listed if listed is not None else self.resolver.selected_list(stmt.iter)
        if listed is not None or self.resolver.handed_selected(stmt.iter, frame.act):
            # `for sock in ready:` after `ready, _, _ = select.select(conns, ...)`: a select loop's
            # connections stay open from one round to the next, a local list's too; a message
            # written in pieces on a turn waits on its connection for that connection's next turn
            return found.conn, frozenset({EMPTY}), True
        return found.conn, frozenset({COLD if "." not in name else EMPTY}), False

    def _makes(self, value, conn: Conn, frame: _Frame) -> bool:
        """Does evaluating value make the connection: its creation call is inside value, or value
        calls a factory of this module whose every return makes one (`sock = self._open(addr)`;
        a pool's acquire, which may return a kept connection, does not)?"""
        if contains(value, conn.origin) or type(conn.site) is ast.Call and contains(value, conn.site):
            return True  # (site: the call of a factory of factories that made this one)
        if type(value) is ast.Name and frame.act.func is not None:  # `pair = srv.accept()`; `sock, _ = pair`
            bindings = frame.act.func.bindings.get(value.id, ())
            return len(bindings) == 1 and bindings[0].index is None and contains(bindings[0].value, conn.origin)
        call = value.value if type(value) is ast.Await else value
        if type(call) is not ast.Call:
            return False
        callee = self.resolver.callee(call, frame.act)
        return callee is not None and returns_new(callee, conn.origin)

    def _iter_reader(self, expr) -> ast.expr | None:
        """`iter(functools.partial(f.read, 1), b"")`, `iter(f.readline, b"")`, `iter(lambda:
        sock.recv(n), b"")`: the object whose read method the loop calls each turn."""
        if type(expr) is not ast.Call or type(expr.func) is not ast.Name or expr.func.id != "iter" \
                or len(expr.args) != 2:
            return None
        called = expr.args[0]
        if type(called) is ast.Call and self.imports.qualify(called.func) == "functools.partial" and called.args:
            called = called.args[0]
        elif type(called) is ast.Lambda and type(called.body) is ast.Call:
            called = called.body.func
        if type(called) is ast.Attribute and called.attr in C.SOCKET_READS | C.FILE_READS:
            return called.value
        return None

    def _drain(self, stmt, frame: _Frame) -> Conn | None:
        """The server connection a `while <read>: pass` loop drains to EOF, else None."""
        if type(stmt) is not ast.While or type(stmt.test) is not ast.Call:
            return None
        if not all(type(s) is ast.Pass for s in stmt.body):
            return None
        func = stmt.test.func
        if type(func) is not ast.Attribute or func.attr not in C.SOCKET_READS | C.FILE_READS:
            return None
        stream = self._stream_of(func.value, frame)
        return stream.conn if stream is not None and stream.conn.side == C.SERVER else None

    # -- expressions and calls ----------------------------------------------------------------
    def calls(self, node) -> list:
        """The calls under node in evaluation order, each as the walk reads it: the call a
        worker thread makes for `await asyncio.to_thread(f, x)` stands for it (_run_in_thread;
        a runner nothing awaits there runs f later, or never: not in place)."""
        key = id(node)
        found = self._calls.get(key)
        if found is None:
            found = calls_in(node)
            if any(_runner_name(call) in _THREAD_RUNNERS for call in found):
                awaited = {id(n.value) for item in (node if type(node) is list else (node,))
                           for n in ast.walk(item) if type(n) is ast.Await}
                found = [self._run_in_thread(call) if id(call) in awaited and _runner_name(call) in _THREAD_RUNNERS
                         else call for call in found]
            self._calls[key] = found
        return found

    def exprs(self, node, state, frame: _Frame):
        if type(node) in _COMPREHENSIONS and self.calls(node) and not _over_receivers(node):
            # `[client.predict(b) for b in batches]`: a loop over the items, as its `for` would be
            return self.stmt(self._as_loop(node), state, frame)
        if type(node) is ast.IfExp:  # `self.sock.recv() if expect_response else None`
            taken = _decided(node.test, frame.act.literals)
            if taken is not None:
                state = self.exprs(node.test, state, frame)
                return None if state is None else self.exprs(node.body if taken else node.orelse, state, frame)
            if self.calls(node.body) and self.calls(node.orelse):
                # `self.send(200, clip) if clip else self.send(204)`: one arm runs, not both
                state = self.exprs(node.test, state, frame)
                if state is None:
                    return None
                return join(self.exprs(node.body, state, frame), self.exprs(node.orelse, state, frame), base=state)
        calls = self.calls(node)
        # (a coroutine a task runs is walked as the task starts it: on its own)
        tasks = [c.args[0] for c in calls if type(c.func) in (ast.Attribute, ast.Name) and c.args
                 and (c.func.attr if type(c.func) is ast.Attribute else c.func.id) in _TASK_STARTS]
        for call in calls:
            if state is None:
                return None
            if tasks and any(call is task for task in tasks):
                continue
            state = self.call(call, state, frame)
        return state

    def _quiet_tail(self, stmt, frame: _Frame) -> int:
        """How many statements at the end of a try's body are writes on streams (directly, or
        through helpers of the project that only write), which raise a clause's exception
        classes of the project never, and its argument errors only before they send: none
        unless some clause names only those."""
        if not any(h.type is not None and self._never_after_sending(h.type) for h in stmt.handlers):
            return 0
        count = 0
        for inner in reversed(stmt.body):
            if not self._only_writes(inner, frame.act, 2):
                break
            count += 1
        return count

    def _never_after_sending(self, node) -> bool:
        """Exceptions a write raises only before it sends, or never: the project's own classes,
        and a bad argument's errors (`TypeError` for a str given to `send()`)."""
        names = node.elts if type(node) is ast.Tuple else [node]
        return bool(names) and all(type(n) is ast.Name and (n.id in self.index.classes or n.id in _ARGUMENT_ERRORS)
                                   for n in names)

    def _only_writes(self, stmt, act: Activation, depth: int) -> bool:
        """Does the statement do nothing but write to streams and compute its bytes (builtins,
        str and bytes methods, helpers of the project that do the same)? Such code raises
        OSError, or a builtin's error before it sends, never an exception class of the project."""
        if type(stmt) not in (ast.Expr, ast.For, ast.If, ast.Assign, ast.AugAssign, ast.Pass):
            return False
        for node in ast.walk(stmt):
            kind = type(node)
            if kind in _NOT_QUIET:
                return False
            if kind is not ast.Call:
                continue
            func = node.func
            if type(func) is ast.Name:
                if func.id in _QUIET_BUILTINS and func.id not in self.index.module_functions:
                    continue
            elif type(func) is ast.Attribute:
                if func.attr in _QUIET_METHODS:
                    continue
                if func.attr in C.SOCKET_WRITES | C.FILE_WRITES and isinstance(self.resolver.resolve(func.value, act), Stream):
                    continue
            callee = self.resolver.callee(node, act) if depth else None
            if callee is None or callee is act.func:
                return False
            inner = Activation(callee, cls=act.self_cls if callee.is_method else None)
            if not all(self._only_writes(s, inner, depth - 1) for s in callee.node.body):
                return False
        return True

    def _stream_of(self, expr, frame: _Frame) -> Stream | None:
        found = self.resolver.resolve(expr, frame.act)
        return found if isinstance(found, Stream) else None

    def _chunk_of(self, value, frame: _Frame) -> bool:
        """`s[:BUFSIZE]` with BUFSIZE at least LARGE_PIECE: a chunk of a large buffer, large
        itself but for the last (which follows large ones, whose segments the peer ACKs at once)."""
        func = frame.act.func
        if type(value) is ast.Name and func is not None and value.id in func.params and value.id not in func.bindings \
                and frame.sites:
            # a helper's parameter (`def send(self, data)`): what this call hands it
            names = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
            given = _given_args(names, frame.sites[-1], func.keyword_only).get(value.id)
            return given is not None and type(given) is not ast.Name and self._chunk_of(given, frame)
        if type(value) is ast.Name and func is not None and (loop := _target_loop(func.node, value)) is not None:
            # `for block in [buf[i:i + CHUNK] for i in range(0, len(buf), CHUNK)]: send(block)`
            chunks = loop.iter
            return type(chunks) in (ast.ListComp, ast.GeneratorExp) and type(chunks.elt) is ast.Subscript \
                and self._chunk_of(chunks.elt, frame)
        if type(value) is ast.Name and func is not None and value.id not in func.params \
                and func.bindings.get(value.id):
            # `chunk = buf[:PAGE]` then `send(chunk)`: every value the name takes is such a chunk
            return all(b.index is None and type(b.value) is ast.Subscript and self._chunk_of(b.value, frame)
                       for b in func.bindings[value.id])
        if type(value) is not ast.Subscript or type(value.slice) is not ast.Slice or value.slice.upper is None:
            return False
        lower, upper = value.slice.lower, value.slice.upper
        if lower is not None:
            # `view[offset:offset + CHUNK]`: a slice of CHUNK bytes from wherever the loop is
            if type(upper) is not ast.BinOp or type(upper.op) is not ast.Add:
                return False
            sides = [upper.left, upper.right]
            rest = [side for side in sides if ast.dump(side) != ast.dump(lower)]
            if len(rest) != 1:
                return False
            upper = rest[0]
        bound = self._size_bound(upper, frame)
        return type(bound) is int and bound >= LARGE_PIECE

    def _size_bound(self, expr, frame: _Frame) -> int | None:
        """A constant, or `self.page_size` that the class sets to one (the least of them)."""
        values = [constant(v, self.imports, self.consts(frame)) for v in self._kept_values(expr, frame)]
        return min(values) if values and all(type(v) is int for v in values) else None

    def _kept_values(self, expr, frame: _Frame) -> list:
        """What an expression stands for: itself, or for `self.x` every value the class gives it,
        a constructor parameter's default in place of the parameter (`self.page = page_size`), or
        for a parameter what the call gives it or its default."""
        name = dotted(expr)
        func = frame.act.func
        if type(expr) is ast.Name and func is not None and name in func.params and name not in func.bindings:
            # a parameter: the literal this call gives it, else its default (`delay_s=0.05`)
            given = frame.act.literals.get(name, _NO_LITERAL)
            return [ast.Constant(given) if given is not _NO_LITERAL else default_of(func.node, name)]
        if name is not None and name.startswith("self.") and name.count(".") == 2 and frame.act.self_cls is not None:
            # `self.CONST.wait` where `class CONST:` sits in the class body with `wait = 0.12`
            holder, attr = name.split(".")[1:]
            member = next((c.members[holder] for c in self.index.class_chain(frame.act.self_cls)
                           if holder in c.members), None)
            value = member.attrs.get(attr) if member is not None else None
            return [value if value is not None else expr]
        if name is None or not name.startswith("self.") or name.count(".") != 1 or frame.act.self_cls is None:
            return [expr]
        values = []
        for binding in self.index.self_bindings(frame.act.self_cls, name):
            value, func = binding.value, binding.func
            if type(value) is ast.Name and func is not None and value.id in func.params:
                value = default_of(func.node, value.id)
            values.append(value)
        return values

    def _pauses(self, call: ast.Call, frame: _Frame) -> bool:
        """`time.sleep(s)` (`await asyncio.sleep(s)`), or a helper of ours that spins on the clock
        for s (`self._delay(s)`), for at least PAUSE seconds: a constant, a module constant or an
        attribute the class sets to one."""
        if not call.args:
            return False
        seconds = call.args[0] if self.imports.qualify(call.func) in ("time.sleep", "asyncio.sleep") \
            else self._busy_wait_for(call, frame)
        if seconds is None:
            return False
        # (`self.interval = 0.5` in __init__, the only value it is given; a module constant)
        values = [self.index.consts.get(v.id, v) if type(v) is ast.Name else v
                  for v in self._kept_values(seconds, frame)]
        # (a duration the code reads from elsewhere, `self._timings.click_hold`, is a pause the
        # author chose to put between the writes; a known one shorter than PAUSE is not)
        return bool(values) and all(type(v) is not ast.Constant or type(v.value) in (int, float) and v.value >= PAUSE
                                    for v in values)

    def _busy_wait_for(self, call: ast.Call, frame: _Frame):
        """What the call gives a helper of ours that does nothing but spin on the clock for one of
        its parameters (`def _delay(self, seconds): start = time.time(); while time.time() -
        start < seconds: pass`): that parameter's argument, else None."""
        if self._spinners is None:
            spinning = [(f, name) for f in self.index.functions if (name := self._spins_for(f)) is not None]
            self._spinners = ({f.name for f, _ in spinning}, {id(f): name for f, name in spinning})
        names, spinners = self._spinners
        named = call.func.attr if type(call.func) is ast.Attribute else getattr(call.func, "id", None)
        if named not in names:
            return None
        callee = self.resolver.callee(call, frame.act)
        if callee is None or id(callee) not in spinners:
            return None
        names = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))]
        return _given_args(names, call, callee.keyword_only).get(spinners[id(callee)])

    def _spins_for(self, func: FunctionInfo) -> str | None:
        """The parameter a function spins on the clock for, its body one `while` on a clock
        comparison with nothing but `pass` in it (and what comes before); else None."""
        loops = [stmt for stmt in func.node.body if type(stmt) is ast.While]
        if len(loops) != 1 or loops[0].orelse or any(type(s) is not ast.Pass for s in loops[0].body):
            return None
        test = loops[0].test
        names = {n.id for n in ast.walk(test) if type(n) is ast.Name} & set(func.params)
        if type(test) is not ast.Compare or len(names) != 1 or not any(
                type(n) is ast.Call and self.imports.qualify(n.func) in _CLOCKS for n in ast.walk(test)):
            return None
        return names.pop()

    def _slept_after(self, call: ast.Call, frame: _Frame) -> bool:
        """Does the writing function sleep after this write, before it reads or returns (a
        throttled sender)? (pauses.py)"""
        func = frame.act.func
        if func is None or type(func.node.body) is not list:
            return False
        return pauses.slept_after(func.node.body, call, lambda c: self._pauses(c, frame), _READS)

    def _slept_before(self, node) -> bool:
        """Does a pause come right before this read, in its function or, when that begins
        first, in the callers' (`self._raw(req); time.sleep(1); return self._read()`)? Then the
        read never waits on a piece Nagle held (pauses.py)."""
        if len(self._frames) != len(self.stack) or not self.stack \
                or len(self.stack) != len(self._frames[-1].sites) + 1:
            return False
        sites, target = self._frames[-1].sites, node
        for depth in range(len(self.stack) - 1, -1, -1):
            func, frame = self.stack[depth], self._frames[depth]
            if type(func.node.body) is not list:
                return False
            found = pauses.slept_before(func.node.body, target, lambda c: self._pauses(c, frame))
            if found is not None:
                if found and depth < len(self.stack) - 1:
                    self._taint()  # (the answer came from this caller: not one to replay at others)
                return found
            if depth == 0:
                return self._memo(self._callers_pause_first, func)
            target = sites[depth - 1]
        return False

    def _callers_pause_first(self, func: FunctionInfo) -> bool:
        """A private method walked as a root whose every use is a call `self.<name>()` in its
        class or a base class (a linked module's too) right after a pause: `time.sleep(1);
        self._read()`."""
        if not func.is_method or func.cls is None or not _private(func):
            return False  # (a public method's callers may be other modules' code)
        chain = {id(c) for c in self.index.class_chain(func.cls)}
        uses = paused = 0
        for caller in self.index.functions:
            # (`self.<name>` in an unrelated class is that class's own method)
            related = caller.cls is not None and (
                id(caller.cls) in chain or func.cls in self.index.class_chain(caller.cls))
            for node in branches(caller.node):
                if type(node) is ast.Attribute and node.attr == func.name \
                        and (related or type(node.value) is not ast.Name or node.value.id != "self"):
                    uses += 1
            if id(caller.cls) not in chain:
                continue
            frame = _Frame(Activation(caller))
            for call in self.calls(caller.node.body):
                if type(call.func) is ast.Attribute and call.func.attr == func.name \
                        and type(call.func.value) is ast.Name and call.func.value.id == "self" \
                        and pauses.slept_before(caller.node.body, call, lambda c: self._pauses(c, frame)):
                    paused += 1
        return uses > 0 and paused == uses

    def _closed_after(self, call: ast.Call, frame: _Frame, conn: Conn | None = None) -> bool:
        """Is the statement that runs right after the write's a close of the written stream, or
        of the object that holds it (an error page, then `self.close()`)? The last write on the
        connection: nothing is exchanged after it. (_closed_next)"""
        func = frame.act.func
        receiver = dotted(call.func.value) if type(call.func) is ast.Attribute else None
        if func is None or receiver is None or type(func.node.body) is not list:
            return False
        key = ("closed-after", id(call), id(func))
        if key not in self._interesting:
            owners = {receiver, receiver.rpartition(".")[0]} - {""}  # (`self.close()` closes what self holds)
            self._interesting[key] = _closed_next(func.node.body, call, owners)
        found = self._interesting[key]
        return found is True or found is None and self._closed_after_return(frame, conn)

    def _after_an_event_wait(self) -> bool:
        """Does a function of the walk wait on select(), a poll object or a selector (so that a
        non-blocking read under it takes what arrived)?"""
        return any(self._memo(probes.waits_for_events, f.act.func.node) for f in self._frames if f.act.func is not None)

    def _closed_after_return(self, frame: _Frame, conn: Conn | None) -> bool:
        """A helper that returns right after its write (`push(CLOSE)` then `self.sock.close()`):
        is the call of it followed by a close of the connection in its caller, or in theirs?
        (What this says depends on the callers: the helper's walk is not replayed elsewhere.)"""
        at = next((i for i in range(len(self._frames) - 1, -1, -1) if self._frames[i] is frame), None)
        if conn is None or not at or len(frame.sites) < at:
            return False
        for depth in range(at, 0, -1):
            caller, site = self._frames[depth - 1], self._frames[depth].sites[-1]
            func = caller.act.func
            if func is None or type(func.node.body) is not list or not contains(func.node, site):
                return False  # (a thread's target: it runs on its own, not where it was started)
            found = _closed_next(func.node.body, site, None, lambda owner: self._is_conn(owner, caller, conn))
            if found is not None:
                if found:
                    self._taint()
                return found
        return False

    def _is_conn(self, expr, frame: _Frame, conn: Conn) -> bool:
        stream = self._stream_of(expr, frame)
        return stream is not None and stream.conn is conn

    def _waits_for_a_person(self, call: ast.Call) -> bool:
        """`input()`, a read of the process's standard input, or a prompt library's prompt
        (`getpass.getpass()`, `click.prompt()`, `session.prompt()` of a prompt_toolkit session)."""
        func = call.func
        if type(func) is ast.Name and func.id == "input":
            return "input" not in self.index.module_functions
        if self.imports.qualify(func) in C.PERSON_PROMPTS:
            return True
        if type(func) is ast.Attribute and func.attr == "prompt" and type(func.value) is ast.Name:
            return func.value.id in self._prompt_sessions()
        return type(func) is ast.Attribute and func.attr in C.FILE_READS and (
            self.imports.qualify(func.value) in _STANDARD_INPUT or self._kept_standard_input(func.value))

    def _prompt_sessions(self) -> frozenset:
        """The names the module binds to a prompt session (`session = PromptSession(...)`)."""
        key = ("prompt-sessions",)
        if key not in self._interesting:
            scopes = [self.index.module_bindings, *(func.bindings for func in self.index.functions)]
            self._interesting[key] = frozenset(
                name for bound in scopes for name, bindings in bound.items()
                if all(b.index is None and type(b.value) is ast.Call
                       and self.imports.qualify(b.value.func) in C.PROMPT_SESSIONS for b in bindings))
        return self._interesting[key]

    def _kept_standard_input(self, expr) -> bool:
        """`self.stdin` that every class here keeping it sets to sys.stdin, or to a parameter
        whose default is sys.stdin (`def __init__(self, stdin=sys.stdin)`)."""
        name = dotted(expr)
        if name is None or not name.startswith("self.") or name.count(".") != 1:
            return False
        key = ("standard-input", name)
        if key not in self._interesting:
            values = [(b.value, b.func) for cls in self.index.classes.values() for b in cls.self_bindings.get(name, ())]
            self._interesting[key] = bool(values) and all(
                self.imports.qualify(value) in _STANDARD_INPUT or (
                    type(value) is ast.Name and func is not None and value.id in func.params
                    and self.imports.qualify(default_of(func.node, value.id)) in _STANDARD_INPUT)
                for value, func in values)
        return self._interesting[key]

    def _paced(self, event: WriteEvent) -> bool:
        """Was the write, or a call that led to it, made after waiting for a person on the same
        turn (`line = input()`, then `sock.sendall(line)`)? Its exchange is the person's pace."""
        # (the wait is walked before the writes it paces: its function is known by then)
        return any(id(event.node) in paced or any(id(site) in paced for site in event.sites)
                   for paced in self._paced_calls.values())

    def _handler(self, frame: _Frame) -> Conn | None:
        cls = frame.act.self_cls
        if cls is None:
            return None
        conn = self.resolver.handler_conn(cls)
        return conn if conn is not None and conn.facts.role == C.HTTP_HANDLER else None

    def call(self, call: ast.Call, state, frame: _Frame):
        func = call.func
        if self._waits_for_a_person(call):
            # `line = sys.stdin.readline()` in an interactive loop: each write is paced by what
            # someone types, so the writes around it are not one burst
            walked = frame.act.func
            if walked is not None and id(walked) not in self._paced_calls and type(walked.node.body) is list:
                self._paced_calls[id(walked)] = people.paced_calls(walked.node.body, self._waits_for_a_person)
            return shadow(state)
        if self._pauses(call, frame):
            # `time.sleep(0.5)` between two writes: the first is sent and ACKed (the delayed ACK
            # fires within 40 ms on Linux) before the second is written, which goes at once
            return {conn: frozenset((None, None, 0, False, c[4], False) + c[6:8] + (None,) if c[2] and not c[3] else c
                                    for c in chains) if conn is not PATH else chains
                    for conn, chains in state.items()} if state is not None else state
        if console.is_console_call(call, self.imports):
            # an interactive console on the installed sys.stdout / sys.stdin: its prompt loop
            session = console.session(self, call, frame.act, self._interesting)
            if session is not None:
                return self.loop(session, state, frame)
        if (func.attr if type(func) is ast.Attribute else getattr(func, "id", None)) == "Transport" and call.args \
                and not self._ruled_out \
                and self.imports.qualify(func) in C.SSH_TRANSPORTS:
            # a connection handed to paramiko's Transport (a server's accepted one, or a client's
            # connected one): an SSH session of requests and answers, Nagle on
            stream = self._stream_of(call.args[0], frame)
            if stream is not None and stream.conn.is_tcp and stream.conn.side in (C.SERVER, C.CLIENT):
                read = SSH_TRANSPORT_READ if stream.conn.side == C.SERVER else SSH_CLIENT_TRANSPORT_READ
                self._served_by_library.append((stream.conn, read))
        made = twisted.connection(self.resolver, call, frame.act)
        if made is not None:  # a Twisted protocol's transport: the reactor reads its replies
            conn, receiver = made
            self.result.exchanges.setdefault(conn, FrameworkRead(f"by the reactor, in `{conn.twisted.name}.{receiver}()`"))
        if type(func) is ast.IfExp and (picked := picked_method(func)) is not None:
            # `(sock.sendall if last else sock.send)(data)`: one write (or read) either way
            found = self.resolver.resolve(picked.value, frame.act)
            if isinstance(found, Stream):
                return self.stream_call(found, picked.attr, call, state, frame)
        if type(func) is ast.Attribute:
            method = func.attr
            receiver = func.value
            is_self = type(receiver) is ast.Name and receiver.id == "self"
            is_super = type(receiver) is ast.Call and dotted(receiver.func) == "super"
            own = frame.act.params.get("self") if is_self or is_super else None
            if isinstance(own, Stream) and method in STREAM_METHODS \
                    and (is_super or self.resolver.callee(call, frame.act) is None):
                # in a method of a socket subclass of ours: `super().send(b)`, `self.recv(n)`
                return self.stream_call(own, method, call, state, frame)
            if (is_self or is_super) and method in (C.HTTP_HEADER_WRITES | C.HTTP_CLOSING | {"send_header"}):
                conn = self._handler(frame)
                overridden = is_self and self.resolver.callee(call, frame.act) is not None
                if conn is not None and not overridden:
                    return self.http_call(conn, method, call, state, frame)
            if method == "wrap_socket" and _handshakes(call):
                # the TLS handshake reads the peer's answer: what was written before is sent
                args = args_of(call)
                target = args[0].value if args and args[0].keyword is None else None
                stream = self._stream_of(target, frame) if target is not None else None
                if stream is not None:
                    return self.read(state, stream.conn, call, self._loops(frame))
            if method == "do_handshake" and not call.args:
                # (`wrap_socket(sock, do_handshake_on_connect=False)`, then the handshake itself)
                stream = self._stream_of(receiver, frame)
                if stream is not None:
                    return self.read(state, stream.conn, call, self._loops(frame))
            if method in ("sock_sendall", "sock_recv", "sock_recv_into") and args_of(call):
                stream = self._stream_of(args_of(call)[0].value, frame)
                if stream is not None:
                    if method == "sock_sendall":
                        return self.write(state, stream, call, [a.value for a in args_of(call)[1:2]], frame)
                    return self.read(state, stream.conn, call, self._loops(frame))
            elif is_self and method in C.HTTP_CONNECTION_WRITES and self._http_connection(frame.act.self_cls) \
                    and self.resolver.callee(call, frame.act) is None:
                # an http.client connection class's own request code: the base's send() and
                # endheaders() write on `self.sock`, and its getresponse() reads the reply
                found = self.resolver.lookup("self.sock", frame.act)
                if isinstance(found, Stream) and found.conn.is_tcp:
                    if not self._ruled_out:
                        self.result.kept_reads.setdefault(found.conn, HTTP_CLIENT_READ)
                    return self.write(state, found, call, _first(call) if method == "send" else [], frame)
            elif is_self and (method == "write" or method in C.TELNET_READS) and frame.act.self_cls is not None \
                    and (found := self.resolver.telnet_stream(frame.act.self_cls)) is not None \
                    and self.resolver.callee(call, frame.act) is None:
                return self.stream_call(found, method, call, state, frame)  # a Telnet subclass's own I/O
            elif is_self and method in C.DISPATCHER_WRITES | C.DISPATCHER_READS and frame.act.self_cls is not None \
                    and self.resolver.callee(call, frame.act) is None:
                # an asyncore dispatcher's own send()/recv(), async_chat's push(): its socket
                found = self.resolver.dispatcher_stream(frame.act.self_cls)
                if found is not None:
                    return self.stream_call(found, "send" if method == "push" else method, call, state, frame)
            elif method in ("connect", "connect_ex", "sock_connect", "open") and not is_self and state is not None \
                    and not self._ruled_out and (method != "sock_connect" or args_of(call)):
                # `self._socket.connect(addr)` (`loop.sock_connect(sock, addr)`) on a socket made
                # elsewhere (`__init__`): a new connection starts here, nothing sent on it yet (a
                # greeting read is no reply)
                found = self.resolver.resolve(args_of(call)[0].value if method == "sock_connect" else receiver,
                                              frame.act)
                if isinstance(found, Stream) and found.role == (C.TELNET if method == "open" else C.SOCKET) \
                        and found.conn.side == C.CLIENT:
                    self._taint()
                    found.conn.reconnected_in.update(loop.key for loop in frame.loops if _each_turn(loop.node, call))
                    chains = self._chains(state, found.conn)
                    return {**state, found.conn: _restarted(chains, COLD)}
            elif method in STREAM_METHODS and not is_self:
                found = self.resolver.resolve(receiver, frame.act)
                if isinstance(found, Stream):
                    override = self._overridden(found, method)
                    if override is not None:  # `self._sock.send(text)`, a socket subclass's own send()
                        if method in C.SOCKET_WRITES and not self._ruled_out:
                            self._name(found.conn, found, call, frame)  # (as the caller names it)
                        return self.inline(override, call, state, frame, on_instance=True, instance_cls=override.cls,
                                           given={"self": found})
                    return self.stream_call(found, method, call, state, frame)
                found = self.resolver.forwarded(call, frame.act)
                if found is not None:  # a wrapper object whose __getattr__ hands on its socket's
                    return self.stream_call(found, method, call, state, frame)
                if method == "setsockopt" and id(call) not in self.result.loose_setopts:
                    args = positional(call)
                    if len(args) >= 3:
                        consts = self.consts(frame)
                        self.result.loose_setopts[id(call)] = (call, *(constant(a, self.imports, consts)
                                                                        for a in args[:3]))
            elif not is_self and not is_super and self._socket_subclasses():
                # `s.call(b"ping")` on a socket made from a socket subclass of ours that defines
                # call(): its body runs with self the socket (`self.sendall(n)`, `self.recv(k)`)
                found = self.resolver.resolve(receiver, frame.act)
                override = self._overridden(found, method) if isinstance(found, Stream) else None
                if override is not None:
                    return self.inline(override, call, state, frame, on_instance=True, instance_cls=override.cls,
                                       given={"self": found})
        if type(func) is ast.Attribute and func.attr in queues.GETS and type(func.value) is ast.Attribute \
                and (conn := self._queued_replies(func.value, frame)) is not None:
            # `self.replies.get()`, filled by a reader thread's `recv()`: the reply is read here
            return self.read(state, conn, call, self._loops(frame))
        bound = self._bound_method(func, frame)
        if bound is not None:  # `self._send = sock.sendall` ... `self._send(data)`
            return self.stream_call(bound.stream, bound.method, call, state, frame)
        callee = self.resolver.callee(call, frame.act)
        # (`inst.write(cmd)` on a parameter annotated `inst: Instrument` is a wrapper object's
        # method, run on that instance)
        on_other = callee is not None and callee.is_method and not class_level(callee) \
            and type(func) is ast.Attribute and dotted(func.value) != "self"
        if callee is not None and not on_other:
            return self.inline(callee, call, state, frame)
        methods = self.resolver.instance_callees(call, frame.act)
        if methods:  # a wrapper object's method: its self attributes are its own
            given = self._given_attributes(func.value, frame) if type(func) is ast.Attribute else {}
            return self._join_instances([self.inline(method, call, state, frame, on_instance=True, instance_cls=cls,
                                                     given=given)
                                         for method, cls in methods], [cls for _, cls in methods])
        if callee is not None:
            return self.inline(callee, call, state, frame)
        held = self.resolver.kept_callable(call, frame.act)
        if held is not None:  # `self._handler(client)`: the function its constructor was handed
            return self._call_held(held, call, state, frame)
        if type(func) is ast.Attribute and self._inherited_unread(func, frame):
            return shadow(state)  # `session.expect(p)`: run by a base class that was not read
        if type(func) is ast.Attribute and func.attr not in _LOCAL_SOCKET_CALLS and self._on_channel(func.value, frame):
            return shadow(state)  # `chan.exec_command(c)`: a channel request, maybe answered
        if type(func) is ast.Attribute and (func.attr in _WAITS or func.attr == "acquire"
                                            and self._signal_semaphore(func.value, frame.act)):
            # `request.response_event.wait(timeout)`, `self._reply_ready.acquire()`: blocked until
            # another thread (a reader) acts, often on the peer's answer: the writes before may
            # have been answered. A connection this call made and still holds is another thread's
            # meanwhile (an I/O thread's `await self._closed.wait()` while callbacks exchange on
            # it): no one exchange
            if state is not None and func.attr == "wait":
                self._lent_out.update(c for c in self._made_here if c in state and not _is_closed(state[c]))
            return shadow(state)
        named = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
        built = self.resolver.class_named(func, frame.act) if named in self.index.classes else None
        init = self.index.method(built, "__init__") if built is not None else None
        if init is not None and self._connects_in_init(init):
            # `inst = Instrument(host, port)`: its __init__ runs here, and a connection it makes
            # is new (its first bytes are ACKed at once)
            return self.inline(init, call, state, frame, on_instance=True, instance_cls=built)
        return self.spawned(call, state, frame)

    def _signal_semaphore(self, held, act: Activation) -> bool:
        """Is held a semaphore made with nothing to take (`self._reply_ready =
        threading.Semaphore(0)`, every binding of the name)? Its acquire() waits until another
        thread releases it, a reader thread once a reply is in: not a lock around a write."""
        key = dotted(held)
        if key is None or act.func is None:
            return False
        if key.startswith("self.") and key.count(".") == 1:
            cls = act.self_cls or act.func.cls
            bindings = self.index.self_bindings(cls, key) if cls is not None else []
        elif "." not in key:
            bindings = act.func.bindings.get(key) or self.index.module_bindings.get(key, [])
        else:
            return False
        return bool(bindings) and all(
            b.index is None and type(b.value) is ast.Call and len(b.value.args) == 1 and is_const(b.value.args[0], 0)
            and (self.imports.qualify(b.value.func) or "") in _SEMAPHORES for b in bindings)

    def _inherited_unread(self, func: ast.Attribute, frame: _Frame) -> bool:
        """Is the method called on a wrapper object of ours whose class lacks it but has a base
        of the project (or a package) that was not read, while the class touches a stream
        (`session.expect(p)` on a `SocketSpawn(SpawnBase)`, `expect()` being SpawnBase's)? What
        runs is not known and may read the stream it holds."""
        if frame.act.func is None or not self._unread_bases():
            return False
        classes = self.resolver.receiver_classes(func.value, frame.act)
        if not classes or any(self.index.method(cls, func.attr) is not None for cls in classes):
            return False
        unread = self._unread_bases()
        return any(id(c) in unread for cls in classes for c in self.index.class_chain(cls)) and any(
            self.interesting(m) for cls in classes for c in self.index.class_chain(cls) for m in c.methods.values())

    def _unread_bases(self) -> frozenset:
        """Ids of the classes with a base of the project (or a package) that was not read."""
        key = ("unread-bases",)
        if key not in self._interesting:
            self._interesting[key] = frozenset(
                id(c) for c in self.index.classes.values() for base in c.bases
                if dotted(base) not in self.index.classes and _project_name(self.imports.qualify(base)))
        return self._interesting[key]

    def _lends(self, context_expr, frame: _Frame) -> bool:
        """`with self._sock_ctx() as sock:`, a `@contextmanager` that yields a kept connection:
        its exit may keep it open, so the `with` is not the connection's end."""
        if type(context_expr) is not ast.Call:
            return False
        callee = self.resolver.callee(context_expr, frame.act)
        return callee is not None and entered_by_with(callee)

    def _on_channel(self, receiver, frame: _Frame) -> bool:
        if type(receiver) not in (ast.Name, ast.Attribute) or dotted(receiver) in (None, "self") \
                or not channels.possible(self.resolver):
            return False
        found = self.resolver.resolve(receiver, frame.act)
        return isinstance(found, Stream) and found.role == C.CHANNEL

    def _join_instances(self, outs: list, classes: list):
        """The state after a method of a wrapper object that may be an instance of several classes
        (`self.link.open()`, self.link a UnixLink or a TcpLink). A connection made in a method of
        some of those classes only (UnixLink's `self.sock = socket.socket(AF_UNIX)`) is the
        instance's own: later code reaches it through an instance of such a class, for which this
        call ran that class's method. The walks of the other classes, which leave it as it was,
        are not its history: joining them would carry what a closed or replaced connection left
        pending into the one just made (the other classes' walk, then this class's next read)."""
        merged = join(*outs)
        if merged is None or len(classes) < 2:
            return merged
        lineages = [{id(klass) for klass in self.index.class_chain(cls)} for cls in classes]
        restricted = {}
        for conn in merged:
            owner = conn.origin_func.cls if isinstance(conn, Conn) and conn.origin_func is not None else None
            if owner is None or not conn.origin_func.is_method:
                continue
            mine = [out for out, ids in zip(outs, lineages) if id(owner) in ids]
            live = [out for out in mine if out is not None]
            if len(mine) == len(outs) or not live:
                continue  # made in a base every class shares (or by no class here): all the walks
            restricted[conn] = join(*({conn: self._chains(out, conn)} for out in live))[conn]
        return {**merged, **restricted} if restricted else merged

    def _bound_method(self, func, frame: _Frame) -> "BoundMethod | None":
        """A stream's write or read method kept in a name or attribute, or passed as an argument."""
        if type(func) is ast.Name and isinstance(frame.act.params.get(func.id), BoundMethod):
            return frame.act.params[func.id]
        if type(func) is ast.Attribute and type(func.value) is ast.Name \
                and isinstance(record := frame.act.params.get(func.value.id), MethodRecord):
            return record.get(func.attr)  # `writer.send(data)` of a `_Writer(sock.send)`
        key = dotted(func)
        if key is None or (type(func) is ast.Attribute and not key.startswith("self.")) \
                or key not in self.index.attribute_valued:
            return None
        found = None
        for value, where in self._bound(func, frame):
            if is_const(value, None):
                continue  # (a placeholder until the connection is made: `self.com_read = None`)
            method = self._method_of(value, Activation(where, cls=frame.act.cls) if where is not None else frame.act)
            if method is None or (found is not None and (method.stream.conn, method.method) !=
                                  (found.stream.conn, found.method)):
                return None
            found = method
        return found

    def _method_record(self, value, frame: _Frame) -> MethodRecord | None:
        """`_Writer(self.sock.send)`, or `self._writer()` returning one: an object of a class of
        ours whose constructor keeps a stream's bound methods it is handed in attributes
        (`self.send = send`), and that has no method of its own beyond the constructor."""
        act = frame.act
        if type(value) is ast.Name:
            held = act.params.get(value.id)
            if isinstance(held, MethodRecord):
                return held  # handed on by the helper it was handed to
            bindings = act.func.bindings.get(value.id, ()) if act.func is not None else ()
            if len(bindings) != 1 or bindings[0].index is not None:
                return None
            value = bindings[0].value  # `writer = _Writer(sock.send)`
        if type(value) is ast.Call and type(value.func) is ast.Attribute and dotted(value.func.value) == "self" \
                and act.func is not None and act.func.cls is not None:
            maker = self.index.method(act.self_cls or act.func.cls, value.func.attr)  # `self._writer()`
            returned = [r.value for r in return_statements(maker.node)] if maker is not None and not maker.params[1:] else []
            if len(returned) != 1:
                return None
            value, act = returned[0], Activation(maker, cls=act.cls)
        if type(value) is not ast.Call:
            return None
        # (the methods are the streams of this activation: `_Writer(sock.send)` of a parameter)
        key = ("method-record", id(value), id(act.self_cls), tuple(sorted((k, id(v)) for k, v in act.params.items())))
        if key not in self._interesting:
            self._interesting[key] = None
            cls = self.resolver.class_named(value.func, act)
            init = self.index.method(cls, "__init__") if cls is not None else None
            if init is not None and set(cls.methods) == {"__init__"}:
                handed = _handed(init, value)
                methods = []
                for attr, binding in ((k[5:], b) for k, values in cls.self_bindings.items() for b in values):
                    if binding.func is init and binding.index is None and type(binding.value) is ast.Name \
                            and binding.value.id in handed and "." not in attr:
                        method = self._method_of(handed[binding.value.id], act)
                        if method is not None:
                            methods.append((attr, method))
                if methods:
                    self._interesting[key] = MethodRecord(tuple(methods))
        return self._interesting[key]

    def _method_of(self, value, act: Activation) -> "BoundMethod | None":
        if type(value) is ast.IfExp:  # `send = sock.write if tls else sock.sendall`
            value = picked_method(value) or value
        if type(value) is not ast.Attribute or value.attr not in STREAM_METHODS:
            return None
        stream = self.resolver.resolve(value.value, act)
        return BoundMethod(stream, value.attr) if isinstance(stream, Stream) else None

    def spawned(self, call: ast.Call, state, frame: _Frame):
        """Thread(target=f, args=(conn,)), _thread.start_new_thread(f, (conn,)) and
        asyncio.create_task(f(conn)): f runs on its own, with the connections it was handed as
        the caller holds them (one just accepted is fresh: a handler that answers once and
        closes makes one exchange) and nothing else pending. executor.submit(f, msg, session): a
        job that runs now, and in a request/response protocol before the caller's next read
        (the client waits for its answer): as if called here. The state after the call."""
        func = call.func
        if type(func) is ast.Attribute and not (func.attr.endswith(("Thread", "Process")) or func.attr in _SPAWNS):
            # (qualifying keeps an attribute's last name: most calls end here, cheaply)
            return self._unfollowed(call, state, frame)
        name = self.imports.qualify(func) or dotted(func) or ""
        target, args = None, []
        if name.endswith("Thread") or name.endswith("Process"):
            for arg in args_of(call):
                if arg.keyword == "target":
                    target = arg.value
                elif arg.keyword == "args" and type(arg.value) in (ast.Tuple, ast.List):
                    args = [e for e in arg.value.elts if type(e) is not ast.Starred]
        elif name.rpartition(".")[2] in _TASK_STARTS and call.args and type(call.args[0]) is ast.Call:
            target, args = call.args[0].func, positional(call.args[0])  # `create_task(relay(a, b))`
        elif name.endswith(".submit") and args_of(call):
            target, args = args_of(call)[0].value, [a.value for a in args_of(call)[1:] if a.keyword is None]
        elif name in _THREAD_STARTS and len(call.args) >= 2 and type(call.args[1]) in (ast.Tuple, ast.List):
            target, args = call.args[0], [e for e in call.args[1].elts if type(e) is not ast.Starred]
        elif type(func) is ast.Attribute and func.attr in C.LOOP_CALLBACKS and len(call.args) >= 2 \
                and not any(type(a) is ast.Starred for a in call.args):
            # `loop.add_reader(sock, self.readable, sock)`: the loop calls it each time the socket
            # is readable, with those arguments: a loop of calls on a connection it keeps
            self._called_back(call, state, frame)
            return state
        if target is None:
            return self._unfollowed(call, state, frame)
        target, args = self._unwrapped_target(target, args)
        fake = self._interesting.get(("spawned", id(call)))
        if fake is None:  # (one node per call, the walk's memo knowing sites by identity; no
            # position: a node the analysis made belongs to no file)
            fake = self._interesting[("spawned", id(call))] = ast.Call(func=target, args=list(args), keywords=[])
        job = name.endswith(".submit") and state is not None
        if job:
            self.result.job_calls.add(id(fake))
        handed = dict(state) if job else {}
        for value in args if not job else ():
            stream = self._stream_of(value, frame)
            if stream is not None and state is not None and stream.conn in state:
                handed[stream.conn] = state[stream.conn]
        callee = self.resolver.callee(fake, frame.act)
        if callee is not None:
            out = self.inline(callee, fake, handed, frame)
            return out if job and out is not None else state
        held = self.resolver.kept_callable(fake, frame.act)
        if held is not None:  # `executor.submit(self._handler, client)`
            out = self._call_held(held, fake, handed, frame)
            return out if job and out is not None else state
        # `Thread(target=server.loop, args=(conn,))` with `server = Handler(...)`: its method
        outs = [self.inline(method, fake, dict(handed), frame, on_instance=True, instance_cls=cls)
                for method, cls in self.resolver.instance_callees(fake, frame.act)]
        return (join(*outs) or state) if job and outs else state

    def _call_held(self, held: tuple, call: ast.Call, state, frame: _Frame):
        """A kept callable's function run with the call's arguments: a method on the instance
        of the class that handed it (`self._handle_connection` of the app, not of the server
        that keeps it)."""
        function, cls = held
        if cls is None:
            return self.inline(function, call, state, frame)
        bound = ast.Call(func=ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=function.name,
                                            ctx=ast.Load()), args=call.args, keywords=call.keywords)
        return self.inline(function, bound, state, frame, on_instance=True, instance_cls=cls)

    def _unfollowed(self, call: ast.Call, state, frame: _Frame):
        """The state after a call of a function not followed (another package's, or a module of
        the project not read): one handed a file that only reads a connection, or its socket's
        read method, reads it (`parse_request_line(rfile)`, `json.load(rfile)`,
        `timeout_after(1, sock.recv, n)`); one handed a method of ours that reads may call it
        (`read_frame(self._recv_exact)`): what was written before may have been answered."""
        if state is None or not call.args or not self._plain_function(call.func):
            return state
        for arg in call.args:
            if type(arg) is ast.Name or type(arg) is ast.Attribute and type(arg.value) is ast.Name \
                    and arg.value.id == "self" and arg.attr not in self.index.member_names:
                stream = self._stream_of(arg, frame)
                if stream is not None and stream.role == C.READER and not self._ruled_out:
                    return self.read(state, stream.conn, call, self._loops(frame))
            if type(arg) is not ast.Attribute:
                continue
            method = self._method_of(arg, frame.act) if arg.attr in _READS else None
            if method is not None:  # `timeout_after(1, sock.recv, n)`: run now, a read
                return self.read(state, method.stream.conn, call, self._loops(frame)) if not self._ruled_out else state
            cls = frame.act.self_cls if type(arg.value) is ast.Name and arg.value.id == "self" else None
            method = self.index.method(cls, arg.attr) if cls is not None and arg.attr in self.index.member_names else None
            if method is not None and self.interesting(method, _READS):
                return shadow(state)
        return state

    def _plain_function(self, func) -> bool:
        """`parse_request(rfile)`, `json.load(rfile)`: a function, or one of an imported module,
        no builtin (`isinstance`, `print`), class (`TextIOWrapper(rfile)` reads later) or method
        of an object of the code's (`self.files.append(rfile)` keeps it)."""
        if type(func) is ast.Attribute and type(func.value) is ast.Name \
                and (func.value.id in self.imports.modules or func.value.id in self.imports.names):
            name = func.attr  # (`from . import frame`, then `frame.parse(rfile)`)
        elif type(func) is ast.Name and func.id not in _BUILTIN_NAMES:
            name = func.id
        else:
            return False
        return not name[:1].isupper() and name not in _KEEPS_A_FILE

    def _unwrapped_target(self, target, args: list) -> tuple:
        """The function a thread runs and its arguments, through `functools.partial(f, conn)`
        and `lambda: f(conn)` (the partial's arguments come first)."""
        if type(target) is ast.Call and target.args and not any(type(a) is ast.Starred for a in target.args) \
                and self.imports.qualify(target.func) == "functools.partial":
            return target.args[0], [*target.args[1:], *args]
        spec = target.args if type(target) is ast.Lambda else None
        if spec is not None and not args and type(target.body) is ast.Call \
                and not (spec.posonlyargs or spec.args or spec.vararg or spec.kwonlyargs or spec.kwarg) \
                and not any(type(a) is ast.Starred for a in target.body.args):
            return target.body.func, list(target.body.args)
        return target, args

    def _as_if(self, loop: ast.While) -> ast.If:
        key = ("as-if", id(loop))
        if key not in self._interesting:
            self._interesting[key] = ast.copy_location(ast.If(test=loop.test, body=loop.body, orelse=loop.orelse), loop)
        return self._interesting[key]

    def _called_back(self, call: ast.Call, state, frame: _Frame) -> None:
        key = ("called-back", id(call))
        if key not in self._interesting:
            fake = ast.Call(func=call.args[1], args=list(call.args[2:]), keywords=[])
            loop = ast.While(test=ast.Constant(value=True), body=[ast.Expr(value=fake)], orelse=[])
            for node in ast.walk(loop):
                if getattr(node, "lineno", None) is None:
                    ast.copy_location(node, call)
            self._interesting[key] = loop
        loop = self._interesting[key]
        handed = {}
        for value in call.args[2:]:
            stream = self._stream_of(value, frame)
            if stream is not None and state is not None and stream.conn in state:
                handed[stream.conn] = state[stream.conn]
        self.stmt(loop, handed, frame)

    def _closing(self, state, conn: Conn):
        return {**state, conn: frozenset(chain[:6] + (CLOSING,) + chain[7:] for chain in self._chains(state, conn))}

    def http_call(self, conn: Conn, method: str, call, state, frame: _Frame):
        wfile = self.resolver.self_attr(frame.act.self_cls, "self.wfile")
        if method == "send_header":  # Connection: close makes the server close after this response
            args = [a.value for a in args_of(call)]
            if len(args) >= 2 and all(is_str(a) for a in args[:2]):
                name, value = (a.value.lower() for a in args[:2])
                if name == "connection" and value == "close":
                    return self._closing(state, conn)
            return state
        if method in C.HTTP_CLOSING:
            return self._closing(state, conn)
        if isinstance(wfile, Stream):
            return self.write(state, wfile, call, (), frame)
        return state

    def stream_call(self, stream: Stream, method: str, call, state, frame: _Frame):
        role, conn = stream.role, stream.conn
        if role == C.CHANNEL:
            # send() is one piece, recv() waits for the peer; any other method of the channel
            # (close() included) may send or wait: what was written may have been read
            if method in C.SOCKET_WRITES:
                return self.write(state, stream, call, _first(call), frame)
            if method in C.SOCKET_READS:
                return self.read(state, conn, call, self._loops(frame))
            return shadow(state)
        if method == "setsockopt":
            return self.setopt(state, stream, call, frame)
        if method in ("set_nodelay", "setTcpNoDelay"):
            arg = args_of(call)[0].value if args_of(call) else None
            value = constant(arg, self.imports, self.index.consts) if arg is not None else 1
            if type(arg) is ast.Name and arg.id in frame.act.literals:
                value = frame.act.literals[arg.id]
            if value != 0 and not self._ruled_out:
                if self._passed_on(arg, frame):
                    conn.nodelay_setter = method
                else:
                    conn.nodelay = True
            return state
        if role == C.SOCKET:
            if method == "sendto" and conn.is_tcp and conn.maybe_udp:
                # a datagram to an address: the path where the name holds a UDP socket
                # (`if self.tcp: sock.send(b) else: sock.sendto(b, addr)`). (On a connected TCP
                # socket alone, Linux sends the bytes and ignores the address: a write.)
                return state
            if method in C.SOCKET_WRITES:
                return self.write(state, stream, call, _first(call), frame)
            if method in C.SOCKET_READS:
                func = frame.act.func
                if func is not None and (id(call) in self._memo(probes.probe_reads, func.node) or (
                        id(call) in self._memo(probes.nonblocking_probes, func.node) and not self._after_an_event_wait())):
                    return state  # a liveness probe: it neither waits for nor takes a reply
                return self.read(state, conn, call, self._loops(frame))
            if method in C.CLOSES:
                return self.close(state, stream)
            if method in C.TLS_SOCKET_IO and self._tls_module():
                # an ssl.SSLSocket's write()/read() (a plain socket has neither): one record each
                if method == "write":
                    return self.write(state, stream, call, _first(call), frame)
                return self.read(state, conn, call, self._loops(frame))
            return state
        if role in (C.RAW_WRITER, C.BUFFERED_WRITER, *_READ_WRITE):
            if method in C.FILE_WRITES:
                return self.write(state, stream, call, _first(call), frame)
            if method == "flush" or method == "close":
                return self.flush(state, stream, call, frame)
            if role in _READ_WRITE and method in C.FILE_READS:
                return self.read(state, conn, call, self._loops(frame))
            return state
        if role == C.READER and method in C.FILE_READS:
            return self.read(state, conn, call, self._loops(frame))
        if role == C.ASYNC_WRITER:
            if method in ("write", "writelines"):
                return self.write(state, stream, call, _first(call), frame)
            if method == "close":
                return self.close(state, stream)
            return state
        if role == C.TELNET:  # telnetlib.Telnet: write() is one sendall()
            if method == "write":
                return self.write(state, stream, call, _first(call), frame)
            if method in C.TELNET_READS:
                return self.read(state, conn, call, self._loops(frame))
            if method == "close":
                return self.close(state, stream)
            return state
        if role == C.MP_CONNECTION:  # multiprocessing.connection: each send() one piece
            if method in C.MP_WRITES:
                return self.write(state, stream, call, _first(call), frame)
            if method in C.MP_READS:
                return self.read(state, conn, call, self._loops(frame))
            if method == "close":
                return self.close(state, stream)
            return state
        if role == C.IOSTREAM:
            if method == "write":
                return self.write(state, stream, call, _first(call), frame)
            if method in C.IOSTREAM_READS:
                if method == "read_until_close" and any(a.keyword == "streaming_callback" or
                                                        (a.keyword is None and i == 1) for i, a in enumerate(args_of(call))):
                    # a reader for the connection's whole life: it reads the replies to whatever
                    # other methods write on it later
                    if not self._ruled_out:
                        self.result.kept_reads.setdefault(conn, call)
                return self.read(state, conn, call, self._loops(frame))
            if method == "close":
                return self.close(state, stream)
            return state
        if role == C.ASYNC_READER and method in C.ASYNC_READS:
            return self.read(state, conn, call, self._loops(frame))
        return state

    def _as_loop(self, comp) -> ast.For:
        """The `for` statement a list, set or dict comprehension stands for (one per node)."""
        key = ("as-loop", id(comp))
        if key not in self._interesting:
            elt = ast.Tuple(elts=[comp.key, comp.value], ctx=ast.Load()) if type(comp) is ast.DictComp else comp.elt
            body: list = [ast.Expr(value=elt)]
            for generator in reversed(comp.generators):
                for test in reversed(generator.ifs):
                    body = [ast.If(test=test, body=body, orelse=[])]
                body = [ast.For(target=generator.target, iter=generator.iter, body=body, orelse=[], type_comment=None)]
            loop = body[0]
            for node in ast.walk(loop):
                if not hasattr(node, "lineno") or getattr(node, "lineno", None) is None:
                    ast.copy_location(node, comp)
            self._interesting[key] = loop
        return self._interesting[key]

    def _socket_has(self, test, frame: _Frame) -> bool | None:
        """Which way `if hasattr(self.sock, "write"):` goes on a plain socket, which has no
        write() (a shim for MicroPython's sockets, whose turn never comes here); None when the
        module may have wrapped it in TLS (an ssl.SSLSocket has write() and read())."""
        negated = type(test) is ast.UnaryOp and type(test.op) is ast.Not
        call = test.operand if negated else test
        if type(call) is not ast.Call or dotted(call.func) != "hasattr" or len(call.args) != 2 or call.keywords \
                or not is_str(call.args[1]) or dotted(call.args[0]) is None:
            return None
        stream = self._stream_of(call.args[0], frame)
        if stream is None or stream.role != C.SOCKET or not stream.conn.is_tcp:
            return None
        name = call.args[1].value
        has = True if hasattr(_socket.socket, name) else None if self._tls_module() else False
        return has if has is None or not negated else not has

    def _tls_module(self) -> bool:
        """Does the module wrap a socket in TLS (`ctx.wrap_socket(sock)`)?"""
        if self._wraps_tls is None:
            self._wraps_tls = any(type(node) is ast.Attribute and node.attr == "wrap_socket"
                                  for node in ast.walk(self.index.module))
        return self._wraps_tls

    def _passed_on(self, arg, frame: _Frame) -> bool:
        """Is `set_nodelay(x)` a setter passing its own parameter on (`def set_nodelay(self, x):
        self.stream.set_nodelay(x)`) in a module that never calls one with a true value? Then
        only the application turns Nagle off, and by default it stays on."""
        func = frame.act.func
        if type(arg) is not ast.Name or func is None or arg.id not in func.params or arg.id in func.bindings:
            return False
        if self._true_setter_call is None:
            self._true_setter_call = any(
                type(node) is ast.Call and type(node.func) is ast.Attribute
                and node.func.attr in ("set_nodelay", "setTcpNoDelay")
                and (not node.args or constant(node.args[0], self.imports, self.index.consts) not in (0, None))
                for node in ast.walk(self.index.module))
        return not self._true_setter_call

    def inline(self, callee: FunctionInfo, call: ast.Call, state, frame: _Frame, on_instance: bool = False,
               instance_cls: ClassInfo | None = None, given: dict | None = None):
        """given: the instance's attributes its constructor was handed streams for (`self.socket`
        of `NodePeer(sock)`)."""
        if not self.interesting(callee):
            return state
        if len(self.stack) > MAX_INLINE_DEPTH or callee in self.stack or self.steps > STEP_BUDGET:
            # A helper that touches streams but is not followed (too deep, recursive, budget):
            # it may read, so the writes before it are not known to be one message.
            self._taint()
            return shadow(state)
        for walk in self._open_walks:
            walk.depth = max(walk.depth, len(self.stack))
        params = {}
        names = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))]
        if unbound_on_self(call, callee) or type(call.func) is ast.Name and call.func.id in frame.act.wrapped:
            names = ["self", *names]  # `Base.send(self, sock, msg)`: self first, then the parameters
        for name, value in zip(positional_params(callee, names), positional(call)):
            if name == "self":
                continue
            stream = self._stream_of(value, frame)
            if stream is not None:
                params[name] = stream
            else:  # write_varint(sock.sendall, n): the helper calls the stream's method
                method = self._method_of(value, frame.act) or self._method_record(value, frame)
                if method is not None:
                    params[name] = method
                elif (instance := self._instance_of(value, frame)) is not None:
                    params[name] = instance  # a wrapper object of ours: its methods are followed
                    for attr, held in self._handed_attributes(value, frame).items():
                        params[f"{name}.{attr}"] = held  # (`session.conn`, the caller's connection)
        for arg in args_of(call):
            if arg.keyword is not None and arg.keyword in names:
                stream = self._stream_of(arg.value, frame)
                if stream is not None:
                    params[arg.keyword] = stream
        given = dict(given or {})
        if frame.act.given and type(call.func) is ast.Attribute and dotted(call.func.value) == "self":
            given.update((key, frame.act.params[key]) for key in frame.act.given if key in frame.act.params)
        for key, stream in given.items():
            params.setdefault(key, stream)
        if (not on_instance and callee.cls is not None and frame.act.func is not None
                and frame.act.self_cls is None and callee.is_method and not class_level(callee)):
            return state  # a method called on something that is not self: not ours to follow
        # Same helper, same streams, same incoming state: same outcome (and the same events
        # recorded), so a helper called from many places is walked once per distinct state.
        sites = frame.sites + (call,)
        literals = _literal_args(callee, names, call, frame.act.literals)
        # (a wrapper object's method runs with self bound to the instance's class, maybe a subclass)
        self_cls = instance_cls if on_instance else frame.act.self_cls if callee.is_method else None
        around = self._loops(frame)
        shared = (id(callee), tuple(sorted((k, id(v)) for k, v in params.items())),
                  _loop_signature(around, state, params), frozenset(state.items()), id(self_cls),
                  self._later_turns > 0 if self._has_once_guard(callee) else None, tuple(sorted(literals.items())))
        key = shared + (tuple(id(c) for c in sites), self._ruled_out > 0)
        if key in self._inlined:
            out, began, ended, done = self._inlined[key]
            if done is None:
                self._taint(after=began)  # (a walk begun after that one cannot replay it elsewhere)
            elif self._open_walks:
                # the same walk, done before at these very call sites: a walk in progress that
                # began after it replays its journal entries from there
                self._journal.append(("again", began, ended))
                funcs, depth = done
                for walk in self._open_walks:
                    walk.funcs |= funcs
                    walk.depth = max(walk.depth, len(self.stack) + depth)
            return out
        if self._ruled_out:
            shared = None  # (what a ruled-out branch records depends on the callers)
        else:
            # (a later turn's writes are events of their own: only a walk that wrote nothing, a
            # reader's `_get_line()` in a reply loop, is the same on every turn)
            replay = self._replays.get(shared)
            if replay is not None and self._replayable(replay) and (replay.unwritten or not self._later_turns):
                began = len(self._journal)
                out = self._replay(replay, sites, around)
                self._inlined[key] = (out, began, len(self._journal), (replay.funcs, replay.depth))
                return out
        began = len(self._journal)
        walk = _OpenWalk(began, len(self.stack))
        self._open_walks.append(walk)
        steps, touches = self.steps, self._touches
        self.stack.append(callee)
        try:
            out = self.function(Activation(callee, params, cls=self_cls, literals=literals, given=frozenset(given)),
                                state, around, sites,
                                frame.outer_conds + tuple((test, frame.act.func) for test in frame.conds))
        finally:
            self.stack.pop()
            self._open_walks.pop()
        for outer in self._open_walks:
            outer.funcs |= walk.funcs
            outer.funcs.add(id(callee))
        self._inlined[key] = (out, began, len(self._journal),
                              None if walk.tainted else (frozenset(walk.funcs | {id(callee)}), walk.depth - walk.base))
        if shared is not None and not walk.tainted and not self._walked_by_callers:
            # (a walk under such a root records no kept write: not one to replay elsewhere)
            self._keep_replay(shared, walk, state, out, sites, callee, self.steps - steps, self._touches - touches,
                              around)
        return out

    def _queued_replies(self, held: ast.Attribute, frame: _Frame) -> Conn | None:
        """The connection whose reads a reader thread puts on the queue `held` (`self.replies`,
        `self.link.queue` of a wrapper object of ours), None for any other queue."""
        if frame.act.func is None:
            return None
        owner = held.value
        classes = [frame.act.self_cls] if type(owner) is ast.Name and owner.id == "self" \
            else self.resolver.receiver_classes(owner, frame.act)
        for cls in classes:
            if cls is None:
                continue
            key = ("fed-queues", id(cls))
            if key not in self._interesting:
                self._interesting[key] = queues.fed_queues(self.index, cls, self._read_conn)
            conn = self._interesting[key].get(held.attr)
            if conn is not None:
                return conn
        return None

    def _handed_attributes(self, value, frame: _Frame) -> dict:
        """The connections an object handed to a helper holds, as this walk knows them: built
        here around them (`session = ClientSession(conn=conn)`: {"conn": the accepted
        connection}), or handed to this frame so (`def _answer(self, session)`)."""
        if type(value) is not ast.Name:
            return {}
        prefix = value.id + "."
        handed = {key[len(prefix):]: held for key, held in frame.act.params.items() if key.startswith(prefix)}
        if handed:
            return handed
        return {key[len("self."):]: held for key, held in self._given_attributes(value, frame).items()
                if isinstance(held, Stream) and key.count(".") == 1}

    def _given_attributes(self, receiver, frame: _Frame) -> dict:
        """`client = NodePeer(sock, peer)`, then `client.hello()`: the attributes the constructor
        (and the base constructors it runs, `super().__init__(sock)`, `Base.__init__(self, sock)`)
        sets from what it is handed, for this instance alone (`self.socket` is `sock` here,
        whatever another method of the class assigns it). Also for an object built and used at
        once (`Request(conn).read()`), and for one an attribute of this instance holds, as the
        constructor that built this one was handed it (`self._connection.sock`)."""
        func = frame.act.func
        if func is None:
            return {}
        if type(receiver) is ast.Attribute and type(receiver.value) is ast.Name and receiver.value.id == "self":
            prefix = f"self.{receiver.attr}."
            return {"self." + key[len(prefix):]: held for key, held in frame.act.params.items()
                    if key.startswith(prefix) and isinstance(held, Stream)}
        if type(receiver) is ast.Call:
            built = receiver
        elif type(receiver) is ast.Name:
            bindings = func.bindings.get(receiver.id, ())
            if len(bindings) != 1 or bindings[0].index is not None or type(bindings[0].value) is not ast.Call:
                return {}
            built = bindings[0].value
        else:
            return {}
        key = ("given", id(built))  # (the same in every call of this activation)
        if key not in frame.act.memo:
            cls = self.resolver.class_named(built.func, frame.act)
            init = self.index.method(cls, "__init__") if cls is not None else None
            out: dict = {}
            frame.act.memo[key] = out  # (filled below: `conn = Framed(conn)` asks for itself)
            if init is not None:
                self._init_attributes(cls, init, _handed(init, built), frame, out, 0)
        found = frame.act.memo[key]
        if type(receiver) is ast.Call and not any(isinstance(held, Stream) for held in found.values()):
            return {}  # (no stream known here: what the class's own code gives it, as before)
        return found

    def _init_attributes(self, cls: ClassInfo, init: FunctionInfo, given: dict, frame: _Frame, out: dict,
                         depth: int) -> None:
        """given: the constructor's parameter names -> the caller's expressions for them. (A
        value that is no stream known here is still this instance's: not the connection the
        class makes on another path, `else: self.socket = socket.socket()`.)"""
        streams = {name: self._stream_of(value, frame) or (None if is_const(value, None) else SOFT)
                   for name, value in given.items()}
        # an object of ours built here around a stream (`connection = Connection(client)`, then
        # `Request(connection)`): what it holds, one level down (`self._connection.sock`)
        held = {name: self._given_attributes(value, frame) for name, value in given.items()
                if streams[name] is SOFT and type(value) is ast.Name} if depth == 0 else {}
        for klass in self.index.class_chain(cls):
            for key, values in klass.self_bindings.items():
                for binding in values:
                    if binding.func is init and binding.index is None and type(binding.value) is ast.Name \
                            and streams.get(binding.value.id) is not None:
                        out.setdefault(key, streams[binding.value.id])
                        for inner, stream in held.get(binding.value.id, {}).items():
                            if isinstance(stream, Stream) and inner.count(".") == 1:
                                out.setdefault(f"{key}.{inner[len('self.'):]}", stream)
        # `super().__init__(sock, chain)` (the next constructor up) or `Base.__init__(self, sock)`,
        # handed the same expressions
        chain = self.index.class_chain(cls)
        above = chain[chain.index(init.cls) + 1:] if init.cls in chain and depth < 3 else []
        if not above:
            return
        for inner in self.calls(init.node.body):
            if type(inner.func) is not ast.Attribute or inner.func.attr != "__init__":
                continue
            if type(inner.func.value) is ast.Call and dotted(inner.func.value.func) == "super":
                base_init = next((k.methods["__init__"] for k in above if "__init__" in k.methods), None)
                handed = _handed(base_init, inner, given) if base_init is not None else {}
            else:
                base = self.resolver.class_named(inner.func.value, Activation(init))
                base_init = self.index.method(base, "__init__") if base in above else None
                args = positional(inner)
                if base_init is None or not args or type(args[0]) is not ast.Name or args[0].id != "self":
                    continue
                handed = _handed(base_init, ast.Call(func=inner.func, args=inner.args[1:], keywords=inner.keywords),
                                 given)
            if base_init is not None:
                self._init_attributes(cls, base_init, handed, frame, out, depth + 1)

    def _socket_subclasses(self) -> bool:
        """Does the module define a class built on socket.socket?"""
        key = ("socket-subclasses",)
        if key not in self._interesting:
            self._interesting[key] = any(self.imports.qualify(base) in C.SOCKET_CLASSES
                                         for cls in self.index.classes.values() for base in cls.bases)
        return self._interesting[key]

    def _overridden(self, stream: Stream, method: str) -> FunctionInfo | None:
        """A socket subclass of ours that the connection was made from, and that defines the
        method itself (`class TcpIpSocket(socket.socket): def send(self, message): ...`)."""
        made = stream.conn.origin
        if stream.role != C.SOCKET or type(made) is not ast.Call or not self.index.classes:
            return None
        key = ("socket-class", id(made))
        if key not in self._interesting:
            cls = self.resolver.class_named(made.func, Activation(stream.conn.origin_func)) \
                if stream.conn.origin_func is not None else self.index.classes.get(dotted(made.func) or "")
            self._interesting[key] = cls
        cls = self._interesting[key]
        return self.index.method(cls, method) if cls is not None else None

    def _read_conn(self, call: ast.Call, act: Activation) -> Conn | None:
        """The connection a call reads: `self.sock.recv(n)`, or `self.com_read(n)` kept from it."""
        func = call.func
        if type(func) is ast.Attribute and func.attr in queues.READS:
            found = self.resolver.resolve(func.value, act)
            if isinstance(found, Stream):
                return found.conn
        bound = self._bound_method(func, _Frame(act))
        return bound.stream.conn if bound is not None and bound.method in queues.READS else None

    def _methods_named(self, name: str) -> list:
        key = ("methods-named", name)
        if key not in self._interesting:
            classes = {id(c): c for c in self.index.classes.values()}.values()
            self._interesting[key] = [c.methods[name] for c in classes if name in c.methods]
        return self._interesting[key]

    def _instance_of(self, value, frame: _Frame) -> Instance | None:
        """`self.handle_status(conn)` with `conn = ServerConn(sock)`: the classes of ours the
        argument is an instance of (one Instance per set of classes, so that walks replay)."""
        if type(value) is ast.Name and isinstance(frame.act.params.get(value.id), Instance):
            return frame.act.params[value.id]  # (handed on: `def _answer(self, session): self._write(session, r)`)
        if frame.act.func is None or not (type(value) is ast.Name and value.id in frame.act.func.bindings
                                          or type(value) is ast.Call):  # (or built right there: `serve(Conn(sock))`)
            return None
        key = ("instance-arg", id(value), id(frame.act.self_cls))
        if key not in self._interesting:
            classes = tuple(self.resolver.receiver_classes(value, frame.act) if type(value) is ast.Name
                            else self.resolver._instance_classes([(value, frame.act.func)], 0))
            self._interesting[key] = self._instances.setdefault(
                tuple(id(c) for c in classes), Instance(classes, False, value)) if classes else None
        return self._interesting[key]

    # -- replaying a helper's walk at another call site --------------------------------------
    def _taint(self, after: int = -1) -> None:
        """The walks in progress (those begun after journal index `after`) depend on where they
        run: never replayed elsewhere."""
        for walk in self._open_walks:
            if walk.began > after:
                walk.tainted = True

    def _entries(self, began: int, ended: int):
        """The journal's entries in [began, ended), with those of each walk done again in place."""
        for entry in self._journal[began:ended]:
            if entry[0] == "again":
                if entry[1] < began:  # (else its entries are in this range already)
                    yield from self._entries(entry[1], entry[2])
            else:
                yield entry

    def _keep_replay(self, shared, walk: "_OpenWalk", state, out, sites: tuple, callee, steps: int, touches: int,
                     outer: tuple):
        entries = list(self._entries(walk.began, len(self._journal)))
        events = {id(c[i]) for chains in state.values() for c in chains for i in (0, 1) if c[i] is not None}
        for entry in entries:
            # (a write event the walk was handed and wrote again is not renamed safely)
            if entry[0] == "event" and (id(entry[1]) in events or entry[1].sites[:len(sites)] != sites):
                return
            if entry[0] == "loop" and entry[2][:len(sites)] != sites:
                return
        unwritten = not any(entry[0] == "event" for entry in entries)
        if self._later_turns and not unwritten:
            return
        self._replays[shared] = _Replay(out, sites, walk.began, len(self._journal), steps, touches,
                                        frozenset(walk.funcs | {id(callee)}), walk.depth - walk.base, outer, unwritten)

    def _replayable(self, replay: "_Replay") -> bool:
        """Would a walk here meet the same limits (depth, recursion, budget) as the one kept?"""
        return (len(self.stack) + replay.depth <= MAX_INLINE_DEPTH and self.steps + replay.steps <= STEP_BUDGET
                and not any(id(f) in replay.funcs for f in self.stack))

    def _replay(self, replay: "_Replay", sites: tuple, outer: tuple):
        cut = len(replay.sites)
        # (the loops around this call stand where those around the kept one stood)
        loops, events = dict(zip(replay.outer, outer)), {}
        for entry in self._entries(replay.began, replay.ended):
            kind = entry[0]
            if kind == "loop":
                _, stmt, old_sites, old_key = entry
                where = sites + old_sites[cut:]
                key = self._loop_keys.setdefault((id(stmt), tuple(id(site) for site in where)), -1 - len(self._loop_keys))
                self.result.loop_nodes[key] = stmt
                loops[old_key] = key
                self._journal.append(("loop", stmt, where, key))
            elif kind == "event":
                _, old, later = entry
                new_loops = tuple(loops.get(k, k) for k in old.loops)
                where = sites + old.sites[cut:]
                key = _event_key(old.node, new_loops, where, later)
                event = self._write_events.get(key)
                if event is None:
                    event = self._write_events[key] = WriteEvent(old.node, old.stream, old.size, old.large, new_loops,
                                                                 old.func, where, self._rank(old.node, new_loops, where))
                events[id(old)] = event
                self._journal.append(("event", event, later))
            elif kind == "close":
                self._closed_here.add(entry[1])
                self._journal.append(entry)
            else:
                _, conn, chain, node, label, read_loops, repeats, recurs, after_loop = entry
                self._split(conn, _renamed(chain, events), node, label, tuple(loops.get(k, k) for k in read_loops),
                            repeats, recurs, after_loop)
        self.steps += replay.steps
        self._touches += replay.touches
        for walk in self._open_walks:
            walk.funcs |= replay.funcs
            walk.depth = max(walk.depth, len(self.stack) + replay.depth)
        if replay.out is None:
            return None
        return {conn: frozenset(_renamed(c, events) for c in chains) for conn, chains in replay.out.items()}

    def _has_once_guard(self, func: FunctionInfo) -> bool:
        """Does the function hold an `if x is None: x = ...` guard (its outcome differs between
        the first and later turns of a loop around the call)?"""
        key = ("once", id(func))
        if key not in self._interesting:
            self._interesting[key] = any(type(stmt) is ast.If and _once_guard(stmt, func)
                                         for stmt in iter_statements(func.node.body))
        return self._interesting[key]

    def interesting(self, func: FunctionInfo, methods: frozenset = STREAM_METHODS, own: bool = False) -> bool:
        """Does this function (or a helper it calls) touch a stream at all? Saves inlining the rest.
        (methods: the stream methods that count; _BEYOND_CLOSING asks whether it does more than
        close one; own: not counting a base's method it runs on self, `Base.open(self, host)`,
        which is no stream code of a subclass's own)"""
        key = id(func) if methods is STREAM_METHODS and not own else (id(func), id(methods), own)
        if key not in self._interesting:
            self._interesting[key] = False  # cycles count as not interesting
            found = False
            for call in self.calls(func.node.body):
                target = call.func
                if type(target) is ast.IfExp:  # `(sock.sendall if last else sock.send)(data)`
                    target = picked_method(target) or target
                if type(target) is ast.Attribute and target.attr in methods:
                    # (a debug print to sys.stderr does not make a helper worth following)
                    if self.imports.qualify(target.value) not in C.STANDARD_STREAMS:
                        found = True
                        break
                    continue
                if type(target) is ast.Attribute and target.attr in queues.GETS and type(target.value) is ast.Attribute \
                        and methods is STREAM_METHODS and func.cls is not None \
                        and self._queued_replies(target.value, _Frame(Activation(func, cls=func.cls))) is not None:
                    found = True  # `return self.replies.get(timeout=5)`: the reply a reader thread queued
                    break
                if type(target) is ast.Attribute and target.attr == "acquire" and methods is STREAM_METHODS \
                        and self._signal_semaphore(target.value, Activation(func, cls=func.cls)):
                    found = True  # `self._reply_ready.acquire()`: a reader thread has the reply
                    break
                if type(target) is ast.Name and target.id == "iter" and self._iter_reader(call) is not None:
                    found = True  # `iter(functools.partial(rfile.read, 1), b"")`: reads each turn
                    break
                if methods is not _BEYOND_CLOSING and any(
                        type(arg) is ast.Attribute and arg.attr in C.SOCKET_READS for arg in call.args):
                    found = True  # `timeout_after(1, self.socket.recv, n)`: a socket's read run for it
                    break
                if console.is_console_call(call, self.imports) and console.session(
                        self, call, Activation(func), self._interesting) is not None:
                    found = True  # an interactive console on installed socket files
                    break
                if self._connection_maker(target) or twisted.connects(call, self.imports) \
                        or type(target) is ast.Attribute and target.attr in ("accept", "sock_accept") \
                        or twisted.service_init(self.resolver, call, Activation(func)) is not None:
                    found = True  # it makes a connection: where its life starts matters
                    break
                if self.imports.qualify(target) in C.SSH_TRANSPORTS:
                    found = True  # it hands a connection to paramiko, which serves it
                    break
                if type(target) is ast.Name and (target.id in func.params or _kept_method_call(call, func)):
                    found = True  # a callable it is handed may be `sock.sendall`, or it keeps one
                    break
                if type(target) is ast.Attribute and self._bound_method(target, _Frame(Activation(func))) is not None:
                    found = True  # a kept bound method (`self._recv(n)`)
                    break
                if type(target) is ast.Attribute and func.cls is not None and type(target.value) is ast.Name \
                        and target.value.id == "self" and any(
                            self._bound_method(target, _Frame(Activation(func, cls=sub))) is not None
                            for sub in self.index.subclasses(func.cls)):
                    found = True  # one a subclass binds (`self.com_read = self.com.recv` once connected)
                    break
                callee = self.resolver.callee(call, Activation(func))
                if own and callee is not None and unbound_on_self(call, callee):
                    continue
                if callee is not None and callee is not func and self.interesting(callee, methods):
                    found = True
                    break
                # a template method's step that subclasses define (a mixin's `self._send(b)`, a
                # stub that raises NotImplementedError: the handler class built on it supplies it)
                if (callee is None or is_stub(callee.node)) and func.is_method and func.cls is not None \
                        and type(target) is ast.Attribute \
                        and type(target.value) is ast.Name and target.value.id == "self" \
                        and target.attr in self.index.member_names \
                        and any(method is not None and method is not func and self.interesting(method, methods)
                                for method in (self.index.method(sub, target.attr)
                                               for sub in self.index.subclasses(func.cls))):
                    found = True
                    break
                # a wrapper object's method that reads or writes (`self._sock.receive()`)
                if callee is None and any(method is not func and self.interesting(method, methods)
                                          for method, _ in self.resolver.instance_callees(call, Activation(func))):
                    found = True
                    break
                # one a caller may hand it (`def handle_status(self, conn): conn.send_raw(b)`)
                if callee is None and type(target) is ast.Attribute and type(target.value) is ast.Name \
                        and target.value.id in func.params and target.value.id not in ("self", "cls") \
                        and target.attr in self.index.member_names \
                        and any(method is not None and method is not func and self.interesting(method, methods)
                                for method in self._methods_named(target.attr)):
                    found = True
                    break
            self._interesting[key] = found
        return self._interesting[key]

    # -- events -------------------------------------------------------------------------------
    def _loops(self, frame: _Frame) -> tuple:
        return frame.outer_loops + tuple(loop.key for loop in frame.loops)

    def _loop_key(self, stmt, frame: _Frame) -> int:
        """id(stmt) in the root function; in an inlined helper, one key per chain of call sites,
        so that a write in one call's loop and a read in another call's are not one loop."""
        if not frame.sites:
            return id(stmt)
        instance = (id(stmt), tuple(id(site) for site in frame.sites))
        return self._loop_keys.setdefault(instance, -1 - len(self._loop_keys))

    def consts(self, frame: _Frame) -> dict:
        """Module constants plus the function's own names bound once (`DATA_SIZE = 10_000_00`)."""
        func = frame.act.func
        key = id(func)
        found = self._consts.get(key)
        if found is None:
            found = dict(self.index.consts)
            if func is not None:
                for name, bindings in func.bindings.items():
                    if len(bindings) == 1 and bindings[0].index is None:
                        found[name] = bindings[0].value
            self._consts[key] = found
        return found

    def _chains(self, state, conn):
        return state.get(conn) or state.get(PATH) or frozenset({EMPTY})

    def write(self, state, stream: Stream, call, args, frame: _Frame):
        self._touches += 1
        if self._ruled_out or (args and type(args[0]) is ast.Constant and args[0].value in (b"", "")):
            return state  # (an empty write sends nothing)
        conn = stream.conn
        if self._to_the_others(call, frame, conn):
            return state
        loops = self._loops(frame)
        # (a later turn of a loop writes events of its own: a piece still pending from an earlier
        # turn is told apart from the same write made again on this one)
        key = _event_key(call, loops, frame.sites, self._later_turns > 0)
        event = self._write_events.get(key)
        if event is None:
            size, large = 0, False
            if args:
                value = args[0]
                size = literal_size(value, self.imports, self.consts(frame))
                if type(value) in (ast.List, ast.Tuple):  # sendmsg([a, b]) / writelines
                    sizes = [literal_size(e, self.imports, self.consts(frame)) for e in value.elts if type(e) is not ast.Starred]
                    size = sum(sizes) if sizes and all(sizes) else 0
                name = dotted(value) or (dotted(value.value) if type(value) is ast.Subscript else None)
                large = (name is not None and name in frame.large) or size >= LARGE_PIECE or self._chunk_of(value, frame)
            event = WriteEvent(call, stream, size, large, loops, frame.act.func, frame.sites,
                               self._rank(call, loops, frame.sites))
            self._write_events[key] = event
        if self._open_walks:
            self._journal.append(("event", event, self._later_turns > 0))
        self._name(conn, stream, call, frame)
        source = self._forwarded(args[0], call, frame, conn) if args else None
        if source is not None:
            # a relay re-sends each piece as it arrives: the pieces are the peer's, never a split
            # of ours, but a piece sent while the one before is unacknowledged waits all the same
            self.result.relays.setdefault(conn, (call, source))
            return {**state, conn: frozenset((event, None, 1, False, c[4], False, c[6], c[7], None)
                                             for c in self._chains(state, conn))}
        if args and _interim_response(args[0]):
            # `100 Continue` asks the client for the request body, which the server reads next
            # (the WSGI app, from wsgi.input): what follows is the response, a new message
            return {**state, conn: frozenset((None, None, 0, c[3], c[4], True, True, c[7], None)
                                             for c in self._chains(state, conn))}
        buffered = stream.role in (C.BUFFERED_WRITER, "buffered-rw")
        retry = bool(args) and (self._retry_loop(frame, args[0]) or self._retried_whole(frame, call))
        if retry and frame.loops:
            self.result.retry_loops.add((id(frame.loops[-1].node), id(call)))
        elif retry:  # (the caller's loop)
            self.result.retry_loops.add((id(self.result.loop_nodes.get(frame.outer_loops[-1])), id(call)))
        elif args and self._sends_kept_rest(frame, args[0]):
            # every loop around the call goes round to send the rest of the buffer the helper keeps
            retry = True
            self.result.retry_loops.update((id(self.result.loop_nodes.get(key)), id(call)) for key in self._loops(frame))
        new = set()
        chains = self._chains(state, conn)
        last = self._closed_after(call, frame, conn)
        if conn not in self.result.kept_writes and any(c[6] for c in chains) and not self._paced(event) \
                and not self._slept_after(call, frame) and not self._walked_by_callers and not last:
            self.result.kept_writes[conn] = call
        for chain in chains:
            first, second, count, dirty, cork, flag, _, _, _ = chain
            if retry and any(piece is not None and (piece.same_write(event) or _rest_of(call, piece.node, frame)
                                                    or piece.sites == event.sites and _same_rest(call, piece.node, frame))
                             for piece in (first, second)):
                new.add(chain)  # the rest of the same bytes after a short send: one message
            elif first is not None and first.stream is not stream and C.CHANNEL in (stream.role, first.stream.role):
                # another channel of the connection (or the connection itself): another message,
                # whose reply does not wait for this one
                new.add((event, None, 1, False, cork, False) + chain[6:8] + (None,))
            elif buffered or cork is not None:  # TCP_CORK holds writes like a buffer until uncorked
                new.add((first, second, count, True, cork, flag) + chain[6:])
            else:
                self._mark_across(chain, event)
                new.add(_wire(chain, event, self.result.loop_nodes))
        if last:
            # closed next (an error page, then `self.close()`), also where the walk cannot tell that
            # the close reaches it (`if self.sock is not None: self.sock.close()`): no next request
            # or reply is read after this write
            new = {chain[:6] + (CLOSING,) + chain[7:] for chain in new}
        return {**state, conn: frozenset(new)}

    def _to_the_others(self, call, frame: _Frame, conn: Conn) -> bool:
        """`for peer in clients: if peer != conn: peer.sendall(line)`: a write to every
        connection but the one being served (a chat server passing a line on), under a test that
        it is not that one: nothing is written on the connection served here."""
        receiver = call.func.value if type(call.func) is ast.Attribute else None
        if receiver is not None and call.func.attr == "sock_sendall" and call.args:
            receiver = call.args[0]  # (`await loop.sock_sendall(peer, line)`)
        if receiver is None or dotted(receiver) is None:
            return False
        for test in frame.conds:
            if type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) in (ast.NotEq, ast.IsNot):
                sides = [test.left, test.comparators[0]]
                names = [dotted(side) for side in sides]
                if dotted(receiver) in names and names[0] != names[1]:
                    other = sides[1 - names.index(dotted(receiver))]
                    if self._is_conn(other, frame, conn):
                        return True
        return False

    def _forwarded(self, value, call, frame: _Frame, conn: Conn) -> str | None:
        """`data = other.recv(n)` then `sock.send(data)`: bytes read from another connection (a
        tunnel, a proxy) whose size and timing the other side chose. Returns `other`'s name."""
        func = frame.act.func
        if type(value) is not ast.Name or func is None or type(call.func) is not ast.Attribute:
            return None
        bindings = func.bindings.get(value.id, ())
        target = dotted(call.args[0] if call.func.attr == "sock_sendall" and call.args else call.func.value)
        # (one name may take turns: `data = a.recv(n)` in one branch, `data = b.recv(n)` in the other)
        sources = [_relayed_from(b.value) for b in bindings]
        if not sources or None in sources:
            return None
        # (an asyncio stream's reader and writer, named apart, are one connection: no relay)
        if any(type(b.value) is ast.Await and self._reads(b.value.value, frame, conn) for b in bindings):
            return None
        return next((source for source in sources if source != target), None)

    def _reads(self, call: ast.Call, frame: _Frame, conn: Conn) -> bool:
        """Is `call` a read of conn's (`reader.read(n)` of the pair `conn` was written through)?"""
        stream = self._stream_of(call.func.value, frame)
        return stream is not None and stream.conn is conn

    def _retry_loop(self, frame: _Frame, value) -> bool:
        """Is this write the body of a partial-send loop (`while buf: n = s.send(buf);
        buf = buf[n:]`, or `s.send(data[off:])` with `off += n`)? Its turns send one buffer."""
        if not frame.loops:
            return self._retried_by_caller(frame, value)
        return self._advanced_by(frame.loops[-1].node, value)

    def _retried_by_caller(self, frame: _Frame, value) -> bool:
        """Is this write, in a helper with no loop of its own (`def _send(sock, data): return
        sock.send(data)`), handed its buffer by a partial-send loop of its caller's (`while left:
        sent = self._send(sock, data); data = data[sent:]`)?"""
        func = frame.act.func
        if not frame.sites or not frame.outer_loops or func is None or type(value) is not ast.Name \
                or value.id not in func.params:
            return False
        site, loop = frame.sites[-1], self.result.loop_nodes.get(frame.outer_loops[-1])
        if loop is None or unbound_on_self(site, func) or not contains(loop, site):
            return False
        names = positional_params(func, [p for p in func.params if not (func.is_method and p in ("self", "cls"))])
        handed = argument(site, param_position(func, names, value.id), value.id)
        return handed is not None and self._advanced_by(loop, handed)

    def _advanced_by(self, loop, value) -> bool:
        if type(value) in (ast.Name, ast.Attribute) and dotted(value) is not None:
            name, kind = dotted(value), "rebind"  # `buf`, or `self.buf = self.buf[n:]`
        elif type(value) is ast.Subscript and dotted(value.value) is not None:
            bounds = value.slice.lower if type(value.slice) is ast.Slice else None
            if type(bounds) is not ast.Name:
                return False
            name, kind = bounds.id, "advance"
        else:
            return False
        key = (id(loop), name, kind)
        if key not in self._retries:
            self._retries[key] = _advances(loop, name, kind)
        return self._retries[key]

    def _sends_kept_rest(self, frame: _Frame, value) -> bool:
        """Does the write send what is left of a buffer kept across calls, which the function then
        moves past what was sent (`sent = sock.send(tx[done:])`, `done += sent` on a `nonlocal`
        or global `done`; `n = self.send(self.out)`, `self.out = self.out[n:]`)? A loop that
        calls it again, when the socket is writable, sends one buffer (asyncore, selectors)."""
        func = frame.act.func
        if func is None:
            return False
        if type(value) is ast.Attribute and dotted(value) is not None and dotted(value).startswith("self."):
            name, kind = dotted(value), "rebind"
        elif type(value) is ast.Subscript and type(value.slice) is ast.Slice and type(value.slice.lower) is ast.Name:
            name, kind = value.slice.lower.id, "advance"
            if not any(type(stmt) in (ast.Nonlocal, ast.Global) and name in stmt.names
                       for stmt in iter_statements(func.node.body)):
                return False  # (a local offset starts again at each call: each call a new buffer)
        else:
            return False
        key = ("kept-rest", id(func), name, kind)
        if key not in self._retries:
            self._retries[key] = _advances(func.node, name, kind)
        return self._retries[key]

    def _retried_whole(self, frame: _Frame, call) -> bool:
        """Is this write in a loop that goes round again only when it raised (`while not sent:
        try: sock.sendall(b); sent = True except OSError: continue`), until the counts say sent, or
        when another writer refilled the buffer it drains? Its turns send one buffer."""
        return bool(frame.loops) and (self._memo(_retries_when_raised, frame.loops[-1].node, call)
                                      or self._memo(_counts_sent, frame.loops[-1].node, call)
                                      or self._memo(_drains, frame.loops[-1].node, call))

    def _name(self, conn: Conn, stream: Stream, call: ast.Call, frame: _Frame) -> None:
        """Remember how the code names the connection, for messages: the first name written to,
        replaced once by the socket's own name if a socket method writes it later. (A request
        handler's connection is named only by the handler's own methods: `self.writer` of a
        wrapper it hands `self.wfile` to means nothing at the handler.)"""
        cls = frame.act.self_cls  # (the object's class: a mixin's or a closure's write names the handler's)
        if conn.handler is not None and (cls is None or conn.handler not in self.index.class_chain(cls)):
            return
        known = self.result.names.get(conn)
        if known and (known[1] == C.SOCKET or stream.role != C.SOCKET):
            return
        if type(call.func) is ast.Name:  # `send(b)` after `send = self.sock.sendall` (or a pick of two)
            values = [picked_method(v) if type(v) is ast.IfExp else v for v, _ in self._bound(call.func, frame)]
            receivers = {shown(v.value) for v in values if type(v) is ast.Attribute}
            if len(receivers) == 1 and None not in receivers:
                self.result.names[conn] = (receivers.pop(), stream.role)
            return
        if type(call.func) is not ast.Attribute:
            return
        sock_call = call.func.attr.startswith("sock_") and args_of(call)  # loop.sock_sendall(sock, ...)
        name = shown(args_of(call)[0].value if sock_call else call.func.value)
        if call.func.attr not in STREAM_METHODS:  # `self._send(data)` after `self._send = self._sock.sendall`
            receivers = {shown(value.value) for value, _ in self._bound(call.func, frame) if type(value) is ast.Attribute}
            kept = receivers.pop() if len(receivers) == 1 else None
            name = kept if kept and kept.startswith("self.") else name  # (not another method's local)
        if name == "self":  # self.end_headers(): the handler's wfile; a dispatcher's self.send(): its socket
            # (not a wrapper's `self.send = stream.send`: a name the code never gives the socket)
            dispatcher = call.func.attr in C.DISPATCHER_WRITES | C.DISPATCHER_READS \
                and frame.act.self_cls is not None and self.resolver.dispatcher_stream(frame.act.self_cls) is not None
            name = stream.name or ("self.wfile" if conn.handler is not None else "self.socket" if dispatcher else None)
        if name:
            self.result.names[conn] = (name, stream.role)

    def flush(self, state, stream: Stream, call, frame: _Frame):
        self._touches += 1
        if self._ruled_out:
            return state
        conn = stream.conn
        if stream.role == C.RAW_WRITER:
            return state
        loops = self._loops(frame)
        key = _event_key(call, loops, frame.sites, None)
        event = self._write_events.get(key)
        if event is None:
            event = self._write_events[key] = WriteEvent(call, stream, 0, False, loops, frame.act.func, frame.sites,
                                                         self._rank(call, loops, frame.sites))
        if self._open_walks:
            self._journal.append(("event", event, None))
        new = set()
        for chain in self._chains(state, conn):
            if chain[3]:
                self._mark_across(chain, event)
            new.add(_wire(chain, event, self.result.loop_nodes) if chain[3] else chain)
        return {**state, conn: frozenset(new)}

    def _mark_across(self, chain, event) -> None:
        """The second piece of a chain whose first was pending when a loop's later turn began."""
        first = chain[0]
        if chain[2] == 1 and self._turn_pending and any(id(first) in p for p in self._turn_pending):
            self._taint()
            self._across.add((id(first), id(event)))

    def read(self, state, conn: Conn, node, loops: tuple, label: str = "read"):
        self._touches += 1
        if self._ruled_out:
            return state
        if self.stack:
            self._readers.setdefault(conn, {}).setdefault(id(self.stack[-1]), (self.stack[-1], node))
            self._read_in.setdefault(id(node), self.stack[-1])
        if id(node) not in self._eof_headers \
                and not _reads_to_eof(node, self.result.loop_nodes.get(loops[-1]) if loops else None):
            self._read_short_of_eof.add(conn)
        self.result.reads.setdefault((id(conn), id(node)), Read(conn, node, loops))
        new = set()
        chains = self._chains(state, conn)
        # (a TLS handshake reads the peer's part of the handshake, no answer to what the
        # application wrote in another method: a write-only TLS transport is no request/response;
        # nor is a later turn of a loop that gathers an answer until it is whole, nothing written
        # since the turn before, `while b"\n" not in data: data += sock.recv(n)` after a login)
        gathering = self._frames and self._frames[-1].loops and self._frames[-1].loops[-1].later
        kept = self.result.kept_reads.get(conn)
        if not _handshake_read(node) and (_better_read(kept, node) or self._earlier_read(kept, node)) \
                and any(c[6] and not (gathering and c[2] == 0 and c[5] is True) for c in chains) \
                and not self._slept_before(node):
            self.result.kept_reads[conn] = node
        tails = []
        # in source order, so that which first piece a split names never depends on set order
        for chain in sorted(chains, key=self._chain_order) if len(chains) > 1 else chains:
            first, second, count, dirty, cork, shadowed, warm, facts, tail = chain
            if warm is CLOSING:
                new.add(chain)  # closed after this response: the FIN pushes out what Nagle holds
                continue
            # a server's next-request read means another response follows on this connection,
            # and a loop around the read that was not around the connect repeats the exchange
            # (a server's first response, on a connection the walk saw accepted and nothing
            # answered on yet, is its first data: ACKed at once, like a client's first request)
            recurs = (conn.side != C.CLIENT and (warm or label != "read" or not self._fresh_accept(conn))) \
                or (count >= 1 and _repeats_in_loop(conn, loops, first.loops))
            repeats = warm or recurs
            if count >= 1 and repeats and not self._paced(first):
                if _better_read(self.result.exchanges.get(conn), node):
                    self.result.exchanges[conn] = node
                # (on a loop's later turn only when every loop around the request and its read
                # makes the connection anew: a helper's `with create_connection()` each turn)
                fixed = not recurs and count == 1 and conn in self._made_here \
                    and (not self._later_turns or conn.made_in_loops is not None
                         and all(loop in conn.made_in_loops for loop in loops if loop in first.loops)) \
                    and self._stays_local(self._maker_walked(conn), conn)
                self._fixed_exchanges[conn] = self._fixed_exchanges.get(conn, True) and fixed
            elif count >= 1 and conn in self._made_here and conn not in self._first_exchanges and not self._paced(first):
                self._first_exchanges[conn] = node
                self._taint()  # (recorded by the walk, not by a replay of it)
            if count >= 2 and not second.large and not shadowed:
                self._split(conn, chain, node, label, loops, repeats, recurs)
            if tail is not None and not tail.large and not shadowed:
                # the piece written after a write loop's pieces (a chunked body's terminator) is
                # held as well, whatever the loop is changed to: a split of its own (after the
                # others, which name the first piece when a path holds the same piece directly)
                tails.append(((first, tail) + chain[2:], repeats, recurs))
            if cork is not None:
                self.result.corks_held.setdefault(id(cork.node), (cork, node))
            new.add((None, None, 0, dirty, cork, True, warm or count >= 1, facts, None))
        for chain, repeats, recurs in tails:
            self._split(conn, chain, node, label, loops, repeats, recurs, after_loop=True)
        return {**state, conn: frozenset(new)}

    def _earlier_read(self, known, node) -> bool:
        """Does node come before known in the function both are read in (the reply's first read,
        met after a read the walk reached first: a retry loop's later turn)?"""
        return known is not None and not _queue_read(known) and self._read_in.get(id(known)) is not None \
            and self._read_in.get(id(known)) is self._read_in.get(id(node)) \
            and self.index.source_order(node) < self.index.source_order(known)

    def _fresh_accept(self, conn: Conn) -> bool:
        """Was the connection accepted in this root walk (its history is the walk's)?"""
        return conn in self._made_here

    def _split(self, conn: Conn, chain, node, label: str, loops: tuple, repeats: bool, recurs: bool,
               after_loop: bool = False, by_use: "Instance | None" = None) -> None:
        first, second, count = chain[0], chain[1], chain[2]
        if self._open_walks:
            self._journal.append(("split", conn, chain, node, label, loops, repeats, recurs, after_loop))
        key = (id(conn), id(second.located(first)), id(node),  # one helper's write, several connections
               # (the same helper write repeated by two loops, `_flush(sock)` in each: one split each,
               # unless _merge_repeated_writes finds it outside a loop too)
               tuple(id(site) for site in second.sites) if second.same_write(first) else ())
        across = (id(first), id(second)) in self._across
        if key not in self.result.splits:
            self.result.splits[key] = Split(conn, first, second, node, label, count, loops, repeats, recurs, across,
                                            after_loop, by_use)
            return
        old = self.result.splits[key]
        if old.by_use is not None and by_use is None:
            old.by_use = None  # also seen without typing anything by use
        if old.after_loop and not after_loop:
            old.first, old.second, old.after_loop = first, second, False
        old.count = max(old.count, count)
        old.repeats = old.repeats or repeats
        old.recurs = old.recurs or recurs
        old.across = old.across and across
        if len(second.loops) < len(old.second.loops):
            # the held piece reached outside a loop on some path (a big payload's packet loop is
            # not how the empty terminator goes): not a write loop
            old.first, old.second = first, second

    def _later_reads(self, conn: Conn) -> list:
        """The first read of each function reading conn that does not run only while its object
        is built."""
        return [node for func, node in self._readers.get(conn, {}).values() if not self._construction_only(func)]

    def _construction_only(self, func: FunctionInfo, depth: int = 0) -> bool:
        """A method that runs only while its object is built: __init__, or one that only such
        methods call on self, as a statement of their own (a handshake `authorize()` the
        constructor runs; not a reader handed to a thread or an event loop, which runs on)."""
        if not func.is_method or func.is_async or depth > 4:
            return False
        if func.name == "__init__":
            return True
        calls = self.resolver.calls_by_name().get(func.name, ())
        return bool(calls) and all(
            caller is not None and caller.cls is func.cls and type(call.func) is ast.Attribute
            and dotted(call.func.value) == "self" and _run_in_place(call, caller)
            and self._construction_only(caller, depth + 1)
            for call, caller in calls)

    def _own_classes(self, sub: ClassInfo, base: ClassInfo) -> set:
        """Ids of the classes from sub down to base (not included)."""
        chain = self.index.class_chain(sub)
        return {id(c) for c in (chain[:chain.index(base)] if base in chain else [sub])}

    def _left_pending(self, out, func: FunctionInfo, held_in: set | None = None) -> None:
        """Chains of 2+ wire writes still unread when a root function returns, on connections
        whose history is not this call's (an attribute, a pool: warm). held_in: ids of the
        classes whose methods must write the held piece (a subclass's own)."""
        for conn, chains in out.items():
            name = self.result.made_as.get(conn)
            if conn is PATH:
                continue
            made_in = conn.origin_func or func  # (`sock`: a local of the helper that made it)
            if conn in self._made_here and name is not None and "." not in name \
                    and not self._memo(handoff.hands_on, self.resolver, made_in, name):
                continue  # a local socket of this call: nobody else reads its reply
            for chain in chains:
                first, second, count, _, _, shadowed, warm, _, _ = chain
                # (for a subclass, only a message its own methods write, outside loops: a
                # reconnect loop's handshake, one per connection, is no write loop)
                if count >= 2 and not shadowed and warm is True and not second.large and (
                        held_in is None or second.func is not None and id(second.func.cls) in held_in
                        and not first.loops and not second.loops):
                    self._pending.setdefault(conn, set()).add(chain)
                    self._pending_from.setdefault((conn, chain), func)
                    if self._by_use is not None:
                        self._pending_by_use.setdefault((conn, chain), self._by_use)

    def _rank(self, call, loops: tuple, sites: tuple) -> tuple:
        order, nodes = self.index.source_order, self.result.loop_nodes
        return order(call), tuple(order(nodes[loop]) for loop in loops), tuple(order(site) for site in sites)

    def _chain_order(self, chain) -> tuple:
        """A first piece before the held one in the source (not from an earlier loop turn), the
        nearest of those: the header block, then the body."""
        first, second = chain[0], chain[1]
        at = first.rank[0] if first else -1
        held = second.rank[0] if second else -1
        return (chain[2], at >= held >= 0, -at, first.rank if first else (), second.rank if second else (),
                chain_key(chain))

    def close(self, state, stream: Stream):
        if stream.role in (C.BUFFERED_WRITER, C.RAW_WRITER, *_READ_WRITE, C.READER, C.CHANNEL):
            return state  # closing a makefile() object (or a channel) leaves the socket open
        return self.close_conn(state, stream.conn)

    def close_conn(self, state, conn: Conn):
        self._touches += 1
        if self._ruled_out:
            return state
        self._closed_here.add(conn)
        if self._open_walks:
            self._journal.append(("close", conn))  # (which root closed what it made: a replay's too)
        return {**state, conn: frozenset({CLOSED})}

    def created(self, state, value, frame: _Frame, width: int = 0, targets: list = ()):
        """`s = socket.create_connection(...)`, `conn, addr = srv.accept()`: a new connection from
        here on, nothing sent yet (width: the size of a tuple target, 0 for a plain name)."""
        for index in range(width) if width else (None,):
            found = self.resolver.resolve(value, frame.act, index) if not self._ruled_out else None
            if not isinstance(found, Stream) or state is None or not self._makes(value, found.conn, frame):
                continue
            for target in targets[:1]:
                if index is not None and type(target) in (ast.Tuple, ast.List):
                    target = target.elts[index] if index < len(target.elts) else None
                name = dotted(target) if target is not None else None
                if name:
                    self.result.made_as.setdefault(found.conn, name)
            keyword = C.OPTIONS_KEYWORDS.get(self.imports.qualify(value.func) or "") if type(value) is ast.Call else None
            if keyword is not None and not self._ruled_out:  # `socks.create_connection(a, socket_options=opts)`
                given = [(a.value, frame.act.func) for a in args_of(value) if a.keyword == keyword]
                given += [put for a in args_of(value) if a.star == "**"
                          for put in self._keyword_puts(a.value, frame.act.func, keyword)]
                if given:
                    self._apply_options(given, found.conn, frame)
            if found.conn.site is not None and found.conn.base is not None and not found.conn.gates_off:
                found.conn.gates_off, optional = self.gates_off(found.conn.site, frame)
                if optional and found.conn.gated_off:
                    found.conn.optional_nodelay = optional
            found.conn.made_in_loops = self._loops(frame)
            found.conn.made_under = frozenset(id(test) for test in frame.conds)
            if not frame.conds and not frame.outer_conds and not self._ruled_out:
                self._made_always.add(found.conn)
            if self._later_turns and not self._ruled_out and found.conn.side == C.SERVER \
                    and _is_closed(state.get(found.conn)):
                # closed before the accept loop takes the next one (`self._close()` at the top
                # of each turn): each carried what one turn did (a client's loop that closes a
                # failed attempt and tries the next address keeps the one that connects)
                self._closed_each_turn.add(found.conn)
            self._made_here.add(found.conn)
            self._taint()  # (a connection made here is this call's: its loops and tests)
            self._touches += 1
            cold = _restarted(state.get(PATH, {COLD}), COLD)
            state = {**state, found.conn: cold}
            for sibling in self._sibling_makes(value, found.conn, targets, frame):
                state[sibling] = cold  # (also on a loop's later turn: the name holds this one now)
        return state

    def _maker_walked(self, conn: Conn) -> FunctionInfo | None:
        """The function of the walk's stack that made the connection: where its socket was
        made, or, for one a factory of ours makes on each call, the function holding that call."""
        if conn.origin_func in self.stack:
            return conn.origin_func
        if conn.base is not None and type(conn.site) is ast.Call:
            return next((f for f in reversed(self.stack) if contains(f.node, conn.site)), None)
        return None

    def _stays_local(self, func: FunctionInfo | None, conn: Conn) -> bool:
        """Was the connection made in this function (by a socket call, or by a call of a factory
        of ours that makes one each time), bound once to local names that the function uses for
        nothing but calling their methods or handing them to helpers that do the same (not
        returned, kept, wrapped or handed on)?"""
        made = conn.origin if conn.origin_func is func else conn.site if conn.base is not None else None
        if func is None or made is None:
            return False
        key = ("stays-local", id(func), id(made))
        if key in self._interesting:
            return self._interesting[key]
        found = False
        if type(made) is ast.Call and type(func.node) is not ast.Module:
            names = {name for name, bindings in func.bindings.items() if any(b.value is made for b in bindings)}
            # (`sock = self.sock = connect()`: kept on the object as well)
            kept = any(type(node) in (ast.Assign, ast.AnnAssign, ast.NamedExpr) and node.value is made
                       and any(type(t) is not ast.Name for t in _targets(node)) for node in ast.walk(func.node))
            found = bool(names) and not kept and all(len(func.bindings[name]) == 1 for name in names) \
                and self._used_in_place(func, names)
        self._interesting[key] = found
        return found

    def _used_in_place(self, func: FunctionInfo, names: set, depth: int = 0) -> bool:
        """Is each load of these names the receiver of a call of one of their own I/O or option
        methods (`s.send(b)`, not `s.makefile()`), or an argument of a helper of ours that uses
        its parameter only so in turn (`_recv_exact(sock, 8)`: read there, kept nowhere)?"""
        called = {id(n.func.value) for n in ast.walk(func.node)
                  if type(n) is ast.Call and type(n.func) is ast.Attribute and n.func.attr in _KEEPING_METHODS}
        handed = {id(value): (n, where) for n in ast.walk(func.node) if type(n) is ast.Call
                  for where, value in [*enumerate(n.args), *((k.arg, k.value) for k in n.keywords)]
                  if type(value) is ast.Name and value.id in names}
        for node in ast.walk(func.node):
            if type(node) is not ast.Name or node.id not in names or type(node.ctx) is not ast.Load \
                    or id(node) in called:
                continue
            call, where = handed.get(id(node), (None, None))
            callee = self.resolver.callee(call, Activation(func)) if call is not None and depth < 3 else None
            if callee is None or callee is func or type(callee.node) is ast.Module:
                return False
            params = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))]
            param = where if type(where) is str else params[where] if type(where) is int and where < len(params) else None
            if param not in params or param in callee.bindings or not self._used_in_place(callee, {param}, depth + 1):
                return False
        return True

    def _handed_on(self, func: FunctionInfo, conn: Conn) -> bool:
        """Does the root give the connection it made back to a caller outside the module
        (flow.handoff)? Where the module calls it, the callers' walks show what follows."""
        if type(func.node) is ast.Module or self._called_here(func):
            return False
        act = Activation(func, cls=func.cls)
        names = {name for name, bindings in func.bindings.items()
                 if any(b.index is None and is_connection(self.resolver.resolve(b.value, act), conn) for b in bindings)}
        return any(handoff.hands_on(self.resolver, func, name) for name in sorted(names))

    def _called_here(self, func: FunctionInfo) -> bool:
        return any(self.resolver.callee(call, Activation(caller, cls=cls)) is func
                   for call, caller in self.resolver.calls_by_name().get(func.name, ())
                   for cls in self._calling_classes(caller, func))

    def _calling_classes(self, caller: FunctionInfo | None, func: FunctionInfo) -> list:
        """The classes `self` may be in the caller: its own, and func's class when that inherits
        the caller from a base (`send()` in the base calls `self._open()`, which a subclass
        overrides to make the connection)."""
        own = caller.cls if caller is not None else None
        if own is None or func.cls is None or func.cls is own or own not in self.index.class_chain(func.cls) \
                or not self.index.runs_for(func.cls, caller):
            return [own]
        return [own, func.cls]

    def _sibling_makes(self, value, conn: Conn, targets: list, frame: _Frame):
        """The connections another branch makes into the same local name (`sock =
        create_connection(a)` on one, `sock = socket(AF_INET)` on the other): the name stands for
        one of them after the branches join, and on this path, where those were not made, what it
        holds is as new as this one. An attribute only where this function assigns it the
        other (`if tcp: self.soc = socket(AF_INET, SOCK_STREAM)` `else: self.soc =
        socket(AF_INET, SOCK_DGRAM)`): on a path that assigns it nothing it may hold an
        earlier call's.)"""
        target = targets[0] if targets else None
        func = frame.act.func
        if func is None:
            return
        if type(target) is ast.Name:
            bindings = func.bindings.get(target.id, ())
        elif type(target) is ast.Attribute and dotted(target.value) == "self" and frame.act.self_cls is not None:
            bindings = [b for b in self.index.self_bindings(frame.act.self_cls, "self." + target.attr) if b.func is func]
        else:
            return
        for binding in bindings:
            if binding.value is value or binding.index is not None or type(binding.value) is not ast.Call:
                continue
            other = self.resolver.resolve(binding.value, frame.act)
            if isinstance(other, Stream) and other.conn is not conn and self._makes(binding.value, other.conn, frame):
                yield other.conn

    def setopt(self, state, stream: Stream, call, frame: _Frame):
        self._touches += 1
        self._taint()  # (a TCP_NODELAY's gate is read from the callers' tests)
        args = [a.value for a in args_of(call) if a.keyword is None]
        if len(args) == 1 and args_of(call)[0].star == "*":
            # `for opt in self.socket_options: sock.setsockopt(*opt)`: NODELAY when the options
            # it iterates name TCP_NODELAY, unless only a constructor's default list names it and
            # some construction replaces that list with one without it (a proxy's pool: `[]`)
            if not self._ruled_out:
                self._apply_options([(args[0], frame.act.func)], stream.conn, frame)
            return state
        if len(args) < 3:
            return state
        row = _unpacked_row(args[:3], frame.act.func)
        if row is not None:
            # `for level, name, value in self.adj.socket_options: conn.setsockopt(level, name,
            # value)`: the options list's rows, as `setsockopt(*opt)` applies them
            if not self._ruled_out:
                self._apply_options([(row, frame.act.func)], stream.conn, frame)
            return state
        level, option, value = (self._passed_constant(a, frame) for a in args[:3])
        if self._ruled_out:  # not run on this call: only the gate it sits behind is learnt
            gate = self._gate(frame, stream.conn)
            if gate is not None and option == C.OPTION_NUMBERS["TCP_NODELAY"] and value != 0:
                stream.conn.nodelay_gates |= {gate}
            return state
        value_from = ""
        if value is None and option == C.OPTION_NUMBERS["SO_SNDBUF"] and (dotted(args[2]) or "").startswith("self."):
            # `sock.setsockopt(SOL_SOCKET, SO_SNDBUF, self.buffer_size)` after `self.buffer_size =
            # buffer_size` with `buffer_size=1024` in the constructor: that size unless a caller
            # gives another
            kept = self._kept_values(args[2], frame)
            sizes = [v.value for v in kept if type(v) is ast.Constant and type(v.value) is int]
            if kept and len(sizes) == len(kept) and len(set(sizes)) == 1:
                value, value_from = sizes[0], dotted(args[2])
        record = SetOpt(stream.conn, stream, call, level, option, value, args[2], self._loops(frame),
                        frame.act.func, value_from)
        self.result.setopts.setdefault(id(call), record)
        # the option alone says NODELAY: its level may be a constant from another module
        if option == C.OPTION_NUMBERS["TCP_NODELAY"] and level in (C.IPPROTO_TCP, None) and value != 0:
            flag = self._flag_off_by_default(frame, stream.conn)
            gate = self._gate(frame, stream.conn) if flag is None else None
            if gate is not None:  # `if nodelay:` on the factory's parameter: each call decides
                stream.conn.nodelay_gates |= {gate}
            elif flag is None:  # (on whichever socket the name holds: `sock` of a try and its except)
                for conn in (stream.conn, *stream.conn.alternatives):
                    conn.nodelay = True
            else:  # `if self.no_delay:` with no_delay=False by default: Nagle stays on
                stream.conn.optional_nodelay = flag
        if level == C.IPPROTO_TCP and option == C.OPTION_NUMBERS["TCP_CORK"] and value is not None:
            new = set()
            for chain in self._chains(state, stream.conn):
                if value:
                    new.add(chain[:4] + (record,) + chain[5:])
                elif chain[4] is not None and chain[3]:  # uncork sends what the cork held, at once
                    event = WriteEvent(call, stream, 0, False, self._loops(frame), frame.act.func, frame.sites,
                                       self._rank(call, self._loops(frame), frame.sites))
                    new.add(_wire(chain, event)[:4] + (None,) + chain[5:])
                else:
                    new.add(chain[:4] + (None,) + chain[5:])
            return {**state, stream.conn: frozenset(new)}
        return state

    def _passed_constant(self, expr, frame: _Frame):
        """A constant's value; for a parameter of a helper this walk followed, the constant its
        call passes (`self._setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)` reaching
        `self.sock.setsockopt(level, option, value)`)."""
        value = constant(expr, self.imports, self.index.consts)
        func = frame.act.func
        if value is not None or type(expr) is not ast.Name or func is None or expr.id not in func.params:
            return value
        if expr.id in frame.act.literals:
            return frame.act.literals[expr.id]
        if not frame.sites or expr.id in func.bindings:
            return None
        names = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
        given = _given_args(names, frame.sites[-1], func.keyword_only).get(expr.id)
        return constant(given, self.imports, self.index.consts) if given is not None else None

    def _apply_options(self, exprs: list, conn: Conn, frame: _Frame) -> None:
        """Options lists ((value, the function it is in)) applied to the connection (`for opt in options: sock.setsockopt(*opt)`,
        a factory's `socket_options=`): TCP_NODELAY when they name it. When they name it only
        through a constructor parameter's default, each construction decides: a construction of
        the instance's class that passes a list known to lack it leaves Nagle on on that path
        (Conn.replaced_options); the options are followed through the parameters of the helpers
        the walk is in (`_set_options(sock, options)` called with `self.socket_options`)."""
        if any(self._options_name_nodelay(expr, frame) for expr, func in exprs if func is frame.act.func):
            conn.nodelay = True
            return
        chain = self._call_chain(frame)
        if chain is None:
            return
        leaves: list = []
        for expr, func in exprs:
            self._option_leaves(expr, func, self._on_chain(func, chain), chain, None, 0, leaves)
        if any(named and via is None for named, via, _ in leaves):
            conn.nodelay = True
            return
        defaults = {via for named, via, _ in leaves if named}
        if not defaults:
            return
        init, param = min(defaults, key=lambda v: (self.index.source_order(v[0].node), v[1]))
        conn.default_options = True
        value = self._replacing_call(init, param, frame.act.self_cls)
        if value is not None and not conn.replaced_options:
            conn.replaced_options = (init.cls.name, param, value)

    def _call_chain(self, frame: _Frame) -> list | None:
        """(function, the call that entered it) from the root down to this frame."""
        if len(frame.sites) != len(self.stack) - 1 or not self.stack or self.stack[-1] is not frame.act.func:
            return None
        return [(func, frame.sites[i - 1] if i else None) for i, func in enumerate(self.stack)]

    def _option_leaves(self, expr, func: FunctionInfo | None, level, chain: list, via, depth: int, out: list) -> None:
        """(names TCP_NODELAY, the (constructor, parameter) whose default it came from or None,
        known) for each thing an options expression can hold: a list written out is known."""
        if depth > 8 or expr is None:
            out.append((False, via, False))
            return
        kind = type(expr)
        if _mentions(expr, "TCP_NODELAY"):
            out.append((True, via, True))
        elif kind in (ast.List, ast.Tuple, ast.Set):
            out.append((False, via, True))  # `[]`, `[(SOL_SOCKET, SO_KEEPALIVE, 1)]`
        elif kind is ast.BinOp:  # `DEFAULTS + [...]`
            for part in (expr.left, expr.right):
                self._option_leaves(part, func, level, chain, via, depth + 1, out)
        elif kind is ast.IfExp:  # `DEFAULTS if options is None else options`
            for part in (expr.body, expr.orelse):
                self._option_leaves(part, func, level, chain, via, depth + 1, out)
        elif kind is ast.BoolOp:  # `options or DEFAULTS`
            for part in expr.values:
                self._option_leaves(part, func, level, chain, via, depth + 1, out)
        elif kind is ast.Attribute and dotted(expr) is not None:
            owner = expr.value
            if type(owner) is ast.Name and owner.id == "self" and func is not None and func.cls is not None:
                key, cls = dotted(expr), func.cls
                bound = [(b.value, b.func) for b in self.index.self_bindings(cls, key)]
                attr = self.index.class_attr(cls, expr.attr)
                bound += [(attr, None)] if attr is not None else []
            elif type(owner) is ast.Name:  # `HTTPConnection.default_socket_options`
                cls = self.index.classes.get(owner.id)
                attr = self.index.class_attr(cls, expr.attr) if cls is not None else None
                bound = [(attr, None)] if attr is not None else []
            else:  # `self.adj.socket_options`: the attribute of the object an attribute holds
                classes = self.resolver.receiver_classes(owner, Activation(func, cls=func.cls)) \
                    if func is not None and func.cls is not None else []
                bound = [(attr, None) for cls in classes if (attr := self.index.class_attr(cls, expr.attr)) is not None]
                bound += [(b.value, b.func) for cls in classes for b in self.index.self_bindings(cls, f"self.{expr.attr}")]
            if not bound:
                out.append((False, via, False))
            for value, where in bound:
                self._option_leaves(value, where, self._on_chain(where, chain), chain, via, depth + 1, out)
        elif kind is ast.Name:
            key, scope = expr.id, func
            while scope is not None and key not in scope.bindings and key not in scope.params:
                scope = scope.parent
            if scope is None:
                values = [b.value for b in self.index.module_bindings.get(key, ())]
                if not values:
                    out.append((False, via, False))
                for value in values:
                    self._option_leaves(value, None, None, chain, via, depth + 1, out)
            elif key in scope.bindings:
                for b in scope.bindings[key]:
                    if b.index is not None and b.index is not EACH:  # (`for opt in options`: a list's item)
                        out.append((False, via, False))
                        continue
                    self._option_leaves(b.value, scope, self._on_chain(scope, chain), chain, via, depth + 1, out)
            else:
                self._option_param(scope, key, level if scope is func else self._on_chain(scope, chain), chain, via,
                                   depth, out)
        else:
            out.append((False, via, False))  # a call, a comprehension: not known

    def _option_param(self, func: FunctionInfo, param: str, level, chain: list, via, depth: int, out: list) -> None:
        """A parameter: what the call the walk entered the function by passes (its default when
        that call leaves it out), or, for a constructor, its default: each construction decides."""
        default = default_of(func.node, param)
        if level:  # (not the root: a helper inlined from the function above it)
            caller, call = chain[level - 1][0], chain[level][1]
            names = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
            given = _given_args(names, call, func.keyword_only).get(param)
            if given is not None:
                self._option_leaves(given, caller, level - 1, chain, via, depth + 1, out)
                return
            if any(a.star for a in args_of(call)):
                out.append((False, via, False))
                return
        elif func.name == "__init__" and func.cls is not None and via is None:
            via = (func, param)
        else:
            out.append((False, via, False))
            return
        if default is None:
            out.append((False, via, False))
            return
        attr = self.index.class_attr(func.cls, default.id) if func.cls is not None and type(default) is ast.Name else None
        # (a default names the class body's attribute: `socket_options=default_socket_options`)
        self._option_leaves(attr if attr is not None else default, None, None, chain, via, depth + 1, out)

    @staticmethod
    def _on_chain(func, chain: list):
        return next((i for i, (f, _) in enumerate(chain) if f is func), None) if func is not None else None

    def _replacing_call(self, init: FunctionInfo, param: str, built: ClassInfo | None):
        """The first value a construction of the instance's class (built; or of a subclass that
        keeps its __init__) passes for the parameter that is known to lack TCP_NODELAY:
        `socket_options=[]`, or `**self.conn_kw` after `self.conn_kw.setdefault("socket_options",
        [])`. (A subclass with an __init__ of its own is given the parameter by keyword only.)"""
        if built is None or init.cls not in self.index.class_chain(built):
            built = init.cls
        key = ("replacing", id(init), param, id(built))
        if key not in self._interesting:
            self._interesting[key] = self._first_replacing(init, param, built)
        return self._interesting[key]

    def _first_replacing(self, init: FunctionInfo, param: str, built: ClassInfo):
        classes = [built] + [sub for sub in self.index.subclasses(built) if self.index.method(sub, "__init__")
                             is self.index.method(built, "__init__")]
        found = []
        for cls in classes:
            own = self.index.method(cls, "__init__") is init
            names = positional_params(init, [p for p in init.params if p not in ("self", "cls")]) if own else []
            found += self._replacing_values(cls, names, param)
        if found:
            return min(found, key=self.index.source_order)
        # (the pool that builds it for a proxy is often a module that imports this one, which no
        # link brings in)
        return min(self._replacing_elsewhere(built, param), default=None)

    def _replacing_values(self, cls: ClassInfo, names: list, param: str) -> list:
        """What the constructions of cls in this analysis pass for param that lacks TCP_NODELAY."""
        found = []
        for call, caller in self.resolver.calls_by_name().get(cls.name, ()):
            given = _given_args(names, call).get(param) if names else next(
                (a.value for a in args_of(call) if a.keyword == param), None)
            candidates = [(given, caller)] if given is not None else [
                (value, where) for arg in args_of(call) if arg.star == "**"
                for value, where in self._keyword_puts(arg.value, caller, param)]
            for value, where in candidates:
                leaves: list = []
                self._option_leaves(value, where, None, [], None, 0, leaves)
                if leaves and all(not named and known for named, _, known in leaves):
                    found.append(value)
        return found

    def _replacing_elsewhere(self, built: ClassInfo, param: str) -> list:
        """(path, line) of the values that other project files (not linked here) pass for the
        parameter where they build the class, that are known to lack TCP_NODELAY: the pool module
        that imports the connection class and builds it for a proxy."""
        path = self.imports.project.importer if self.imports.project is not None else None
        if path is None or self.index.file_of(built.node) != 0:
            return []
        found = []
        for other, names in sorted(importer_files(path, {built.name}).items()):
            tree = parsed(other)
            if tree is None:
                continue
            self.imports.project.read.add(other)  # (a cached result goes stale with it)
            local = {name for name, original in names.items() if original == built.name}
            found += [(other, value.lineno) for value in _replacements_in(tree, local, param)]
        return found

    def _keyword_puts(self, kwargs, caller: FunctionInfo | None, param: str) -> list:
        """(value, function) for each `kw.setdefault("param", value)` / `kw["param"] = value` on
        the dict a call unpacks (`**self.conn_kw`: in the methods of the caller's class, `**kw`:
        in the caller)."""
        key = dotted(kwargs)
        if key is None or caller is None or ("." in key and not key.startswith("self.")):
            return []
        funcs = [caller] if "." not in key else [
            f for f in self.index.functions
            if f.cls is not None and caller.cls is not None and f.cls in self.index.class_chain(caller.cls)]
        return [(value, func) for func in funcs for value in _keyword_puts_in(func.node, key, param)]

    def _options_name_nodelay(self, expr, frame: _Frame, depth: int = 0) -> bool:
        """Do the values an option tuple can come from mention TCP_NODELAY (an options list in a
        class attribute, a module constant, a self attribute, a for loop over one of them)?"""
        if depth > 4:
            return False
        for value in self._values(expr, frame):
            if _mentions(value, "TCP_NODELAY"):
                return True
            # `DEFAULTS if options is None else options`: follow the names it is made of
            for name in _names_in(value):
                if self._options_name_nodelay(name, frame, depth + 1):
                    return True
        return False

    def _flag_off_by_default(self, frame: _Frame, conn: Conn) -> str | None:
        """The flag, when this code runs only under `if <flag>:` and every value the flag gets
        is false unless a caller asks: a class attribute False, a parameter defaulting to False.
        (An `if` the socket itself is made under is no gate: `if self.proxy:` made it there.)"""
        for test in reversed(frame.conds):
            if id(test) in conn.made_under:
                continue
            option = self._option_values(test, frame)
            key = dotted(test) if option is None else ast.unparse(test)
            if key is None:
                continue
            values = self._bound(test, frame) if option is None else option
            defaults = [self._default(value, func) for value, func in values]
            if defaults and all(d is not None and not d for d in defaults):
                return key
        return None

    def _option_values(self, test, frame: _Frame) -> list | None:
        """For a test of an options dict's entry (`self.options["tcp_nodelay"]`,
        `self.options.get("tcp_nodelay", False)`): (value, function) for every value the entry
        is given (a dict literal's, `options["tcp_nodelay"] = tcp_nodelay`, the get()'s default);
        a dict made any other way gives an unknown value. None for any other test."""
        if type(test) is ast.Subscript and is_str(test.slice):
            held, entry, fallback = test.value, test.slice.value, []
        elif type(test) is ast.Call and type(test.func) is ast.Attribute and test.func.attr == "get" \
                and test.args and is_str(test.args[0]) and not test.keywords:
            held, entry = test.func.value, test.args[0].value
            fallback = [(test.args[1] if len(test.args) > 1 else ast.Constant(None), None)]
        else:
            return None
        if dotted(held) is None:
            return None
        found = self._keyword_puts(held, frame.act.func, entry) + fallback
        for value, func in self._bound(held, frame):
            if type(value) is not ast.Dict:
                found.append((value, None))  # (a dict handed in: its entries are the caller's)
                continue
            found += [(item, func) for key, item in zip(value.keys, value.values) if is_str(key) and key.value == entry]
            if None in value.keys:
                found.append((value, None))  # `{**defaults, ...}`
        return found

    def _gate(self, frame: _Frame, conn: Conn) -> str | None:
        """The parameter of the function that makes conn when this code runs only under
        `if <param>:` there (also through a helper it calls: `if nodelay: set_nodelay(sock)`)."""
        made_in = conn.origin_func
        if made_in is None:
            return None
        tests = [(test, frame.act.func) for test in frame.conds] + list(frame.outer_conds)
        for test, func in reversed(tests):
            if func is made_in and type(test) is ast.Name and test.id in made_in.params:
                return test.id
        return None

    def gates_off(self, call, frame: _Frame) -> tuple[frozenset, str]:
        """The parameters a factory call sets to false ((names, the text of an argument that is
        false unless configured)): `connect(addr, nodelay=False)`, `nodelay=config.NODELAY`."""
        callee = self.resolver.callee(call, frame.act)
        if callee is None:
            return frozenset(), ""
        names = [p for p in callee.params if not (callee.is_method and p in ("self", "cls"))]
        given = _given_args(names, call, callee.keyword_only)
        off, optional = set(), ""
        for name, value in given.items():
            if is_const(value, False) or is_const(value, None):
                off.add(name)
            elif is_int(value) and value.value == 0:
                off.add(name)
            elif type(value) in (ast.Name, ast.Attribute) and self._off_by_default(value, frame):
                off.add(name)
                optional = optional or dotted(value) or ""
        return frozenset(off), optional

    def _off_by_default(self, value, frame: _Frame) -> bool:
        """Every value the name or attribute is given is false: a module or class constant, a
        parameter's default, a setting of another project module (`config.NODELAY = False`)."""
        defaults = [self._default(v, func) for v, func in self._bound(value, frame)]
        if defaults:
            return all(d is not None and not d for d in defaults)
        if type(value) is ast.Attribute and type(value.value) is ast.Name:
            return self.imports.setting_off(value.value.id, value.attr)
        return False

    def _default(self, value, func: FunctionInfo | None) -> int | None:
        if is_const(value, None):
            return 0
        known = constant(value, self.imports, self.index.consts)
        if known is not None or type(value) is not ast.Name or func is None or value.id not in func.params:
            return known
        if self._asked_by_a_caller(func, value.id):
            return None  # `Framed(sock, nodelay=True)` in this module: not off unless configured
        default = default_of(func.node, value.id)
        return self._default(default, None) if default is not None else None

    def _asked_by_a_caller(self, func: FunctionInfo, param: str) -> bool:
        """Does some call of func in the module pass a true literal for the parameter (a class's
        constructor call for its __init__)?"""
        name = func.cls.name if func.name == "__init__" and func.cls is not None else func.name
        names = [p for p in func.params if not (func.is_method and p in ("self", "cls"))]
        for call, _ in self.resolver.calls_by_name().get(name, ()):
            known, literal = _literal(_given_args(names, call, func.keyword_only).get(param))
            if known and literal:
                return True
        return False

    def _bound(self, expr, frame: _Frame) -> list:
        """(value, function it is assigned in) for every assignment of a name or self attribute."""
        key = dotted(expr)
        func = frame.act.func
        # (a subclass's walk of an inherited method: the subclass's assignments too)
        cls = frame.act.cls or (func.cls if func is not None else None)
        if key is None:
            return []
        if key.startswith("self.") and cls is not None:
            found = [(b.value, b.func) for b in self.index.self_bindings(cls, key)]
            attr = self.index.class_attr(cls, key[5:])
            return found + ([(attr, None)] if attr is not None else [])
        while func is not None:
            if key in func.bindings:
                return [(b.value, b.func) for b in func.bindings[key]]
            if key in func.params:
                return [(ast.Name(id=key), func)]
            func = func.parent
        return [(b.value, None) for b in self.index.module_bindings.get(key, ())]

    def _values(self, expr, frame: _Frame) -> list:
        """What a name or self attribute is assigned anywhere (flow-insensitive)."""
        return [value for value, _ in self._bound(expr, frame)]


def _better_read(known, node) -> bool:
    """Is node the read to name for a connection whose named read so far is known? The first,
    but a reply's read over a TLS handshake's (`wrap_socket()` reads the peer's answer too), and
    the connection's own read over a wait on the queue a reader thread fills from it."""
    return known is None or _handshake_read(known) and not _handshake_read(node) \
        or _queue_read(known) and not _queue_read(node) and not _handshake_read(node)


def _queue_read(node) -> bool:
    return type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in queues.GETS


def _run_in_place(call, func: FunctionInfo) -> bool:
    """Is the call a statement of func's own (`self.authorize()`, `x = self.handshake()`), not an
    argument handed on (`Thread(target=...)`, `run_coroutine_threadsafe(self.reader(), loop)`)?"""
    return any(type(stmt) in (ast.Expr, ast.Assign) and stmt.value is call for stmt in iter_statements(func.node.body))


def _reads_to_eof(call, loop) -> bool:
    """Does this read take everything until the peer closes: `f.read()`, `tn.read_all()`, or a
    recv() in a loop whose only way out is an empty read (`while chunk: chunk = sock.recv(n)`,
    `while True:` ... `if not chunk: break`)?"""
    if type(call) is not ast.Call or type(call.func) is not ast.Attribute:
        return False
    method = call.func.attr
    if method in ("read", "readlines", "read_all") and not call.args and not call.keywords:
        return True
    if method not in C.SOCKET_READS or type(loop) is not ast.While:
        return False
    bound = next((stmt.targets[0].id for stmt in loop.body if type(stmt) is ast.Assign and stmt.value is call
                  and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name), None)
    if type(loop.test) is ast.NamedExpr and loop.test.value is call:
        return not _exits_of(loop)
    if bound is None:
        return False
    if type(loop.test) is ast.Name and loop.test.id == bound:
        return not _exits_of(loop)
    exits = _exits_of(loop) if is_const(loop.test, True) else ()
    if len(exits) == 1 and type(exits[0]) is ast.Break:
        guard = next((stmt for stmt in loop.body if type(stmt) is ast.If and exits[0] in stmt.body), None)
        test = guard.test if guard is not None else None
        return type(test) is ast.UnaryOp and type(test.op) is ast.Not and type(test.operand) is ast.Name \
            and test.operand.id == bound and len(guard.body) == 1 and not guard.orelse
    return False


def _exits_of(loop) -> list:
    return [node for stmt in loop.body for node in _loop_exits(stmt)]


def _loop_exits(node) -> list:
    """The breaks of this loop and the returns under node (not those of inner loops or defs)."""
    kind = type(node)
    if kind in (ast.Break, ast.Return):
        return [node]
    if kind in DEFINITIONS:
        return []
    inner = kind in (ast.While, ast.For, ast.AsyncFor)
    found = []
    for child in ast.iter_child_nodes(node):
        found += [n for n in _loop_exits(child) if not (inner and type(n) is ast.Break)]
    return found


def _handshake_read(node) -> bool:
    return type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in ("wrap_socket", "do_handshake")


def _first(call: ast.Call) -> list:
    """The first argument of a write, as a one-element list (none: an empty one)."""
    args = args_of(call)
    return [args[0].value] if args else []


def _literal(expr, strings: bool = False):
    """(True, value) for `True`, `False`, `None`, integers, and with strings short strings (an
    argument, `method="socket"`, that `if method is not None:` in the callee decides; not a
    local's `buf = ""`, which `buf += sock.recv(n)` changes); (False, None) for anything else."""
    if type(expr) is ast.Constant and (expr.value is None or type(expr.value) in (bool, int)
                                       or strings and type(expr.value) is str and len(expr.value) <= 32):
        return True, expr.value
    return False, None


def _given_args(names: list[str], call, keyword_only: frozenset = frozenset()) -> dict:
    """Parameter name -> the argument expression this call passes for it (positional, keyword)."""
    given = dict(zip([name for name in names if name not in keyword_only], positional(call)))
    given.update((a.keyword, a.value) for a in args_of(call) if a.keyword is not None)
    return given


def _literal_args(callee: FunctionInfo, names: list[str], call, held: dict) -> dict:
    """The callee's parameters that hold a literal on this call: passed as one, or as a name
    the caller knows holds one (held), or left at a literal default (only when the call has no
    *args or **kwargs that could fill them)."""
    if any(a.star for a in args_of(call)):
        return {}
    given = _given_args(names, call, callee.keyword_only)
    for name, default in params_of(callee.node):
        if name not in given and default is not None:
            given[name] = default
    out = {}
    rebound = _rebound_otherwise(callee)
    for name, value in given.items():
        known, literal = _literal(value, strings=True)
        if not known and type(value) is ast.Name and value.id in held:
            known, literal = True, held[value.id]
        # (a parameter the body assigns again is followed per path by the walk: `if noreply is
        # None: noreply = self.default_noreply`; one it rebinds some other way is not)
        if known and name in names and name not in rebound:
            out[name] = literal
    if any(type(v) is str for v in out.values()):
        # a string only where the callee tests the parameter: `_simple_command("NOOP")` and
        # `_simple_command("CAPABILITY")` are the same walk, replayed, not one walk each
        tested = _tested_names(callee)
        out = {name: v for name, v in out.items() if type(v) is not str or name in tested}
    return out


def _tested_names(func: FunctionInfo) -> frozenset:
    """The names an `if`, `while`, conditional expression or assert of the function tests."""
    found = func.node.__dict__.get("_nagle_tested")
    if found is None:
        found = func.node._nagle_tested = frozenset(
            name.id for node in ast.walk(func.node) if type(node) in (ast.If, ast.While, ast.IfExp, ast.Assert)
            for name in ast.walk(node.test) if type(name) is ast.Name)
    return found


# what a try body's trailing writes may not hold (Walker._only_writes): each may raise anything
_NOT_QUIET = (ast.Raise, ast.With, ast.AsyncWith, ast.Await, ast.Yield, ast.YieldFrom, ast.Try, ast.Lambda)
_ARGUMENT_ERRORS = frozenset({"TypeError", "ValueError", "UnicodeError", "UnicodeEncodeError", "AttributeError",
                              "LookupError", "KeyError", "IndexError"})
_QUIET_BUILTINS = frozenset({"len", "str", "bytes", "bytearray", "int", "repr", "print"})
_QUIET_METHODS = frozenset({"encode", "decode", "join", "format", "upper", "lower", "strip", "rstrip", "lstrip"})


def _closes(stmt) -> bool:
    """`x.close()` or `x.shutdown(how)` as a statement."""
    return type(stmt) is ast.Expr and type(stmt.value) is ast.Call and type(stmt.value.func) is ast.Attribute \
        and stmt.value.func.attr in ("close", "shutdown")


def _calls_base_method(func: FunctionInfo) -> bool:
    """Does the method call the one it overrides: `super().do_GET()`, `Base.do_GET(self)`?"""
    for call in ast.walk(func.node):
        if type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == func.name:
            receiver = call.func.value
            if type(receiver) is ast.Call and dotted(receiver.func) == "super":
                return True
            if type(receiver) in (ast.Name, ast.Attribute) and call.args and dotted(call.args[0]) == "self":
                return True
    return False


def _private(func: FunctionInfo) -> bool:
    """`_activate_outbound`: called by the class's own methods, not by its users."""
    return func.name.startswith("_") and not func.name.endswith("__")


def _takes_setting(func: FunctionInfo, name: str) -> bool:
    """`if noreply is None: noreply = self.default_noreply` at the top of the body."""
    return any(type(stmt) is ast.If and _decided(stmt.test, {name: None}) is True and len(stmt.body) == 1
               and type(stmt.body[0]) is ast.Assign and dotted(stmt.body[0].targets[0]) == name
               and (dotted(stmt.body[0].value) or "").startswith("self.")
               for stmt in func.node.body)


def _rebound_otherwise(func: FunctionInfo) -> frozenset:
    """Names the function binds other than by `name = value` (a loop target, `+=`, `as`, `:=`):
    the walk does not follow what those hold."""
    found = getattr(func, "_rebound", None)
    if found is None:
        names = set()
        for node in ast.walk(func.node):
            kind = type(node)
            if kind is ast.AugAssign or kind is ast.AnnAssign or kind in FOR_LOOPS:
                names.update(n.id for n in ast.walk(node.target) if type(n) is ast.Name)
            elif kind is ast.withitem and node.optional_vars is not None:
                names.update(n.id for n in ast.walk(node.optional_vars) if type(n) is ast.Name)
            elif kind is ast.NamedExpr:
                names.add(node.target.id)
            elif kind is ast.ExceptHandler and node.name:
                names.add(node.name)
            elif kind is ast.Assign:  # (a tuple target: not one value)
                for target in node.targets:
                    if type(target) is not ast.Name:
                        names.update(n.id for n in ast.walk(target) if type(n) is ast.Name)
            elif kind in (ast.Global, ast.Nonlocal):
                names.update(node.names)
        found = func._rebound = frozenset(names)
    return found


def _unpacked_row(args: list, func: FunctionInfo | None):
    """The iterated options list when the three arguments are the three names a `for` loop of the
    function unpacks each row into, in order (`for level, name, value in options:`), else None."""
    if func is None or any(type(a) is not ast.Name for a in args):
        return None
    rows = set()
    for column, arg in enumerate(args):
        bindings = func.bindings.get(arg.id, ())
        if len(bindings) != 1 or index_column(bindings[0].index) != column:
            return None
        rows.add(id(bindings[0].value))
    return func.bindings[args[0].id][0].value if len(rows) == 1 else None


def _decided(test, literals: dict) -> bool | None:
    """Which way `if flag:`, `if not flag:`, `if flag is None:` goes when flag holds a literal."""
    if not literals:
        return None
    kind = type(test)
    if kind is ast.Name and test.id in literals:
        return bool(literals[test.id])
    if kind is ast.UnaryOp and type(test.op) is ast.Not:
        inner = _decided(test.operand, literals)
        return None if inner is None else not inner
    if kind is ast.BoolOp:  # `if not self.single and more:` with more=False
        parts = [_decided(value, literals) for value in test.values]
        settles = type(test.op) is ast.Or  # (a true part settles `or`, a false one `and`)
        if settles in parts:
            return settles
        return None if None in parts else not settles
    if (kind is ast.Compare and len(test.ops) == 1 and type(test.left) is ast.Name
            and test.left.id in literals and is_const(test.comparators[0], None)):
        is_none = literals[test.left.id] is None
        if type(test.ops[0]) is ast.Is:
            return is_none
        if type(test.ops[0]) is ast.IsNot:
            return not is_none
    if kind is ast.Compare and len(test.ops) == 1:
        op, left, right = type(test.ops[0]), test.left, test.comparators[0]
        if op in (ast.In, ast.NotIn) and type(left) is ast.Constant and type(left.value) is str \
                and type(right) is ast.Name and type(literals.get(right.id)) is str:
            # `if "closeConnection" in data:` in a helper handed `send_data("swipeFinished;#")`
            return (left.value in literals[right.id]) is (op is ast.In)
        if op in (ast.Eq, ast.NotEq) and type(left) is ast.Name and left.id in literals \
                and type(right) is ast.Constant and type(right.value) is type(literals[left.id]):
            return (literals[left.id] == right.value) is (op is ast.Eq)  # `if mode == "stream":`
    return None


def _chain(stmt: ast.If) -> list:
    """The `if` and each `elif` of a chain."""
    found = [stmt]
    while len(found[-1].orelse) == 1 and type(found[-1].orelse[0]) is ast.If:
        found.append(found[-1].orelse[0])
    return found


def _chain_compared(stmt: ast.If):
    """(name, {constants}) for an `if`/`elif` chain without else whose every test is `name ==
    CONSTANT` of one name, else None."""
    chain = _chain(stmt)
    if chain[-1].orelse:
        return None
    tests = [_compared(branch.test) for branch in chain]
    if any(t is None or t[0] != tests[0][0] for t in tests):
        return None
    return tests[0][0], {t[1] for t in tests}


def _compared(test):
    """(dotted name, what it is compared to) for `name == CONSTANT` (or `name is CONSTANT`: two
    such tests of one name against different constants cannot both hold), else None."""
    if type(test) is not ast.Compare or len(test.ops) != 1 or type(test.ops[0]) not in (ast.Eq, ast.Is):
        return None
    name, value = dotted(test.left), test.comparators[0]
    if name is None:
        return None
    if type(value) is ast.Constant:
        return name, repr(value.value)
    other = dotted(value)  # an enum-like constant: `Wrapper.OPCODE_PING`
    if other is not None and other.rpartition(".")[2].isupper():
        return name, other
    return None


def _plainly_bound(func_node, name: str) -> bool:
    """Is every binding of the local `name` a plain `name = value` (no loop target, `as`, `+=`,
    tuple target or `:=`), so that the walk sees each value it takes?"""
    stores = plain = 0
    for node in ast.walk(func_node):
        if type(node) is ast.Name and node.id == name and type(node.ctx) is ast.Store:
            stores += 1
        elif type(node) is ast.Assign and any(type(t) is ast.Name and t.id == name for t in node.targets):
            plain += 1
        elif type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return False
    return stores == plain


def _bound_inside(stmt) -> frozenset:
    """The plain names a statement binds anywhere inside it: assignment and loop targets,
    `as` names, match captures, imports (not inside the defs, lambdas or comprehensions it
    holds, which have scopes of their own)."""
    names = set()
    stack = [stmt]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is ast.Name and type(node.ctx) is ast.Store:
            names.add(node.id)
        elif kind in (ast.ExceptHandler, ast.MatchAs, ast.MatchStar) and node.name:
            names.add(node.name)
        elif kind is ast.MatchMapping and node.rest:
            names.add(node.rest)
        elif kind in (ast.Import, ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        if node is stmt or not isinstance(node, (*DEFINITIONS, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                                                 ast.GeneratorExp)):
            stack.extend(fast_children(node))
    return frozenset(names)


def _agree_after(params: dict, arms: list, same=lambda a, b: a is b) -> None:
    """What names are bound to after an if: what every branch that goes on agrees on (a branch
    that returns or raises does not); a name they bind differently is resolved from all its
    assignments again. arms: (bindings, state) per branch."""
    going_on = [bound for bound, state in arms if state is not None] or [bound for bound, _ in arms]
    params.clear()
    for key in set().union(*going_on):
        if all(key in bound for bound in going_on):
            values = [bound[key] for bound in going_on]
            if all(same(value, values[0]) for value in values):
                params[key] = values[0]


def _exclusive(first, second) -> bool:
    """Two adjacent `if`s (or `if`/`elif` chains) without else that compare one name with
    different constants, the first not assigning the name: at most one body runs (`if cmd ==
    "PING": ... elif cmd == "PONG": ...` then `if cmd == "001": ...`). (Not when the first calls
    a method of the object whose attribute is compared, or of ours on it: `if conn.state ==
    "headers": conn.send(head)` then `if conn.state == "body":`, a protocol object moving on as
    it sends.)"""
    if type(first) is not ast.If or type(second) is not ast.If:
        return False
    a, b = _chain_compared(first), _chain_compared(second)
    if a is None or b is None or a[0] != b[0] or a[1] & b[1]:
        return False
    owner = a[0].rpartition(".")[0]
    receivers = {owner, "self"} if owner.startswith("self.") else {owner}
    for node in (node for branch in _chain(first) for stmt in branch.body for node in ast.walk(stmt)):
        if type(node) in (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.NamedExpr) \
                and any(dotted(t) == a[0] for t in _targets(node)):
            return False
        if owner not in ("", "self") and type(node) is ast.Call and type(node.func) is ast.Attribute \
                and (dotted(node.func.value) in receivers or (dotted(node.func.value) or "").startswith(owner + ".")):
            return False
    return True


def _waits_for_another_thread(stmt) -> bool:
    """A `while` loop on an attribute it never assigns, which sleeps or waits each turn
    (`while not self.accepted: time.sleep(0.1)`, `while not self.done.is_set(): ev.wait(1)`)."""
    if type(stmt) is not ast.While:
        return False
    watched = {dotted(n) for n in ast.walk(stmt.test) if type(n) is ast.Attribute} - {None}
    if not watched:
        return False
    assigned = {dotted(t) for n in ast.walk(stmt) if type(n) in (ast.Assign, ast.AugAssign, ast.AnnAssign)
                for t in _targets(n)}
    if watched & assigned:
        return False
    return any(type(n) is ast.Call and (dotted(n.func) in ("time.sleep", "sleep")
                                         or type(n.func) is ast.Attribute and n.func.attr == "wait")
               for n in ast.walk(stmt))


def _only_used_in_place(cls, read) -> bool:
    """Is the attribute the read is on (`self.conn` of `self.conn.recv(n)`) used, in every
    method of the class, only as the receiver of a method call (never handed to a relay,
    stored elsewhere or returned), apart from the constructor's assignment?"""
    receiver = read.func.value if type(read) is ast.Call and type(read.func) is ast.Attribute else None
    name = dotted(receiver) if receiver is not None else None
    if name is None or not name.startswith("self."):
        return False
    for method in cls.methods.values():
        in_place = {id(n.func.value) for n in ast.walk(method.node) if type(n) is ast.Call
                    and type(n.func) is ast.Attribute and dotted(n.func.value) == name}
        if method.name == "__init__":
            in_place |= {id(t) for n in ast.walk(method.node) if type(n) is ast.Assign for t in n.targets}
        if any(type(n) is ast.Attribute and id(n) not in in_place and dotted(n) == name for n in ast.walk(method.node)):
            return False
    return True


def _gathers_one(func_node, read) -> bool:
    """Is the loop around the read one that only gathers a message (every statement of its body
    the read, a concatenation or an `if ...: break`), in a function that writes nothing?"""
    loops = [n for n in ast.walk(func_node) if type(n) in (ast.While, *FOR_LOOPS) and contains(n, read)]
    if len(loops) != 1 or any(type(n) is ast.Call and type(n.func) is ast.Attribute
                              and n.func.attr in ("send", "sendall", "write", "writelines")
                              for n in ast.walk(func_node)):
        return False
    for stmt in loops[0].body:
        if type(stmt) is ast.If and not stmt.orelse and all(type(s) is ast.Break for s in stmt.body):
            continue
        if type(stmt) is ast.AugAssign and type(stmt.op) is ast.Add:
            continue
        if type(stmt) is ast.Assign and contains(stmt, read):
            continue
        return False
    return True


def _targets(node) -> list:
    if type(node) is ast.Assign:
        return node.targets
    return [node.target]


def _returns_one_item_at_most(func: FunctionInfo) -> bool:
    values = [ret.value for ret in return_statements(func.node)]
    return bool(values) and all(type(v) in (ast.List, ast.Tuple) and len(v.elts) <= 1
                                and not any(type(e) is ast.Starred for e in v.elts) for v in values) \
        and not any(type(n) in (ast.Yield, ast.YieldFrom) for n in ast.walk(func.node))


def _leaves_loop(body: list) -> bool:
    """Does a loop body `break` or `continue` (not an inner loop's)?"""
    stack = list(body)
    while stack:
        node = stack.pop()
        if type(node) in (ast.Break, ast.Continue):
            return True
        if isinstance(node, (*DEFINITIONS, *FOR_LOOPS, ast.While, ast.expr)):
            continue
        stack.extend(fast_children(node))
    return False


def _handshakes(call) -> bool:
    """wrap_socket(sock, ...) without do_handshake_on_connect=False: the handshake runs there."""
    return not any(a.keyword == "do_handshake_on_connect" and not is_const(a.value, True) for a in args_of(call))


_NO_LITERAL = object()  # (a parameter's literal not known: None is a literal)


def _handed(init: FunctionInfo, call: ast.Call, names: dict | None = None) -> dict:
    """The constructor's parameters -> the expressions a call hands them; with names (the
    calling constructor's own parameters -> its caller's expressions), a parameter handed on by
    name (`super().__init__(sock)`) is its caller's expression, and any other is left out."""
    params = [p for p in init.params if p != "self"]
    pairs = list(zip(params, positional(call))) + [(a.keyword, a.value) for a in args_of(call) if a.keyword in params]
    if names is None:
        return dict(pairs)
    return {param: names[value.id] for param, value in pairs if type(value) is ast.Name and value.id in names}


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp)


def _runs_once(loop: ast.While) -> bool:
    """A `while name:` / `while name is not None:` whose body ends by setting the name to None
    or False, with no `continue` in it: one turn at most."""
    test = loop.test
    if type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) is ast.IsNot \
            and is_const(test.comparators[0], None):
        test = test.left
    if type(test) is not ast.Name or not loop.body:
        return False
    last = loop.body[-1]
    if type(last) is not ast.Assign or len(last.targets) != 1 or type(last.targets[0]) is not ast.Name \
            or last.targets[0].id != test.id or not (is_const(last.value, None) or is_const(last.value, False)):
        return False
    return not any(type(node) is ast.Continue for stmt in loop.body for node in ast.walk(stmt))


def _over_receivers(comp) -> bool:
    """`[conn.recv(64) for conn in self.replicas]`: the items are what it calls methods on (the
    connections of a container, each read once), not arguments of a request made per item."""
    targets = {n.id for g in comp.generators for n in ast.walk(g.target) if type(n) is ast.Name}
    return any(type(n) is ast.Call and type(n.func) is ast.Attribute and type(n.func.value) is ast.Name
               and n.func.value.id in targets for n in ast.walk(comp))


_WRITE_NAMES = C.SOCKET_WRITES | C.FILE_WRITES | C.MP_WRITES | C.DISPATCHER_WRITES


def _compared_apart(func: FunctionInfo) -> set:
    """The parameters the function never rebinds, and the locals it binds only by plain
    assignments (each of which the walk sees, forgetting what was known), that two or more of
    its `if`s compare with constants, one of them around a write (`if cmdi != 0: send_cmd(c)`
    ... `if cmdi == 0: send(both)`): the paths a value takes through the two cannot cross."""
    counts: dict = {}
    for node in iter_statements(func.node.body):
        if type(node) is ast.If:
            for name in flags.compared_names(node.test):
                counts[name] = counts.get(name, 0) + 1
    if not any(count > 1 for count in counts.values()):
        return set()  # (most functions: no name compared twice, nothing more to read)
    stored = {node.id for node in ast.walk(func.node) if type(node) is ast.Name and type(node.ctx) is not ast.Load}
    # (a name also bound where the walk sees no assignment, `case (b"GET", mode):`, `except E as
    # name`, an import, keeps what an earlier turn learnt: not followed)
    captured = {getattr(node, attr, None) for node in ast.walk(func.node)
                for attr in ("name", "rest", "asname") if type(getattr(node, attr, None)) is str}
    return {name for name, count in counts.items() if count > 1 and "." not in name and name not in captured
            and (name not in stored if name in func.params else name in stored and _plainly_bound(func.node, name))
            and _guards_a_write(func, name)}


def _guards_a_write(func: FunctionInfo, name: str) -> bool:
    """Does an `if` of the function test the local and write in its body (`reply = None` ...
    `if reply: conn.send(reply)`)? Then the paths that left it None never write there."""
    return any(type(node) is ast.If and name in flags.tested_names(node.test)
               and any(type(c) is ast.Call and type(c.func) is ast.Attribute and c.func.attr in _WRITE_NAMES
                       for stmt in node.body for c in ast.walk(stmt))
               for node in iter_statements(func.node.body))


# what a function may call on a connection it keeps to itself: reads, writes and options, none of
# which hands the connection out (`makefile()`, `dup()` or `detach()` would)
_KEEPING_METHODS = (STREAM_METHODS | C.TELNET_READS) - {"makefile"} | {
    "connect", "connect_ex", "settimeout", "setblocking", "gettimeout", "getsockopt", "getpeername", "getsockname",
    "bind", "shutdown"}


def _repeats_in_loop(conn: Conn, read_loops: tuple, write_loops: tuple) -> bool:
    """A loop around both the write and the read, but not around the connect: the same
    connection carries the exchange again next turn (a read-until-EOF loop alone does not)."""
    made = conn.made_in_loops
    return made is not None and any(loop not in made and loop not in conn.reconnected_in and loop in write_loops
                                    for loop in read_loops)


def _each_turn(loop: ast.stmt, call: ast.Call) -> bool:
    """Does the call run on every turn of the loop that reaches it: in a statement of the loop's
    body, or of a `try` or `with` body there, not under an `if` or an inner loop?"""
    stmts = list(loop.body)
    while stmts:
        stmt = stmts.pop()
        if type(stmt) in TRIES:
            stmts.extend(stmt.body)
        elif type(stmt) in WITHS:
            stmts.extend(stmt.body)
        elif not isinstance(stmt, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Match, *DEFINITIONS)) \
                and any(node is call for node in ast.walk(stmt)):
            return True
    return False


def _once_guard(stmt: ast.If, func) -> bool:
    """`if x is None:` / `if not x:` whose body sets x, where x outlives one call (a nonlocal or
    global name, or `self.x`): the body runs once, then never again."""
    test = stmt.test
    if type(test) is ast.Compare and len(test.ops) == 1 and type(test.ops[0]) is ast.Is \
            and is_const(test.comparators[0], None):
        name = dotted(test.left)
    elif type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        name = dotted(test.operand)
    else:
        return False
    if name is None:
        return False
    if not name.startswith("self."):
        if func is None or type(func.node) is ast.Module or not any(
                type(s) in (ast.Nonlocal, ast.Global) and name in s.names for s in func.node.body):
            return False
    return any(type(s) is ast.Assign and any(dotted(t) == name for t in s.targets) for s in stmt.body)


def _picks_one(test, loop) -> bool:
    """`for param in params: if param == "NAMESX":`: the test matches one element of what the
    loop walks (a token list, a dict's keys), so its body runs on one turn, not on each."""
    if type(loop) not in FOR_LOOPS or type(test) is not ast.Compare or len(test.ops) != 1 \
            or type(test.ops[0]) is not ast.Eq:
        return False
    target = loop.target
    names = {target.id} if type(target) is ast.Name else {
        e.id for e in target.elts if type(e) is ast.Name} if type(target) is ast.Tuple else set()
    left, right = test.left, test.comparators[0]
    return (type(left) is ast.Name and left.id in names and type(right) is ast.Constant) or (
        type(right) is ast.Name and right.id in names and type(left) is ast.Constant)


def _assigned_from(binding) -> set[str]:
    """The `self.x` names a bound value uses, directly or through the locals it names."""
    names = set(_self_attribute_names(binding.value))
    func = binding.func
    if func is not None:
        for node in ast.walk(binding.value):
            if type(node) is ast.Name:
                for local in func.bindings.get(node.id, ()):
                    names |= _self_attribute_names(local.value)
    return names


def _self_attribute_names(node) -> set[str]:
    """x for every `self.x` under node (kept on the node: asked for each subclass walk)."""
    found = node.__dict__.get("_nagle_self_names")
    if found is None:
        found = node.__dict__["_nagle_self_names"] = _self_attributes_in(node)
    return found


def _self_attributes_in(node) -> set[str]:
    out, stack = set(), [node]
    while stack:
        current = stack.pop()
        if type(current) is ast.Attribute and type(current.value) is ast.Name and current.value.id == "self":
            out.add(current.attr)
        stack.extend(fast_children(current))
    return out


def _names_error(node, names: frozenset) -> bool:
    """Does an `except` clause's type name one of these exception classes (`ssl.X` too)?"""
    return node is not None and any((dotted(n) or "").rpartition(".")[2] in names
                                    for n in (node.elts if type(node) is ast.Tuple else [node]))


# what a read raises without waiting for the peer: a non-blocking socket with nothing to read
_AT_ONCE_ERRORS = frozenset({"BlockingIOError", "SSLWantReadError", "SSLWantWriteError", "InterruptedError"})


def _catches_at_once(func: ast.AST) -> bool:
    """Does a handler in func catch what a non-blocking read raises when nothing has arrived?"""
    return any(type(node) is ast.ExceptHandler and _names_error(node.type, _AT_ONCE_ERRORS) for node in ast.walk(func))


def _runner_name(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if type(func) is ast.Attribute else func.id if type(func) is ast.Name else None


def _returns_from_handler(loop) -> bool:
    """Does a try in the loop's own body (not in a loop or function in it) return from a
    handler?"""
    stack = list(loop.body)
    while stack:
        node = stack.pop()
        if type(node) in TRIES and any(type(s) is ast.Return for h in node.handlers for s in h.body):
            return True
        if type(node) not in DEFINITIONS and type(node) is not ast.While and type(node) not in FOR_LOOPS:
            stack.extend(child for block in child_blocks(node) for child in block)
    return False


def _only_says(stmt) -> bool:
    """`pass`, `print(...)` to the console, `log.info(...)` of names, constants and str
    methods of them: a statement that raises nothing a handler would catch after a write
    (Walker._try_parts). (`meta["user"]` in its arguments may raise: not this.)"""
    if type(stmt) is ast.Pass:
        return True
    call = stmt.value if type(stmt) is ast.Expr else None
    if type(call) is not ast.Call or not all(_quiet_value(a) for a in [*call.args, *(k.value for k in call.keywords)]):
        return False
    func = call.func
    if type(func) is ast.Name:
        return func.id == "print" and not any(k.arg == "file" for k in call.keywords)
    return type(func) is ast.Attribute and func.attr in _LOG_LEVELS \
        and (dotted(func.value) or "").rpartition(".")[2].lower().strip("_") in ("log", "logger", "logging")


def _quiet_value(expr) -> bool:
    """A constant, a name, `self.x`, an f-string of those, or a str method of one (`x.strip()`)."""
    kind = type(expr)
    if kind is ast.Constant or dotted(expr) is not None:
        return True
    if kind is ast.JoinedStr:
        return all(type(v) is ast.Constant or _quiet_value(v.value) for v in expr.values)
    return kind is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr in _QUIET_METHODS \
        and dotted(expr.func.value) is not None and all(_quiet_value(a) for a in expr.args) and not expr.keywords


_LOG_LEVELS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})
# what a try's body may end with that sends nothing when it raises (Walker._try_parts)
_TRAILING_WRITES = C.SOCKET_WRITES | C.FILE_WRITES | frozenset({"flush", "drain"})
# recv() from another connection, not read(): a file's or buffer's contents sent on are the
# program's own message (an upload, a TLS engine's output)
_RELAY_READS = C.SOCKET_READS


def _relayed_from(value) -> str | None:
    """`other` for `other.recv(n)`, for an asyncio stream's `await other.read(n)`, or for
    `await loop.sock_recv(other, n)`."""
    methods = _RELAY_READS
    if type(value) is ast.Await:
        value, methods = value.value, C.SOCKET_READS | C.ASYNC_READS
        if type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr == "sock_recv" \
                and value.args:
            return dotted(value.args[0])
    if type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr in methods:
        return dotted(value.func.value)
    return None


def _advances(loop, name: str, kind: str) -> bool:
    """Does the loop body move `name` past what was sent: `name = name[n:]` / `del name[:n]` /
    `name[:n] = []` (rebind), or `name += n` / `name = name + n` (advance)?"""
    stack = list(fast_children(loop))
    while stack:
        node = stack.pop()
        kind_of = type(node)
        if kind == "rebind" and kind_of is ast.Assign and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if dotted(target) == name and type(value) is ast.Subscript and dotted(value.value) == name:
                return True
            if type(target) is ast.Subscript and type(target.slice) is ast.Slice and target.slice.lower is None \
                    and dotted(target.value) == name and type(value) in (ast.List, ast.Tuple) and not value.elts:
                return True  # `buf[:n] = []`
        if kind == "rebind" and kind_of is ast.Delete and any(
                type(t) is ast.Subscript and dotted(t.value) == name for t in node.targets):
            return True
        if kind == "advance" and kind_of is ast.AugAssign and type(node.target) is ast.Name \
                and node.target.id == name and type(node.op) is ast.Add:
            return True
        if kind == "advance" and kind_of is ast.Assign and len(node.targets) == 1 \
                and type(node.targets[0]) is ast.Name and node.targets[0].id == name \
                and type(node.value) is ast.BinOp and type(node.value.op) is ast.Add \
                and any(type(side) is ast.Name and side.id == name for side in (node.value.left, node.value.right)):
            return True  # `sent_total = sent_total + sent`
        if kind == "advance" and kind_of is ast.Assign and len(node.targets) == 1 \
                and type(node.targets[0]) is ast.Name and node.targets[0].id == name and type(node.value) is ast.Call \
                and any(type(arg) is ast.Subscript and type(arg.slice) is ast.Slice and type(arg.slice.lower) is ast.Name
                        and arg.slice.lower.id == name for arg in node.value.args):
            return True  # `sent = conn.send(data[sent:])`: meant as the rest, however it counts
        if kind_of not in DEFINITIONS:
            stack.extend(fast_children(node))
    return False


def _names_in(expr) -> list:
    """The outermost names and dotted attributes inside an expression."""
    found, stack = [], [expr]
    while stack:
        node = stack.pop()
        if dotted(node) is not None:
            found.append(node)
        else:
            stack.extend(fast_children(node))
    return found


def _mentions(expr, name: str) -> bool:
    stack = [expr]
    while stack:
        node = stack.pop()
        if (type(node) is ast.Name and node.id == name) or (type(node) is ast.Attribute and node.attr == name):
            return True
        stack.extend(fast_children(node))
    return False


def _merge_facts(chains) -> set:
    """Chains that differ only in the flags they know are one chain that knows what all of them
    know: flags tell apart paths whose writes differ, not every branch taken."""
    by_rest: dict = {}
    for chain in chains:
        by_rest.setdefault(chain[:7] + chain[8:], []).append(chain[7])
    if len(by_rest) == len(chains):
        return chains
    return {rest[:7] + (frozenset.intersection(*facts) if len(facts) > 1 else facts[0],) + rest[7:]
            for rest, facts in by_rest.items()}


def _kept_method_call(call: ast.Call, func: FunctionInfo) -> bool:
    """`recv(4096)` after `recv = self.socket.recv` (or `= sock.read if tls else sock.recv`): a
    stream's method kept in a local."""
    return type(call.func) is ast.Name and any(
        type(value) is ast.Attribute and value.attr in STREAM_METHODS
        for value in (picked_method(b.value) if type(b.value) is ast.IfExp else b.value
                      for b in func.bindings.get(call.func.id, ())))


def _may_iterate_or_close(stmt) -> bool:
    """A `for` over a name, attribute or item (a stream's lines, a container of connections), or
    a `with` on one (closed at its end): a read or a close with no call of a stream method."""
    kind = type(stmt)
    if kind in FOR_LOOPS:
        return type(stmt.iter) in (ast.Name, ast.Attribute, ast.Subscript, ast.Starred)
    if kind in WITHS:
        return any(type(item.context_expr) is not ast.Call for item in stmt.items)
    return False


def _is_closed(chains) -> bool:
    """Is the connection closed on every path (whatever flags the paths know besides)?"""
    return bool(chains) and all(c[6] == CLOSED[6] for c in chains)


def _receiver_root(call) -> str | None:
    """`session` of `session.conn.sendall(b)`, `sock` of `sock.send(b)`."""
    node = call.func.value if type(call) is ast.Call and type(call.func) is ast.Attribute else None
    while type(node) is ast.Attribute:
        node = node.value
    return node.id if type(node) is ast.Name else None


def _keyed_names(loop) -> set:
    """The names a `for key in ...:` loop binds each turn to what a container holds under its
    key (`session = self.clients.get(key)`, `conn = conns[key]`): another object each turn,
    which the loop's writes may go through (_next_object asks which do)."""
    if type(loop.target) is not ast.Name:
        return set()
    key = loop.target.id
    names = set()
    for node in (n for stmt in loop.body for n in ast.walk(stmt)):
        if type(node) is not ast.Assign or len(node.targets) != 1 or type(node.targets[0]) is not ast.Name:
            continue
        value = node.value
        if type(value) is ast.Subscript and type(value.slice) is ast.Name and value.slice.id == key \
                or type(value) is ast.Call and type(value.func) is ast.Attribute and value.func.attr == "get" \
                and value.args and type(value.args[0]) is ast.Name and value.args[0].id == key:
            names.add(node.targets[0].id)
    return names


def _closed_elements(second_in, element, first_out, continues):
    """The state a loop leaves after its first turn: second_in, except that a loop over a
    local list of the connections the call made whose every turn closes its element (`finally:
    for s in sockets: s.close()`) leaves every element closed, not fresh for a next turn."""
    if element is None or second_in is None:
        return second_in
    turn_end = join(first_out, *continues)
    conn = element[0]
    if turn_end is None or not _is_closed(turn_end.get(conn)):
        return second_in
    return {**second_in, conn: turn_end[conn]}


# the methods socketserver and http.server call on a handler themselves
_HANDLER_FRAMEWORK = frozenset({"handle", "setup", "finish", "handle_one_request", "handle_expect_100"})


def _rest_of(call, earlier, frame) -> bool:
    """Is the write `send(buf[n:])` the rest of an earlier `n = sock.send(buf)` in the same
    function (the first try of a partial send, written before its retry loop)?"""
    args, before = positional(call), positional(earlier) if type(earlier) is ast.Call else []
    if not args or not before or type(args[0]) is not ast.Subscript or type(args[0].slice) is not ast.Slice:
        return False
    offset, buffer = args[0].slice.lower, dotted(args[0].value)
    if type(offset) is not ast.Name or buffer is None or dotted(before[0]) != buffer or frame.act.func is None:
        return False
    return any(type(stmt) is ast.Assign and stmt.value is earlier and len(stmt.targets) == 1
               and type(stmt.targets[0]) is ast.Name and stmt.targets[0].id == offset.id
               for stmt in iter_statements(frame.act.func.node.body))


def _same_rest(call, other, frame) -> bool:
    """Are two writes of one partial-send loop sending the rest of the same buffer
    (`sock.send(view[sent:], flags)` in one arm, `sock.send(view[sent:])` in the other)? Whichever
    runs on a turn, the turns send one message."""
    args, before = positional(call), positional(other) if type(other) is ast.Call else []
    if other is call or not args or not before or not frame.loops or not contains(frame.loops[-1].node, other):
        return False
    return type(args[0]) in (ast.Name, ast.Attribute, ast.Subscript) and ast.dump(args[0]) == ast.dump(before[0])


def _project_name(qualified: str | None) -> bool:
    """Is the qualified name one of a project or package module (not the standard library's)?"""
    return qualified is not None and "." in qualified and qualified.split(".")[0] not in sys.stdlib_module_names


def _builds_self_call(text) -> bool:
    """`"self.do_" + cmd + "()"`: the text of a call of one of self's methods, its name built."""
    parts = []
    while type(text) is ast.BinOp and type(text.op) is ast.Add:
        parts.append(text.right)
        text = text.left
    parts.append(text)
    return len(parts) > 1 and is_str(parts[-1]) and parts[-1].value.startswith("self.")


def _closed_next(body: list, call: ast.Call, owners: set | None, owned=None) -> bool | None:
    """Is the statement that runs after the one holding `call` `<owner>.close()` (or
    `.shutdown(...)`, awaited or not)? That statement is the next one of its block, or, past the
    end of an `if`, `with` or `try` body, the next one after that statement. None: the body
    ends first, or a `return` of a plain value. owned(expr): is it an owner (instead of owners,
    the dotted names)?"""
    found = _next_is_close(body, call, owners, owned)
    return None if found is _RETURNS else found


_RETURNS = "returns"  # (_next_is_close: a `return` of a plain value runs next)


def _next_is_close(body: list, call: ast.Call, owners: set | None, owned):
    for at, stmt in enumerate(body):
        if not contains(stmt, call):
            continue
        blocks = child_blocks(stmt)
        inner = next((block for block in blocks if any(contains(s, call) for s in block)), None)
        if inner is not None:
            found = _next_is_close(inner, call, owners, owned)
            if found is _RETURNS:  # (leaving a `with` or a `try:` with `finally:` runs more first)
                return False if type(stmt) in WITHS or type(stmt) in TRIES and stmt.finalbody else found
            # (past the end of a loop's body its next turn runs; past a `try:` body its `else:`,
            # past a handler its `finally:`)
            passes = type(stmt) is ast.If or type(stmt) in WITHS \
                or (type(stmt) in TRIES and inner is not stmt.body and not stmt.finalbody)
            if found is not None or not passes:
                return bool(found)
        elif blocks:
            return False  # (in a header: its bodies run next)
        if at + 1 == len(body):
            return None
        following = body[at + 1]
        if type(following) is ast.Return and type(following.value) in (type(None), ast.Constant, ast.Name):
            return _RETURNS
        value = following.value if type(following) is ast.Expr else None
        value = value.value if type(value) is ast.Await else value
        return type(value) is ast.Call and type(value.func) is ast.Attribute \
            and value.func.attr in ("close", "shutdown") \
            and (dotted(value.func.value) in owners if owned is None else owned(value.func.value))
    return None


def shadow(state):
    """Mark every pending write as possibly followed by a read we could not see."""
    return {conn: frozenset(c[:5] + (True,) + c[6:] if c[2] else c for c in chains) for conn, chains in state.items()}


def _wire(chain, event: WriteEvent, loop_nodes: dict | None = None):
    first, second, count, dirty, cork, flag, warm, facts, tail = chain
    if count == 0:
        return (event, None, 1, False, cork, False, warm, facts, None)
    if count == 1:
        return (first, event, 2, False, cork, flag, warm, facts, None)
    if tail is None and loop_nodes is not None and _after_loop(first, second, event, loop_nodes):
        tail = event
    return (first, second, min(count + 1, 3), False, cork, flag, warm, facts, tail)




def _merge_tails(chains) -> set:
    """A chain with no piece after its loop, beside the same chain with one: the one with it (its
    split is reported whichever path wrote it, and nothing else about the chain differs)."""
    tailed = {chain[:8] for chain in chains if chain[8] is not None}
    return {chain for chain in chains if chain[8] is not None or chain[:8] not in tailed} if tailed else chains


def _loop_signature(outer: tuple, state, params: dict) -> tuple:
    """What a helper's walk can tell of the loops around its call: how many, and which of them
    hold each connection's creation and each pending piece. Two calls alike in that walk alike,
    whichever loops they are in."""
    conns = {conn for conn in state} | {getattr(v, "conn", None) for v in params.values()}
    made = tuple(sorted(((id(c), None if c.made_in_loops is None else tuple(loop in c.made_in_loops for loop in outer))
                         for c in conns if isinstance(c, Conn)), key=lambda item: item[0]))
    pieces = tuple(sorted({(id(p), tuple(loop in p.loops for loop in outer)) for chains in state.values()
                           for c in chains for p in (c[0], c[1], c[8]) if p is not None}))
    return len(outer), made, pieces


def _interim_response(value) -> bool:
    """b"HTTP/1.1 100 Continue\\r\\n\\r\\n": an interim response that the client answers."""
    return (type(value) is ast.Constant and type(value.value) is bytes
            and value.value.startswith((b"HTTP/1.1 100 ", b"HTTP/1.0 100 ")))


def _after_loop(first: WriteEvent, second: WriteEvent, event: WriteEvent, loop_nodes: dict) -> bool:
    """Is event the first write after the loop that wrote second, in the function that holds that
    loop (`for c in chunks: w(c)`, then `w(terminator)`)? A helper called again after the loop,
    whose own writes depend on its arguments, is not."""
    if not second.loops or second.loops[-1] in event.loops or event.node in (first.node, second.node):
        return False
    loop = loop_nodes.get(second.loops[-1])
    return loop is not None and event.func is not None and contains(event.func.node, loop)


def _counts_sent(loop, call) -> bool:
    """`while sent < len(data): sent += sock.send(data)` (or `n = sock.send(data)`, `sent += n`,
    or `while n != 1: n = sock.send(b"c")`): a loop that goes round until the counts the write
    returns reach the test's bound sends one buffer (again whole, when a send was partial)."""
    if type(loop) is not ast.While:
        return False
    counts, totals = set(), set()
    for node in ast.walk(loop):
        if type(node) is ast.Assign and node.value is call and len(node.targets) == 1 \
                and type(node.targets[0]) is ast.Name:
            counts.add(node.targets[0].id)
    for node in ast.walk(loop):
        if type(node) is ast.AugAssign and type(node.op) is ast.Add and type(node.target) is ast.Name and (
                node.value is call or (type(node.value) is ast.Name and node.value.id in counts)):
            totals.add(node.target.id)
    if any(_mentions(loop.test, total) for total in totals):
        return True
    # `while n != 1: n = conn.send(b"c")`: the same bytes again until the count says sent
    rebound = {n.id for n in ast.walk(loop) if type(n) is ast.Name and type(n.ctx) is ast.Store}
    return any(_mentions(loop.test, count) for count in counts) and all(
        type(arg) is ast.Constant or type(arg) is ast.Name and arg.id not in rebound for arg in positional(call))


def _drains(loop, call) -> bool:
    """`while self.pending: data = buf.getvalue(); buf.truncate(0); self.pending = 0;
    sock.sendall(data)`: the body clears the loop's own test before the write, so the loop goes
    round again only when another writer (a greenlet, a thread) filled the buffer meanwhile: a
    buffer a turn, no pieces of one message."""
    if type(loop) is not ast.While:
        return False
    tested = {dotted(n) for n in ast.walk(loop.test) if type(n) in (ast.Name, ast.Attribute)} - {None, "self"}
    for stmt in loop.body:
        if any(node is call for node in ast.walk(stmt)):
            return False  # (the write comes first)
        if type(stmt) is ast.Assign and type(stmt.value) is ast.Constant and not stmt.value.value \
                and any(dotted(target) in tested for target in stmt.targets):
            return True
    return False


def _retries_when_raised(loop, call) -> bool:
    """Does the loop leave once the `try` body holding call completes (`sent = True` under `while
    not sent:`, or a `break` in `while True:`), so that it turns again only after an exception?"""
    if type(loop) is not ast.While:
        return False
    test = loop.test
    flag = test.operand.id if type(test) is ast.UnaryOp and type(test.op) is ast.Not \
        and type(test.operand) is ast.Name else None
    if flag is None and not _always_true(test):
        return False
    for stmt in loop.body:
        if type(stmt) not in TRIES or not any(contains(inner, call) for inner in stmt.body):
            continue
        last = (stmt.orelse or stmt.body)[-1]
        if flag is None:
            return type(last) is ast.Break
        return type(last) is ast.Assign and len(last.targets) == 1 and type(last.targets[0]) is ast.Name \
            and last.targets[0].id == flag and type(last.value) is ast.Constant and bool(last.value.value)
    return False


def _always_true(test) -> bool:
    """`while True:`, `while 1:`."""
    return type(test) is ast.Constant and type(test.value) in (bool, int) and bool(test.value)


def _replacements_in(tree: ast.Module, names: set[str], param: str) -> list:
    """In another module's tree: the values passed for the parameter where the class (known
    there by one of names) is built, directly or through a class attribute holding it
    (`ConnectionCls = HTTPConnection` ... `self.ConnectionCls(**self.conn_kw)`), that are lists
    written out without TCP_NODELAY; `**kw` is read from the `kw.setdefault(param, value)` and
    `kw[param] = value` of the same function, or for `**self.kw` of the same class."""
    found = []
    for cls in [None, *(n for n in tree.body if type(n) is ast.ClassDef)]:
        body = tree.body if cls is None else cls.body
        holders = set() if cls is None else {
            dotted(t) for n in body if type(n) in (ast.Assign, ast.AnnAssign) and type(n.value) is ast.Name
            and n.value.id in names for t in (n.targets if type(n) is ast.Assign else [n.target])}
        funcs = [n for n in body if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef)]
        for func in funcs:
            for call in (n for n in ast.walk(func) if type(n) is ast.Call):
                callee = call.func
                if not ((type(callee) is ast.Name and callee.id in names) or
                        (type(callee) is ast.Attribute and dotted(callee.value) == "self" and callee.attr in holders)):
                    continue
                for arg in call.keywords:
                    if arg.arg == param:
                        values = [arg.value]
                    elif arg.arg is None and dotted(arg.value) is not None:
                        key = dotted(arg.value)
                        scope = funcs if key.startswith("self.") else [func]
                        values = [v for f in scope for v in _keyword_puts_in(f, key, param)]
                    else:
                        continue
                    found += [v for v in values if type(v) in (ast.List, ast.Tuple, ast.Set)
                              and not _mentions(v, "TCP_NODELAY")]
    return found


def _keyword_puts_in(func, key: str, param: str) -> list:
    """The values `key.setdefault("param", v)` and `key["param"] = v` give in a def."""
    found = []
    for node in ast.walk(func):
        if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr == "setdefault" and \
                dotted(node.func.value) == key and len(node.args) == 2 and is_str(node.args[0]) and \
                node.args[0].value == param:
            found.append(node.args[1])
        elif type(node) is ast.Assign:
            found += [node.value for t in node.targets if type(t) is ast.Subscript and dotted(t.value) == key
                      and is_str(t.slice) and t.slice.value == param]
    return found
