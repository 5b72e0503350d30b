"""Hypothesis strategies for socket-flavoured Python programs.

`programs()` draws a whole module: imports, a few constants, then functions, classes and module
code that make TCP streams in every way the analyser knows (socket.socket(), create_connection,
accept(), makefile, asyncio.open_connection, unknown parameters, `self.sock` attributes) and use
them in random sequences of send/sendall/sendmsg/recv/setsockopt/makefile/close inside random
control flow (if/else, for, while, try/except/finally, with, nested defs, lambdas, classes whose
methods call each other, helpers that take the socket as an argument).

Every program is valid Python 3 (the fuzz tests assert it with ast.parse) and mentions a stream
factory, so the engine's triage never skips it: it always reaches libcst and the flow analysis.
"""
from __future__ import annotations

from hypothesis import strategies as st

HEADER = """\
import asyncio
import socket
import struct
from socket import create_connection as connect_tcp

HEADER = b"H" * 16
BODY = b"B" * 32
CHUNK = 4096
PARTS = [b"a", b"b", b"c"]
"""

_PAYLOADS = ("HEADER", "BODY", 'b"PING\\r\\n"', "HEADER + BODY", 'struct.pack("!I", len(BODY))',
             "BODY[:n]", "part", 'b""', "data", 'b"x" * 70000')
_SOCKOPTS = (
    "socket.IPPROTO_TCP, socket.TCP_NODELAY, 1",
    "socket.IPPROTO_TCP, socket.TCP_NODELAY, 0",
    "socket.SOL_TCP, socket.TCP_NODELAY, True",
    "socket.IPPROTO_TCP, socket.TCP_CORK, 1",
    "socket.IPPROTO_TCP, socket.TCP_CORK, 0",
    "socket.IPPROTO_TCP, getattr(socket, 'TCP_QUICKACK', 12), 1",
    "6, 12, 1",
    "6, 3, 1",
    "socket.SOL_SOCKET, socket.SO_SNDBUF, 2048",
    "socket.SOL_SOCKET, socket.SO_REUSEADDR, 1",
)
_FACTORIES = (
    "socket.socket(socket.AF_INET, socket.SOCK_STREAM)",
    "socket.socket()",
    'socket.create_connection(("127.0.0.1", 8080))',
    'connect_tcp(("127.0.0.1", 8080), timeout=5)',
    "socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)",
    "socket.socket(socket.AF_INET, socket.SOCK_DGRAM)",
    "make_socket()",
)

names = st.sampled_from(["s", "sock", "conn", "c", "peer", "client"])
payloads = st.sampled_from(_PAYLOADS)


class _Gen:
    """Draws lines of code. `socks` are names bound to socket-like objects in scope, `files` to
    makefile() results, `writers`/`readers` to asyncio streams (only inside async defs)."""

    def __init__(self, draw, max_depth: int) -> None:
        self.draw = draw
        self.max_depth = max_depth
        self.counter = 0
        self.helpers: list[str] = []  # module-level helper function names taking a socket

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    # -- one statement on a stream ------------------------------------------------------
    def op(self, scope: dict) -> list[str]:
        d = self.draw
        socks, files = scope["socks"], scope["files"]
        writers, readers = scope["writers"], scope["readers"]
        kinds = ["sock"] * bool(socks) + ["file"] * bool(files) + ["writer"] * bool(writers) + ["new"]
        kind = d(st.sampled_from(kinds))
        if kind == "new":
            return self.make_stream(scope)
        if kind == "file":
            f = d(st.sampled_from(files))
            return [d(st.sampled_from([
                f"{f}.write({d(payloads)})", f"{f}.flush()", f"line = {f}.readline()",
                f"{f}.writelines([HEADER, BODY])", f"data = {f}.read(16)", f"{f}.close()",
            ]))]
        if kind == "writer":
            w = d(st.sampled_from(writers))
            r = d(st.sampled_from(readers)) if readers else None
            choices = [f"{w}.write({d(payloads)})", f"await {w}.drain()", f"{w}.writelines(PARTS)",
                       f"{w}.close()", f"sock = {w}.get_extra_info('socket')"]
            if r:
                choices += [f"data = await {r}.readexactly(4)", f"line = await {r}.readline()",
                            f"data = await {r}.read(100)"]
            return [d(st.sampled_from(choices))]
        s = d(st.sampled_from(socks))
        op = d(st.sampled_from(["send", "sendall", "sendall", "sendmsg", "recv", "recv", "recv_into",
                                "setsockopt", "setsockopt", "makefile", "close", "helper", "shutdown",
                                "settimeout", "fileno", "sendfile", "getsockopt"]))
        if op in ("send", "sendall"):
            return [f"{s}.{op}({d(payloads)})"]
        if op == "sendmsg":
            return [f"{s}.sendmsg([HEADER, {d(payloads)}])"]
        if op == "recv":
            return [d(st.sampled_from([f"data = {s}.recv(1024)", f"reply = {s}.recv(2)",
                                       f"while len(data) < 4:\n    data += {s}.recv(4)"]))]
        if op == "recv_into":
            return [f"n = {s}.recv_into(bytearray(16))"]
        if op == "setsockopt":
            return [f"{s}.setsockopt({d(st.sampled_from(_SOCKOPTS))})"]
        if op == "getsockopt":
            return [f"flag = {s}.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)"]
        if op == "makefile":
            f = self.fresh("f")
            files.append(f)
            mode = d(st.sampled_from(["'wb'", "'rwb'", "'rb'", "'wb', buffering=0", "mode='w'", ""]))
            return [f"{f} = {s}.makefile({mode})"]
        if op == "helper":
            if self.helpers and d(st.booleans()):
                return [f"{d(st.sampled_from(self.helpers))}({s})"]
            return [d(st.sampled_from([f"enable_nodelay({s})", f"send_frame({s}, BODY)",
                                       f"unknown_helper({s}, HEADER)"]))]
        if op == "shutdown":
            return [f"{s}.shutdown(socket.SHUT_WR)"]
        if op == "settimeout":
            return [f"{s}.settimeout(1.0)"]
        if op == "fileno":
            return [f"fd = {s}.fileno()"]
        if op == "sendfile":
            return [f"{s}.sendfile(open(__file__, 'rb'))"]
        return [f"{s}.close()"]

    def make_stream(self, scope: dict) -> list[str]:
        d = self.draw
        how = d(st.sampled_from(["factory", "factory", "accept", "connect", "asyncio", "alias", "attr",
                                 "wrap"]))
        if how == "asyncio" and not scope["is_async"]:
            how = "factory"
        if how == "accept":
            srv, conn = self.fresh("srv"), self.fresh("conn")
            scope["socks"].append(conn)
            return [f'{srv} = socket.create_server(("127.0.0.1", 0))',
                    d(st.sampled_from([f"{conn}, addr = {srv}.accept()", f"{conn} = {srv}.accept()[0]"]))]
        if how == "asyncio":
            r, w = self.fresh("reader"), self.fresh("writer")
            scope["readers"].append(r)
            scope["writers"].append(w)
            call = d(st.sampled_from(['asyncio.open_connection("127.0.0.1", 8080)',
                                      "asyncio.open_connection(sock=socket.socket())"]))
            return [f"{r}, {w} = await {call}"]
        if how == "alias" and scope["socks"]:
            new = self.fresh("alias")
            old = d(st.sampled_from(scope["socks"]))
            scope["socks"].append(new)
            return [f"{new} = {old}"]
        if how == "attr" and scope["in_class"]:
            scope["socks"].append("self.sock")
            return [f"self.sock = {d(st.sampled_from(_FACTORIES))}"]
        if how == "wrap" and scope["socks"]:
            new = self.fresh("tls")
            scope["socks"].append(new)
            return [f"{new} = ctx.wrap_socket({d(st.sampled_from(scope['socks']))}, server_hostname='h')"]
        name = self.fresh(d(names))
        scope["socks"].append(name)
        lines = [f"{name} = {d(st.sampled_from(_FACTORIES))}"]
        if d(st.booleans()):
            lines.append(f'{name}.connect(("127.0.0.1", 8080))')
        return lines

    # -- blocks -------------------------------------------------------------------------
    def block(self, scope: dict, depth: int, min_size: int = 1) -> list[str]:
        n = self.draw(st.integers(min_size, 6))
        out: list[str] = []
        for _ in range(n):
            out.extend(self.statement(scope, depth))
        return out or ["pass"]

    def statement(self, scope: dict, depth: int) -> list[str]:
        d = self.draw
        if depth >= self.max_depth:
            return self.op(scope)
        kind = d(st.sampled_from(["op", "op", "op", "op", "if", "for", "while", "try", "with", "def",
                                  "lambda", "return", "comp"]))
        if kind == "op":
            return self.op(scope)
        inner = lambda sc=scope: _indent(self.block(sc, depth + 1))  # noqa: E731
        if kind == "if":
            lines = [f"if {d(st.sampled_from(['n > 16384', 'data', 'not reply', 'flag', 'True']))}:"] + inner()
            if d(st.booleans()):
                lines += ["else:"] + inner()
            return lines
        if kind == "for":
            target = d(st.sampled_from(["part in PARTS", "_ in range(20)", "i, part in enumerate(PARTS)"]))
            lines = [f"for {target}:"] + inner()
            if d(st.booleans()):
                lines += _indent(["if not data:", "    break"])
            return lines
        if kind == "while":
            return ["while True:"] + inner() + _indent(["if not data:", "    break"])
        if kind == "try":
            lines = ["try:"] + inner()
            shape = d(st.sampled_from(["except", "finally", "both"]))
            if shape in ("except", "both"):
                lines += [d(st.sampled_from(["except OSError:", "except (ConnectionError, TimeoutError) as exc:",
                                             "except Exception:"]))] + inner()
            if shape in ("finally", "both"):
                lines += ["finally:"] + inner()
            return lines
        if kind == "with":
            name = self.fresh("w")
            sub = _copy(scope)
            sub["socks"].append(name)
            head = d(st.sampled_from([f'with socket.create_connection(("127.0.0.1", 8080)) as {name}:',
                                      f"with socket.socket() as {name}:",
                                      f"with {d(st.sampled_from(scope['socks']))} as {name}:"
                                      if scope["socks"] else f"with socket.socket() as {name}:"]))
            return [head] + _indent(self.block(sub, depth + 1))
        if kind == "def":  # a nested function closing over the streams in scope
            fname = self.fresh("inner")
            sub = _copy(scope)
            sub["is_async"] = False
            sub["writers"], sub["readers"] = [], []
            body = _indent(self.block(sub, depth + 1))
            return [f"def {fname}():"] + body + [f"{fname}()"] * d(st.integers(0, 2))
        if kind == "lambda" and scope["socks"]:
            s = d(st.sampled_from(scope["socks"]))
            return [f"send = lambda b: {s}.sendall(b)", "send(HEADER)", "send(BODY)"]
        if kind == "comp" and scope["socks"]:
            s = d(st.sampled_from(scope["socks"]))
            return [f"[{s}.send(p) for p in PARTS]"]
        if kind == "return" and scope.get("in_func"):
            return [d(st.sampled_from(["return", "return data", "return None"]))]
        return self.op(scope)

    def function(self, name: str, params: list[str], is_async: bool, in_class: bool) -> list[str]:
        socks = [p for p in params if p not in ("self", "n", "data")]
        scope = {"socks": socks + (["self.sock"] if in_class and self.draw(st.booleans()) else []),
                 "files": [], "writers": [], "readers": [], "is_async": is_async, "in_class": in_class, "in_func": True}
        body = ["data = b''", "n = len(BODY)"] + self.block(scope, 1)
        return [f"{'async ' if is_async else ''}def {name}({', '.join(params)}):"] + _indent(body)


def _copy(scope: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in scope.items()}


def _indent(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        out.extend("    " + part for part in line.split("\n"))
    return out


@st.composite
def programs(draw, max_depth: int = 4, max_units: int = 5) -> str:
    """A whole module of socket-flavoured code (valid Python 3, always contains a stream)."""
    gen = _Gen(draw, max_depth)
    lines = HEADER.splitlines()
    lines += ["", "def make_socket():", "    return socket.socket()", "",
              "def enable_nodelay(sock):", "    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)", ""]
    for _ in range(draw(st.integers(1, max_units))):
        unit = draw(st.sampled_from(["func", "func", "helper", "class", "handler", "async", "module"]))
        if unit == "helper":
            name = gen.fresh("send_part")
            lines += gen.function(name, ["sock"], False, False) + [""]
            gen.helpers.append(name)
        elif unit == "func":
            params = draw(st.sampled_from([[], ["sock"], ["conn", "data"], ["s", "n"]]))
            lines += gen.function(gen.fresh("run"), params, False, False) + [""]
        elif unit == "async":
            lines += gen.function(gen.fresh("main"), draw(st.sampled_from([[], ["sock"]])), True, False) + [""]
        elif unit in ("class", "handler"):
            cls = gen.fresh("Client" if unit == "class" else "Handler")
            base = "" if unit == "class" else draw(st.sampled_from([
                "(socketserver.StreamRequestHandler)", "(socketserver.BaseRequestHandler)",
                "(http.server.BaseHTTPRequestHandler)"]))
            body: list[str] = []
            if unit == "handler" and draw(st.booleans()):
                body.append(draw(st.sampled_from(['protocol_version = "HTTP/1.1"', "disable_nagle_algorithm = True",
                                                  "wbufsize = -1"])))
            body += ["def __init__(self, host='127.0.0.1'):",
                     f"    self.sock = {draw(st.sampled_from(_FACTORIES))}"] if unit == "class" else []
            methods = [gen.fresh("_m") for _ in range(draw(st.integers(1, 4)))]
            if unit == "handler":
                methods[0] = draw(st.sampled_from(["handle", "do_GET"]))
            for i, meth in enumerate(methods):
                fn = gen.function(meth, ["self"], False, True)
                if unit == "handler":  # handler streams: self.request, self.wfile, self.rfile
                    fn[1:1] = _indent([draw(st.sampled_from([
                        "self.wfile.write(HEADER)", "self.request.sendall(BODY)", "line = self.rfile.readline()",
                        "self.send_response(200)", "self.end_headers()", "self.wfile.write(BODY)"]))])
                callees = methods[i + 1:]
                if callees and draw(st.booleans()):  # methods calling each other
                    fn += _indent([f"self.{c}()" for c in draw(st.lists(st.sampled_from(callees), max_size=3))])
                body += fn
            lines += [f"class {cls}{base}:"] + _indent(body) + [""]
        else:
            scope = {"socks": [], "files": [], "writers": [], "readers": [], "is_async": False, "in_class": False}
            lines += ["data = b''", "n = 0"] + gen.block(scope, 1) + [""]
    if draw(st.booleans()):
        lines += ['if __name__ == "__main__":', "    run1()" if "def run1(" in "\n".join(lines) else "    pass"]
    text = "\n".join(lines) + "\n"
    if "socketserver." in text:
        text = "import socketserver\n" + text
    if "http.server." in text:
        text = "import http.server\n" + text
    if "ctx." in text:
        text = "import ssl\nctx = ssl.create_default_context()\n" + text
    return text


# -- arbitrary source for the never-crash properties -----------------------------------------------
STREAM_LINE = "\nimport socket\n_nagle_fuzz = socket.socket()\n"


def with_stream(source: str) -> str:
    """Append a stream factory so the engine's triage lets the text reach the parser."""
    return source + ("" if source.endswith("\n") or not source else "\n") + STREAM_LINE
