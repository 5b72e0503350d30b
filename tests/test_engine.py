"""Engine behaviour: triage, sparse parsing, noqa, selection, discovery."""
from __future__ import annotations

import os

import pytest

from nagle_lint.engine import check_paths, check_source, discover
from nagle_lint.settings import Settings

# A kept connection (one exchange already made), then a split request: NAG201 at the connection
# (line 2) and NAG101 at the second piece (line 6).
SPLIT = ("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n"
         "s.sendall(b'A')\ns.sendall(b'B'){}\ns.recv(1)\n")


def codes(source, settings=Settings()):
    result = check_source(source, "t.py", settings)
    assert result.error is None, result.error
    return [(f.code, f.span.line) for f in result.findings]


def test_file_without_stream_source_is_not_parsed():
    result = check_source("def f(:\n  send(x)\n", "t.py")
    assert result.skipped == "no socket code" and result.error is None


@pytest.mark.parametrize("text, passes", [
    ("import socket\ns = socket.socket()\n", True),
    ("from socket import socket\nwith socket() as s:\n    pass\n", True),
    ("class D(asyncore.dispatcher):\n    def __init__(self):\n        self.create_socket()\n", True),
    ("s = make_socket(addr)\n", True),  # a project helper's value kept
    ("s = util.make_socket(addr)\n", True),
    ("    self._new_socket()\n", True),  # a method of the object: it may keep what it makes
    ("ep = clientFromString(reactor, 'tcp:h:1')\n", True),
    ("def test_empty_socket(self):\n    pass\n", False),  # a definition is no call
    ("if path.is_socket():\n    pass\n", False),  # a file-type test
    ("support.requires_working_socket(module=True)\n", False),  # its value dropped
    ("def testFromString(self):\n    Fraction.from_string('1')\n", False),
])
def test_triage_reads_what_ends_in_socket_as_a_call_of_a_factory(text, passes):
    from nagle_lint.engine import triaged

    assert triaged(text) is passes and triaged(text.encode()) is passes
    assert (check_source(text, "t.py").skipped is None) is passes


@pytest.mark.parametrize("text", [
    "import ssl\nc = ssl.create_connection(a)\n",  # each word a shared part stands for
    "with create_server(a) as s:\n    pass\n",
    "reactor.listenSSL(1, f, ctx)\n",
    "data = conn.recv_into(buf)\n",
    "ep = serverFromString(reactor, 'tcp:1')\n",
    "h = client._HTTPConnection(host)\n",
    "conn = reconnect_link(a)\n",  # the user's own factory, whose name holds a shared part
    "conn = open_wire(a)\n",  # and one that holds none
])
def test_triage_finds_every_word_behind_a_shared_part(text):
    from nagle_lint.engine import triaged

    settings = Settings(streams=(("lib.reconnect_link", "tcp-client"), ("lib.open_wire", "tcp-client")))
    assert triaged(text, settings) and triaged(text.encode(), settings)


def test_syntax_error_in_socket_code_is_one_line():
    result = check_source("import socket\nsocket.socket(\n", "t.py")
    assert result.error is not None and result.error.kind == "syntax"
    assert "\n" not in result.error.message


@pytest.mark.parametrize("comment, expected", [
    ("", [("NAG201", 2), ("NAG101", 6)]),
    ("  # noqa", [("NAG201", 2)]),  # a line noqa silences only its own line
    ("  # noqa: NAG101", [("NAG201", 2)]),
    ("  # noqa: NAG201", [("NAG201", 2), ("NAG101", 6)]),
])
def test_line_noqa(comment, expected):
    assert codes(SPLIT.format(comment)) == expected


def test_file_noqa_and_ignore_noqa():
    assert codes("# nagle-lint: noqa: NAG101\n" + SPLIT.format("")) == [("NAG201", 3)]
    assert codes("# nagle-lint: noqa: NAG101, NAG201\n" + SPLIT.format("")) == []
    assert codes(SPLIT.format("  # noqa"), Settings(apply_noqa=False)) == [("NAG201", 2), ("NAG101", 6)]


def test_select_and_ignore_prefixes():
    assert codes(SPLIT.format(""), Settings(ignore=("NAG1",))) == [("NAG201", 2)]
    assert codes(SPLIT.format(""), Settings(ignore=("NAG2",))) == [("NAG101", 6)]
    assert codes(SPLIT.format(""), Settings(select=("NAG2",))) == [("NAG201", 2)]  # rules are independent
    nodelay = SPLIT.format("").replace("s.sendall(b'HI')\n", "s.setsockopt(6, 1, 1)\ns.sendall(b'HI')\n")
    assert codes(nodelay) == []
    assert codes(nodelay, Settings(extend_select=("NAG401",))) == [("NAG401", 7)]
    assert codes(nodelay, Settings(select=("NAG",))) == []  # opt-in needs NAG4 or more specific


def test_user_stream_factory_from_settings():
    source = "import mylib\nc = mylib.connect()\nc.sendall(b'HI')\nc.recv(2)\nc.sendall(b'A')\nc.sendall(b'B')\nc.recv(1)\n"
    assert codes(source) == []
    assert codes(source, Settings(streams=(("mylib.connect", "tcp"),))) == [("NAG201", 2), ("NAG101", 6)]
    assert codes(source, Settings(streams=(("mylib.connect", "tcp-nodelay"),))) == []


ALIASED = '''from socket import create_connection as connect


def unrelated():
    return 1


def client():
    s = connect(("h", 1))
    s.sendall(b"HI")
    s.recv(2)
    s.sendall(b"A")
    s.sendall(b"B")
    return s.recv(1)
'''


def test_sparse_parsing_keeps_aliased_sources():
    assert codes(ALIASED) == codes(ALIASED, Settings(sparse=False)) == [("NAG201", 9), ("NAG101", 13)]


def test_discovery_prunes_excludes_and_symlink_loops(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("x = 1\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "b.py").write_text("x = 1\n")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "c.py").write_text("x = 1\n")
    os.symlink(tmp_path / "pkg", tmp_path / "pkg" / "loop")
    files, errors = discover([str(tmp_path)], Settings(extend_exclude=("vendor",)))
    assert [os.path.relpath(f, tmp_path) for f in files] == ["pkg/a.py"]
    assert errors == []
    files, errors = discover([str(tmp_path / "missing.py")])
    assert files == [] and errors[0].error.kind == "read"


def test_check_paths_is_sorted_and_parallel_equals_serial(tmp_path):
    for i in range(12):
        (tmp_path / f"m{i:02}.py").write_text(SPLIT.format(""))
    serial = check_paths([str(tmp_path)], Settings(), jobs=1)
    parallel = check_paths([str(tmp_path)], Settings(), jobs=2)
    assert [r.path for r in serial] == sorted(r.path for r in serial)
    assert [(r.path, r.findings) for r in serial] == [(r.path, r.findings) for r in parallel]
    assert all([f.code for f in r.findings] == ["NAG201", "NAG101"] for r in serial)


def test_exclude_patterns_by_name_and_by_path(tmp_path):
    for rel in ("app/gen/x.py", "app/core/y.py", "app/core/y_pb2.py", "lib/gen/z.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    files, _ = discover([str(tmp_path)], Settings(extend_exclude=("app/gen", "*_pb2.py")))
    assert sorted(os.path.relpath(f, tmp_path) for f in files) == ["app/core/y.py", "lib/gen/z.py"]
    named = str(tmp_path / "app/gen/x.py")
    assert discover([named], Settings(extend_exclude=("app/gen",)))[0] == [named]  # named files are checked
    assert discover([named], Settings(extend_exclude=("app/gen",)), force_exclude=True)[0] == []


# A kept connection (one exchange made) that never sets TCP_NODELAY: NAG201 at line 2.
KEPT = ("import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n"
        "s.sendall(b'PING')\ns.recv(4)\n")


@pytest.mark.parametrize("path, reported", [
    ("app/client.py", True), ("tests/test_client.py", False), ("tests/helpers.py", False),
    ("src/pkg/client_test.py", False), ("conftest.py", False), ("testbed/client.py", True),
    ("/tmp/pytest-of-x/test_case0/client.py", True),
])
def test_nodelay_rules_skip_test_files_unless_asked(path, reported):
    found = [f.code for f in check_source(KEPT, path).findings]
    assert found == (["NAG201"] if reported else [])
    asked = [f.code for f in check_source(KEPT, path, Settings(nodelay_in_tests=True)).findings]
    assert asked == ["NAG201"]


# A TLS-style handshake through a memory-BIO pump, one request record, and the reply read
# through the same pump: the handshake's last flight, the request and the pump's next write go
# out before the read, one stall per connection. In a test file that is the test's own 40 ms.
HANDSHAKE_THEN_REQUEST = (
    "import socket\n\n"
    "def pump(sock, step):\n"
    "    while True:\n"
    "        sock.sendall(step())\n"
    "        if step.done:\n"
    "            return step.result\n"
    "        sock.recv(4096)\n\n"
    "def test_request(handshake, reply):\n"
    "    sock = socket.create_connection(('h', 443))\n"
    "    pump(sock, handshake)\n"
    "    sock.sendall(b'GET / HTTP/1.0\\r\\n\\r\\n')\n"
    "    pump(sock, reply)\n"
    "    sock.close()\n")
# the same request made on every turn of a loop: the stall comes back each time
REQUEST_LOOP = HANDSHAKE_THEN_REQUEST.replace(
    "    sock.sendall(b'GET / HTTP/1.0\\r\\n\\r\\n')\n    pump(sock, reply)\n",
    "    for _ in range(3):\n        sock.sendall(b'GET / HTTP/1.0\\r\\n\\r\\n')\n        pump(sock, reply)\n")


def test_a_split_that_stalls_once_per_test_connection_is_not_reported_in_tests():
    assert REQUEST_LOOP != HANDSHAKE_THEN_REQUEST
    app = check_source(HANDSHAKE_THEN_REQUEST, "app/client.py").findings
    assert [(f.code, f.span.line) for f in app] == [("NAG201", 11), ("NAG101", 13)]
    assert [f.code for f in check_source(HANDSHAKE_THEN_REQUEST, "tests/test_client.py").findings] == []
    asked = check_source(HANDSHAKE_THEN_REQUEST, "tests/test_client.py", Settings(nodelay_in_tests=True))
    assert [f.code for f in asked.findings] == ["NAG201", "NAG101"]
    # (the pump's loop in the handshake call is not a loop around the reply's read: one loop
    # statement, two calls)
    looped = check_source(REQUEST_LOOP, "tests/test_client.py").findings
    assert [(f.code, f.span.line) for f in looped] == [("NAG101", 14)]


TINY_SNDBUF = ("import socket\ns = socket.create_connection(('h', 1))\n"
               "s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)\ns.sendall(b'x' * 65536)\n")


def test_a_tiny_send_buffer_in_a_test_file_is_the_tests_business():
    assert [f.code for f in check_source(TINY_SNDBUF, "app/client.py").findings] == ["NAG302"]
    assert [f.code for f in check_source(TINY_SNDBUF, "tests/test_flow_control.py").findings] == []
    asked = check_source(TINY_SNDBUF, "tests/test_flow_control.py", Settings(nodelay_in_tests=True))
    assert [f.code for f in asked.findings] == ["NAG302"]


def test_nodelay_in_tests_is_read_from_pyproject(tmp_path):
    from nagle_lint.config import ConfigError, load_settings

    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\nnodelay-in-tests = true\n")
    assert load_settings(tmp_path).nodelay_in_tests is True
    (tmp_path / "pyproject.toml").write_text("[tool.nagle-lint]\nnodelay-in-tests = 'yes'\n")
    with pytest.raises(ConfigError):
        load_settings(tmp_path)


def test_one_shot_connection_is_silent_and_a_second_exchange_is_not():
    one_shot = "import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'A')\ns.sendall(b'B')\ns.recv(1)\n"
    assert codes(one_shot) == []
    assert codes(one_shot + "s.sendall(b'C')\ns.sendall(b'D')\ns.recv(1)\n") == [("NAG201", 2), ("NAG101", 7)]


def test_two_calls_of_a_factory_are_two_connections():
    src = ("import socket\n\ndef dial(a):\n    return socket.create_connection(a)\n\n"
           "def f(x, y):\n    a = dial(x)\n    b = dial(y)\n    a.sendall(b'Q')\n    a.recv(1)\n"
           "    b.sendall(b'Q')\n    return b.recv(1)\n")
    assert codes(src) == []  # each one exchange, one-shot; never one message across a and b
    joined = src.replace("    a = dial(x)\n    b = dial(y)\n", "    a = dial(x)\n    b = a\n")
    assert codes(joined) == [("NAG201", 4)]  # the same connection twice: a second exchange


def test_tcp_or_unix_by_branch_is_reported_on_the_tcp_path_and_never_fixed():
    src = ("import socket\n\nclass C:\n    def __init__(self, path, addr):\n"
           "        if path:\n            self.s = socket.socket(socket.AF_UNIX)\n            self.s.connect(path)\n"
           "        else:\n            self.s = socket.create_connection(addr)\n\n"
           "    def call(self, q):\n        self.s.sendall(q)\n        return self.s.recv(9)\n")
    result = check_source(src, "c.py")
    assert [(f.code, f.span.line) for f in result.findings] == [("NAG201", 9)]
    family = src.replace("socket.create_connection(addr)", "socket.socket(socket.AF_UNIX if path else socket.AF_INET)")
    result = check_source(family, "c.py")
    assert [f.code for f in result.findings] == ["NAG201"] and result.findings[0].fixes == ()


@pytest.mark.parametrize("module, family, reported", [
    ("from gevent import socket", "socket.AF_INET", True),
    ("from gevent import socket", "socket.AF_UNIX", False),
    ("from eventlet.green import socket", "socket.AF_UNIX", False),
])
def test_green_socket_modules_have_the_stdlib_families(module, family, reported):
    src = (f"{module}\ns = socket.socket({family}, socket.SOCK_STREAM)\ns.connect(a)\n"
           "for q in qs:\n    s.sendall(q)\n    s.recv(1)\n")
    assert [c for c, _ in codes(src)] == (["NAG201"] if reported else [])


def test_getaddrinfo_rows_and_star_arguments_are_tcp():
    ask = "    for q in qs:\n        s.sendall(q)\n        s.recv(1)\n"
    loop = ("import socket\n\ndef run(h, p, qs):\n"
            "    for af, st, proto, _, sa in socket.getaddrinfo(h, p, 0, socket.SOCK_STREAM):\n"
            "        s = socket.socket(af, st, proto)\n        s.connect(sa)\n        break\n" + ask)
    assert codes(loop) == [("NAG201", 5)]
    star = ("import socket\n\ndef run(h, p, qs):\n"
            "    s = socket.socket(*socket.getaddrinfo(h, p, 0, socket.SOCK_STREAM)[0][:3])\n" + ask)
    assert codes(star) == [("NAG201", 4)]
    unknown = star.replace("*socket.getaddrinfo(h, p, 0, socket.SOCK_STREAM)[0][:3]", "*args")
    assert codes(unknown) == []


# getaddrinfo() answers AF_INET or AF_INET6 rows only, whatever type it is asked for: a family
# taken from any row is an IP family, so `socket.socket(row[0], SOCK_STREAM)` is TCP and fixed.
# The row's own type is a stream only when SOCK_STREAM was asked for.
FAMILY_FROM_ANY_ROW = ("import socket\n\nclass C:\n    def __init__(self, h, p):\n"
                       "        row = socket.getaddrinfo(h, p)[0]\n"
                       "        self.s = socket.socket(row[0], {kind})\n        self.s.connect(row[4])\n\n"
                       "    def ask(self, q):\n        self.s.sendall(q)\n        return self.s.recv(9)\n")


@pytest.mark.parametrize("kind, reported", [("socket.SOCK_STREAM", True), ("row[1]", False)])
def test_a_family_from_any_getaddrinfo_row_is_an_ip_family(kind, reported):
    result = check_source(FAMILY_FROM_ANY_ROW.format(kind=kind), "c.py")
    found = [(f.code, f.span.line, bool(f.fixes), "run time" in f.message) for f in result.findings]
    assert found == ([("NAG201", 6, True, False)] if reported else [])


def test_an_off_by_default_flag_is_not_nodelay_and_the_message_says_so():
    src = ("import socket\n\nclass C:\n    def __init__(self, a, no_delay=False):\n"
           "        self.no_delay = no_delay\n        self.s = socket.create_connection(a)\n"
           "        if self.no_delay:\n            self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n\n"
           "    def call(self, q):\n        self.s.sendall(q)\n        return self.s.recv(9)\n")
    [finding] = check_source(src, "c.py").findings
    assert finding.code == "NAG201" and "`self.no_delay` is true, and it is off by default" in finding.message
    on = src.replace("no_delay=False", "no_delay=True")
    assert check_source(on, "c.py").findings == ()


# The same gate on an options dict's entry (nats-client's `self.options["tcp_nodelay"]`, filled
# from a keyword whose default is False; or read with `options.get(key, default)`).
OPTIONS_GATE = ("import socket\n\nclass C:\n    def __init__(self, a, tcp_nodelay={default}):\n"
                "        self.options = {{}}\n        self.options['tcp_nodelay'] = tcp_nodelay\n"
                "        self.s = socket.create_connection(a)\n"
                "        if {test}:\n            self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n\n"
                "    def call(self, q):\n        self.s.sendall(q)\n        return self.s.recv(9)\n")


@pytest.mark.parametrize("default, test, flag", [
    ("False", "self.options['tcp_nodelay']", "self.options['tcp_nodelay']"),
    ("False", "self.options.get('tcp_nodelay', False)", "self.options.get('tcp_nodelay', False)"),
    ("True", "self.options['tcp_nodelay']", None),
    ("True", "self.options.get('tcp_nodelay', False)", None),
    ("True", "self.options.get('tcp_nodelay')", None)])
def test_an_options_entry_off_by_default_is_not_nodelay(default, test, flag):
    findings = check_source(OPTIONS_GATE.format(default=default, test=test), "c.py").findings
    if flag is None:
        assert findings == ()
    else:
        [finding] = findings
        assert finding.code == "NAG201" and f"`{flag}` is true, and it is off by default" in finding.message


def test_an_options_dict_handed_in_is_the_callers_to_fill():
    src = OPTIONS_GATE.format(default="False", test="self.options['tcp_nodelay']").replace(
        "self.options = {}\n        self.options['tcp_nodelay'] = tcp_nodelay", "self.options = dict(settings)")
    assert "self.options = dict(settings)" in src
    assert check_source(src, "c.py").findings == ()


def test_own_setup_makes_disable_nagle_algorithm_inert_and_gets_no_attribute_fix():
    src = ("import socketserver\n\nclass H(socketserver.StreamRequestHandler):\n"
           "    disable_nagle_algorithm = True\n\n    def setup(self):\n"
           "        self.rfile = self.request.makefile('rb')\n        self.wfile = self.request.makefile('wb', 0)\n\n"
           "    def handle(self):\n        for line in self.rfile:\n            self.wfile.write(line)\n")
    [finding] = check_source(src, "h.py").findings
    assert finding.code == "NAG202" and not any("disable_nagle_algorithm" in f.title for f in finding.fixes)
    stock = src.replace("        self.rfile = self.request.makefile('rb')\n        self.wfile = self.request.makefile('wb', 0)\n",
                        "        super().setup()\n")
    assert check_source(stock, "h.py").findings == ()


def test_rows_from_a_helper_that_may_give_af_unix_are_reported_but_never_fixed():
    src = ("import socket\n\nclass T:\n    def _resolve(self):\n        if self.path:\n"
           "            return [(socket.AF_UNIX, socket.SOCK_STREAM, None, None, self.path)]\n"
           "        return socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM)\n\n"
           "    def _do_open(self, family, socktype):\n        return socket.socket(family, socktype)\n\n"
           "    def open(self):\n        for family, socktype, _, _, sa in self._resolve():\n"
           "            handle = self._do_open(family, socktype)\n            handle.connect(sa)\n"
           "            self.handle = handle\n            return\n\n"
           "    def call(self, q):\n        self.handle.sendall(q)\n        return self.handle.recv(9)\n")
    [finding] = check_source(src, "t.py").findings
    assert (finding.code, finding.span.line, finding.fixes) == ("NAG201", 10, ())
    tcp_only = src.replace("        if self.path:\n"
                           "            return [(socket.AF_UNIX, socket.SOCK_STREAM, None, None, self.path)]\n", "")
    [finding] = check_source(tcp_only, "t.py").findings
    assert finding.code == "NAG201" and finding.fixes


# One helper write that serves a TCP and an AF_UNIX socket, picked by a factory: the split is the
# TCP socket's too (it was once kept under the key of whichever connection the walk met first).
TWO_TRANSPORTS = '''import socket


class Base:
    def __init__(self):
        self.sock = None

    def send_plain(self, payload):
        self.sock.sendall(payload)

    send = send_plain

    def recv(self):
        return self.sock.recv(4)


class Unix(Base):
    def open(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect("/run/db.sock")


class Tcp(Base):
    def open(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect(("db", 3306))
        {nodelay}

class Connection:
    def __init__(self, unix):
        self.unix = unix
        self._socket = None

    def _make(self):
        conn = None
        if self.unix:
            conn = Unix()
        else:
            conn = Tcp()
        return conn

    def connect(self):
        self._socket = self._make()
        self._socket.open()

    def upload(self, header, body):
        self._socket.send(header)
        self._socket.send(body)
        return self._socket.recv()
'''


def test_split_through_a_factory_made_wrapper_of_two_transports():
    found = codes(TWO_TRANSPORTS.format(nodelay=""))
    assert ("NAG101", 48) in found and ("NAG201", 25) in found
    fixed = TWO_TRANSPORTS.format(nodelay="self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n")
    assert codes(fixed) == []


def test_a_literal_argument_decides_the_branch_of_the_helper():
    source = ("import socket\n\n\nclass C:\n    def __init__(self):\n"
              "        self.sock = socket.create_connection(('h', 1))\n\n"
              "    def _cmd(self, data, reply=True):\n        self.sock.sendall(data)\n"
              "        return self.sock.recv(9) if reply else None\n\n"
              "    def put(self, key, blob):\n        self._cmd(key, reply={})\n        return self._cmd(blob)\n")
    assert ("NAG101", 14) in codes(source.format("False"))  # no reply to the key: the blob waits
    assert ("NAG101", 14) not in codes(source.format("True"))


def test_tls_handshake_reads_between_two_writes():
    source = ("import socket\nimport ssl\n\n\nclass C:\n    def __init__(self):\n"
              "        self.sock = socket.create_connection(('h', 1))\n\n"
              "    def start(self, ctx):\n        self.sock.sendall(b'STARTTLS')\n"
              "        self.sock = ctx.wrap_socket(self.sock{})\n        self.sock.sendall(b'HELLO')\n"
              "        return self.sock.recv(9)\n")
    assert ("NAG101", 12) not in codes(source.format(""))
    assert ("NAG101", 12) in codes(source.format(", do_handshake_on_connect=False"))


def test_classmethod_factory_called_on_the_class():
    source = ("import socket\n\n\nclass Channel:\n    def __init__(self, sock):\n        self.sock = sock\n\n"
              "    @classmethod\n    def _open(cls, address):\n        s = socket.socket(socket.AF_INET)\n"
              "        s.connect(address)\n        return s\n\n"
              "    @classmethod\n    def _hello(cls, s):\n        s.sendall(b'HELLO')\n        s.recv(4)\n"
              "        s.sendall(b'AUTH')\n        s.recv(4)\n"
              "        return cls(s)\n\n"
              "    def call(self, data):\n        self.sock.sendall(data)\n        return self.sock.recv(9)\n\n\n"
              "def connect(address):\n    s = Channel._open(address)\n    return Channel._hello(s)\n")
    assert ("NAG201", 10) in codes(source)
    # an ordinary method is not run by naming it on the class: no instance, no self
    plain = source.replace("    @classmethod\n    def _open(cls", "    def _open(cls")
    assert ("NAG201", 10) not in codes(plain)


def test_handler_class_attribute_names_the_class_whose_methods_run():
    source = ("import socket\n\n\nclass Handler:\n    def __init__(self, sock):\n        self.sock = sock\n\n"
              "    def handle(self):\n        self.sock.sendall(b'HEAD')\n        self.sock.sendall(b'BODY')\n"
              "        return self.sock.recv(9)\n\n\n"
              "class Client:\n    handler_class = Handler\n\n    def run(self, address):\n"
              "        sock = socket.create_connection(address)\n        sock.sendall(b'HI')\n        sock.recv(2)\n"
              "        handler = self.handler_class(sock)\n        handler.handle()\n")
    assert ("NAG101", 10) in codes(source)


def test_a_parameter_assigned_again_is_not_its_literal_default():
    source = ("import socket\n\n\nclass C:\n    def __init__(self):\n"
              "        self.sock = socket.create_connection(('h', 1))\n\n"
              "    def _cmd(self, data, noreply=True):\n        noreply = False  # this server always answers\n"
              "        self.sock.sendall(data)\n        if not noreply:\n            return self.sock.recv(9)\n\n"
              "    def two(self):\n        self._cmd(b'A')\n        self._cmd(b'B')\n        return self.sock.recv(9)\n")
    # every _cmd reads its reply: A and B are two requests, not one split in two
    assert [code for code, _ in codes(source) if code == "NAG101"] == []


SERVER_SOCKET = '''import socket


class ServerSocket:
    def __init__(self, host, port, family=socket.AF_INET):
        self.host, self.port = host, port
        self.family = family

    def listen(self):
        self.sock = socket.socket(self.family, socket.SOCK_STREAM)
        self.sock.bind((self.host, self.port))
        self.sock.listen(16)

    def serve(self):
        while True:
            client, _ = self.sock.accept()
            while client.recv(4096):
                client.sendall(b"OK")
'''


def test_family_parameter_nobody_here_passes_is_its_default_or_af_unix():
    result = check_source(SERVER_SOCKET, "t.py")
    assert [(f.code, f.span.line) for f in result.findings] == [("NAG202", 16)]
    assert "when its family is TCP, not AF_UNIX" in result.findings[0].message  # a caller may pass AF_UNIX
    assert result.findings[0].fixes == ()  # so TCP_NODELAY on the accepted socket could raise
    passed = SERVER_SOCKET + "\n\ndef main():\n    ServerSocket('', 1, socket.AF_UNIX).serve()\n"
    assert codes(passed) == []  # the one caller here passes AF_UNIX


ONE_MESSAGE_TWO_PATHS = '''import socket


class Client:
    def __init__(self):
        self.sock = socket.create_connection(("h", 1))

    def _reply(self):
        return self.sock.recv(9)

    def call(self, body, chunked):
        self.sock.sendall(b"HEAD")
        if chunked:
            self.sock.sendall(b"SIZE")
            self.sock.sendall(body)
        else:
            self.sock.sendall(body)
        return self._reply()

    def other(self, body):
        self.sock.sendall(b"OTHER")
        self.sock.sendall(body)
        return self._reply()
'''


def test_one_finding_per_message_however_many_paths_write_it():
    found = [line for code, line in codes(ONE_MESSAGE_TWO_PATHS) if code == "NAG101"]
    # call(): the earliest held piece only (line 14; line 17 is the same message on the other
    # path); other() is another message, though both read through the same helper
    assert found == [14, 22]


def test_socket_module_kept_in_a_class_attribute():
    source = ("import socket\n\n\nclass Connection:\n    _socket_impl = socket\n\n    def connect(self, address):\n"
              "        self._socket = self._socket_impl.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self._socket.connect(address)\n\n    def call(self, frame):\n"
              "        self._socket.sendall(frame)\n        return self._socket.recv(9)\n")
    assert codes(source) == [("NAG201", 8)]
    other = source.replace("    _socket_impl = socket\n", "    _socket_impl = serial_port_module\n")
    assert codes(other) == []  # not a socket module: what it makes is not known


def _walk_steps(source: str) -> int:
    import ast

    from nagle_lint.flow.paths import Walker
    from nagle_lint.flow.summaries import FunctionInfo, ModuleIndex
    from nagle_lint.streams.infer import Resolver
    from nagle_lint.streams.names import ImportMap

    tree = ast.parse(source)
    index, imports = ModuleIndex(tree), ImportMap(tree)
    walker = Walker(index, imports, Resolver(index, imports, {}))
    walker.run(FunctionInfo(node=tree, name="<module>", cls=None, parent=None, params=[]))
    return walker.steps


def test_a_loop_that_touches_no_stream_is_walked_once():
    """Two turns model a loop; a turn that touches no stream and changes no state is walked once
    (the second would be the same), while a loop that writes still gets its second turn."""
    quiet = "def f(lines):\n    total = 0\n    for line in lines:\n        total += len(line)\n    return total\n"
    writes = ("import socket\ndef f(lines):\n    s = socket.create_connection(('h', 1))\n"
              "    for line in lines:\n        s.sendall(line)\n    return s.recv(1)\n")
    # the module (its def) and f: the assignment, the loop, its body once, the return
    assert _walk_steps(quiet) == 5
    # the module (import, def) and f: the assignment, the loop, its body twice, the return
    assert _walk_steps(writes) == 7


def test_a_helper_that_hands_its_parameter_back_makes_no_connection():
    import ast

    from nagle_lint.flow.summaries import ModuleIndex
    from nagle_lint.streams.infer import returns_new

    tree = ast.parse("import socket\n\n"
                     "def _connect(address):\n    s = socket.socket(socket.AF_INET)\n    s.connect(address)\n    return s\n\n"
                     "def _secure(s, context):\n    if context:\n        s = context.wrap_socket(s)\n    return s\n")
    index = ModuleIndex(tree)
    origin = tree.body[1].body[0].value  # socket.socket(...) in _connect
    assert returns_new(index.module_functions["_connect"], origin)
    # `s = _secure(s, ctx)` keeps the connection _connect made: it is not made again there
    assert not returns_new(index.module_functions["_secure"], origin)


def test_a_handler_exit_read_is_named_by_the_method_not_its_def_line():
    """The server reads the next request once do_GET() returns: the message says so, instead
    of pointing at the def line, which comes before the writes it follows."""
    source = ("import http.server\n"
              "class H(http.server.BaseHTTPRequestHandler):\n"
              "    protocol_version = 'HTTP/1.1'\n"
              "    def do_GET(self):\n"
              "        self.send_response(200)\n"
              "        self.end_headers()\n"
              "        self.wfile.write(b'ok')\n")
    result = check_source(source, "t.py")
    messages = {f.code: f.message for f in result.findings}
    assert set(messages) == {"NAG102", "NAG202"}
    for message in messages.values():
        assert "next request read after `do_GET()` returns" in message and "line 4" not in message


def test_a_server_callback_connection_is_named_by_its_parameter():
    """`def handle(self, conn, address)` is flagged: the message names `conn`, not the attribute
    of the wrapper the handler keeps it in."""
    source = ("from gevent.server import StreamServer\n"
              "class Session:\n"
              "    def __init__(self, sock):\n"
              "        self.channel = sock\n"
              "    def run(self):\n"
              "        while True:\n"
              "            line = self.channel.recv(100)\n"
              "            if not line:\n"
              "                break\n"
              "            self.channel.sendall(line)\n"
              "class Echo(StreamServer):\n"
              "    def handle(self, conn, address):\n"
              "        Session(conn).run()\n")
    found = [f for f in check_source(source, "t.py").findings if f.code == "NAG202"]
    assert len(found) == 1 and found[0].span.line == 12
    assert "server connection `conn` answers" in found[0].message


def test_a_factory_connection_is_named_as_the_flagged_line_names_it():
    """NAG201 is flagged at `sock = create_connection(...)` in the factory: the message names
    `sock` there, and the attribute the caller keeps it in; a name the flagged function itself
    goes on to use (`pair = srv.accept()`, then `conn, _ = pair`) is named alone."""
    source = ("import socket\n"
              "def dial(host):\n"
              "    sock = socket.create_connection((host, 7))\n"
              "    sock.settimeout(5)\n"
              "    return sock\n"
              "class Client:\n"
              "    def __init__(self, host):\n"
              "        self.upstream = dial(host)\n"
              "    def call(self, data):\n"
              "        self.upstream.sendall(data)\n"
              "        return self.upstream.recv(4096)\n")
    found = [f for f in check_source(source, "t.py").findings if f.code == "NAG201"]
    assert len(found) == 1 and found[0].span.line == 3
    assert "TCP client `sock` (kept as `self.upstream`) does" in found[0].message
    source = ("import socket\n"
              "srv = socket.create_server(('127.0.0.1', 0))\n"
              "def serve():\n"
              "    pair = srv.accept()\n"
              "    conn, _ = pair\n"
              "    while conn.recv(64):\n"
              "        conn.sendall(b'ok')\n")
    found = [f for f in check_source(source, "t.py").findings if f.code == "NAG202"]
    assert len(found) == 1 and "server connection `conn` answers" in found[0].message


def test_a_plain_request_handler_is_told_to_set_nodelay_in_handle():
    """socketserver.BaseRequestHandler has no setup() that reads disable_nagle_algorithm: the
    hint names what works there."""
    source = ("import socketserver\n"
              "class Echo(socketserver.BaseRequestHandler):\n"
              "    def handle(self):\n"
              "        while True:\n"
              "            data = self.request.recv(1024)\n"
              "            if not data:\n"
              "                break\n"
              "            self.request.sendall(data)\n"
              "socketserver.TCPServer(('', 9999), Echo).serve_forever()\n")
    found = [f for f in check_source(source, "t.py").findings if f.code == "NAG202"]
    assert len(found) == 1
    assert found[0].message.endswith("set TCP_NODELAY on self.request at the start of handle()")


REPLAYED = ("import socket\n"
            "class Client:\n"
            "    def __init__(self, host):\n"
            "        self.sock = socket.create_connection((host, 1))\n"
            "    def _put(self, data):\n"
            "        self.sock.sendall(data)\n"
            "    def ping(self):\n"
            "        self._put(b'PING')\n"
            "        self._put(b'\\r\\n')\n"
            "        return self.sock.recv(1)\n"
            "    def stat(self):\n"
            "        self._put(b'STAT')\n"
            "        self._put(b'\\r\\n')\n"
            "        return self.sock.recv(1)\n")


def test_a_helper_walk_replayed_at_another_call_site_names_that_site():
    """The first `_put` of stat() starts from the state the first of ping() did: its walk is
    replayed, not redone, and its write is stat()'s own piece (lines 12 then 13), not ping()'s."""
    found = [(f.code, f.span.line, f.message) for f in check_source(REPLAYED, "t.py").findings if f.code == "NAG101"]
    assert [(code, line) for code, line, _ in found] == [("NAG101", 9), ("NAG101", 13)]
    assert "1st at line 8," in found[0][2] and "1st at line 12," in found[1][2]


def test_a_helper_reached_in_the_same_state_from_two_roots_is_walked_once():
    walked = _walked_functions(REPLAYED)
    # _put walked as a root, then after each first piece (ping and stat: two states) and once
    # for the state both first calls start from; the first call of stat() is a replay
    assert walked.count("_put") == 4 and walked.count("stat") == 1


def test_a_reader_helper_on_a_later_turn_of_a_loop_is_replayed():
    """A helper that writes nothing records the same on every turn: on the reply loop's second
    turn the first `_line()` starts from the state the second one started from on the first
    turn, and that walk is replayed, not redone."""
    source = ("import socket\n"
              "class Client:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 1))\n"
              "        self.file = self.sock.makefile('rb')\n"
              "    def _line(self):\n"
              "        return self.file.readline()\n"
              "    def reply(self):\n"
              "        self.sock.sendall(b'CMD')\n"
              "        while True:\n"
              "            code = self._line()\n"
              "            line = self._line()\n"
              "            if line.startswith(b'.'):\n"
              "                return code\n")
    assert _walked_functions(source).count("_line") == 3  # as a root, and once per first-turn call


def test_a_helper_that_closes_on_error_is_replayed_and_so_is_a_walk_done_again_inside_it():
    """smtplib's shape: every command ends in getreply(), which closes the connection when the
    server hangs up. A close is journaled (a replay records it too), so getreply() and the
    close() inside it are walked once per state, not once per command."""
    source = ("import socket\n"
              "class Client:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 25))\n"
              "        self.file = self.sock.makefile('rb')\n"
              "    def close(self):\n"
              "        sock, self.sock = self.sock, None\n"
              "        if sock:\n"
              "            sock.close()\n"
              "    def getreply(self):\n"
              "        line = self.file.readline()\n"
              "        if not line:\n"
              "            self.close()\n"
              "            raise OSError('closed')\n"
              "        return line\n"
              "    def cmd(self, verb):\n"
              "        self.sock.sendall(verb + b'\\r\\n')\n"
              "        return self.getreply()\n"
              "    def helo(self):\n"
              "        return self.cmd(b'HELO')\n"
              "    def noop(self):\n"
              "        return self.cmd(b'NOOP')\n"
              "    def quit(self):\n"
              "        return self.cmd(b'QUIT')\n")
    walked = _walked_functions(source)
    # getreply as a root, after __init__'s state, after cmd's write; close once, inside the first
    assert (walked.count("getreply"), walked.count("close"), walked.count("cmd")) == (3, 1, 2)


def _walked_functions(source: str) -> list[str]:
    import ast

    from nagle_lint.flow.paths import Walker
    from nagle_lint.flow.summaries import FunctionInfo, ModuleIndex
    from nagle_lint.streams.infer import Resolver
    from nagle_lint.streams.names import ImportMap

    walked = []

    class Counting(Walker):
        def function(self, act, *args, **kwargs):
            walked.append(act.func.name)
            return super().function(act, *args, **kwargs)

    tree = ast.parse(source)
    index, imports = ModuleIndex(tree), ImportMap(tree)
    Counting(index, imports, Resolver(index, imports, {})).run(
        FunctionInfo(node=tree, name="<module>", cls=None, parent=None, params=[]))
    return walked


def test_a_function_that_can_record_nothing_is_not_walked_as_a_root():
    """No stream call, no connection made, no `for` or `with` on a name: its walk would record
    nothing. A loop over a stream's lines or a kept bound method still gets walked."""
    source = ("import socket\n"
              "class Client:\n"
              "    def __init__(self):\n"
              "        self.sock = socket.create_connection(('h', 1))\n"
              "        self.rfile = self.sock.makefile('rb')\n"
              "    def total(self, items):\n"
              "        return sum(len(i) for i in items)\n"
              "    def lines(self):\n"
              "        for line in self.rfile:\n"
              "            yield line\n"
              "    def reply(self):\n"
              "        recv = self.sock.recv\n"
              "        return recv(1)\n")
    walked = _walked_functions(source)
    assert "total" not in walked
    assert walked.count("lines") == 1 and walked.count("reply") == 1


def test_a_function_that_only_closes_is_not_walked_as_a_root():
    """Closing a connection the walk did not make records nothing; saying goodbye first does."""
    source = ("import socket\n"
              "class Client:\n"
              "    def __init__(self):\n"
              "        self.sock = socket.create_connection(('h', 1))\n"
              "    def close(self):\n"
              "        self.sock.shutdown(socket.SHUT_RDWR)\n"
              "        self.sock.close()\n"
              "    def quit(self):\n"
              "        self.sock.sendall(b'QUIT')\n"
              "        self.close()\n")
    walked = _walked_functions(source)
    assert walked.count("close") == 1 and walked.count("quit") == 1  # close: only inside quit()


def test_a_helper_that_reads_through_a_kept_bound_method_is_followed():
    """`recv = self.sock.recv; return recv(1)` reads: the USER line is answered before PASS is
    written, so the split is PASS's two pieces (lines 15 and 16), not three from line 13 on."""
    source = ("import socket\n\n\nclass Client:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 1))\n\n"
              "    def _reply(self):\n"
              "        recv = self.sock.recv\n"
              "        return recv(1)\n\n"
              "    def login(self):\n"
              "        self.sock.sendall(b'USER')\n"
              "        self._reply()\n"
              "        self.sock.sendall(b'PASS ')\n"
              "        self.sock.sendall(b'secret')\n"
              "        return self._reply()\n")
    found = [f for f in check_source(source, "t.py").findings if f.code == "NAG101"]
    assert [f.span.line for f in found] == [16]
    assert "in 2 pieces" in found[0].message and "1st at line 15," in found[0].message


def test_findings_without_fixes_do_not_import_libcst():
    """flake8, the language server's diagnostics and the concise output build no fix: the
    libcst import (a tenth of a second per process) is left to the runs that do."""
    import subprocess
    import sys

    script = ("import sys\nfrom nagle_lint.engine import check_source\nfrom nagle_lint.settings import Settings\n"
              f"found = check_source({SPLIT.format('')!r}, 't.py', Settings(fixes=False)).findings\n"
              "assert [f.code for f in found] == ['NAG201', 'NAG101'], found\n"
              "assert 'libcst' not in sys.modules\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-800:]


DETACHED = ("import tornado.web\n"
            "class Session:\n"
            "    def __init__(self):\n"
            "        self.stream = None\n"
            "    def set_nodelay(self, on):\n"
            "        self.stream.set_nodelay(on)\n"
            "    async def _take_over(self, handler: 'Tunnel'):\n"
            "        handler.finish()\n"
            "        self.stream = handler._detached()\n"
            "        while True:\n"
            "            line = await self.stream.read_until(b'\\n')\n"
            "            await self.stream.write(line)\n"
            "class Tunnel(tornado.web.RequestHandler):\n"
            "    def _detached(self):\n"
            "        return self.detach()\n")


def test_a_stream_handed_back_after_the_http_exchange_keeps_nagle_on():
    """Tornado's HTTP1Connection switches TCP_NODELAY off again after each message, so the stream
    a handler detaches (here through a typed parameter's helper) serves its session with Nagle on;
    a setter that passes its parameter on is the application's to call, not TCP_NODELAY set."""
    found = [f for f in check_source(DETACHED, "t.py").findings if f.code == "NAG202"]
    assert [f.span.line for f in found] == [13]
    assert "as `self.detach()` hands it back" in found[0].message
    assert "only if the application calls `set_nodelay(True)`" in found[0].message
    assert not found[0].fixes  # an IOStream has no setsockopt
    # the module turning it on itself, or the session after taking it over: nothing to report
    on = DETACHED + "def fast(session):\n    session.set_nodelay(True)\n"
    assert not [f for f in check_source(on, "t.py").findings if f.code == "NAG202"]
    taken = DETACHED.replace("        while True:\n", "        self.stream.set_nodelay(True)\n        while True:\n")
    assert not [f for f in check_source(taken, "t.py").findings if f.code == "NAG202"]


def test_a_catalog_module_keeps_its_facts_inside_its_own_package(tmp_path):
    """Checking a package the catalog describes reads its other modules as a project's, but a
    module the catalog has rows for (tornado.web: detach() hands back a Nagle-on stream) keeps
    them: its code is not read in their place."""
    package = tmp_path / "tornado"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "web.py").write_text(  # (its own HTTP exchange ends with TCP_NODELAY on)
        "class RequestHandler:\n"
        "    def detach(self):\n"
        "        stream = self.request.connection.stream\n"
        "        stream.set_nodelay(True)\n"
        "        stream.socket.recv(0)\n"
        "        return stream\n")
    tunnel = package / "tunnel.py"
    tunnel.write_text(DETACHED.replace("import tornado.web\n", "from tornado import web\n")
                      .replace("(tornado.web.RequestHandler)", "(web.RequestHandler)"))
    found = [f for f in check_source(tunnel.read_text(), str(tunnel)).findings if f.code == "NAG202"]
    assert [f.span.line for f in found] == [13]



# A channel a wrapper hands back (`mux.open()`): each send() one frame through the Link the Mux
# keeps, recv() from the queue the Mux's reader fills; the connection is the accepted socket.
CHANNEL = '''import queue
import socket


class Link:
    def __init__(self, sock):
        self.sock = sock

    def put(self, frame):
        self.sock.sendall(frame)


class Chan:
    def __init__(self, link):
        self.link = link
        self.inbox = queue.Queue()

    def send(self, data):
        {send}

    def recv(self, size):
        return self.inbox.get()

    def resize(self, width):
        self.link.put(b"RESIZE %d" % width)


class Mux:
    def __init__(self, sock):
        self.link = Link(sock)

    def open(self):
        return Chan(self.link)


srv = socket.create_server(("", 7000))
conn, _ = srv.accept()
mux = Mux(conn)
chan, other = mux.open(), mux.open()
while chan.recv(64):
    chan.send(b"LEN4")
    {between}chan.send(b"BODY")
'''


@pytest.mark.parametrize("send, between, split", [
    ("self.link.put(data)", "", True),
    # a channel request between the two sends may be answered: not one message
    ("self.link.put(data)", "chan.resize(80)\n    ", False),
    # another channel's frame between them is another message
    ("self.link.put(data)", "other.send(b'X')\n    ", False),
    # a send() that writes only when its buffer is full is no piece per call
    ("if len(data) > 512:\n            self.link.put(data)", "", False),
])
def test_a_channel_a_wrapper_hands_back_writes_one_piece_per_send(send, between, split):
    found = codes(CHANNEL.format(send=send, between=between))
    if split:
        assert ("NAG102", 42) in found and ("NAG202", 37) in found
    else:
        assert not any(code == "NAG102" for code, _ in found)


def test_an_analysis_stops_when_its_caller_cancels_it():
    # the language server stops analysing a buffer the user has typed on since: the walk asks
    # now and then, and the answer "stop" is raised, never reported as a finding or a NAG001
    from nagle_lint.flow.paths import Cancelled

    source = "\n".join(["import socket", "s = socket.create_connection(('h', 1))"]
                       + [f"def f{i}():\n    s.sendall(b'a')\n    s.sendall(b'b')\n    s.recv(1)" for i in range(300)])
    whole = check_source(source, "client.py")
    asked = []

    def after(calls: int):
        return lambda: asked.append(1) or len(asked) > calls

    with pytest.raises(Cancelled):
        check_source(source, "client.py", cancelled=after(0))  # before the walk begins
    asked.clear()
    with pytest.raises(Cancelled):
        check_source(source, "client.py", cancelled=after(5))  # during the walk
    assert check_source(source, "client.py", cancelled=lambda: False) == whole
    assert {f.code for f in whole.findings} >= {"NAG101", "NAG201"}


_CLIENT = "import socket\nimport sys\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n"


@pytest.mark.parametrize("loop, reported", [
    # each request is a line someone typed, one write on the same turn: the person's pace
    ("while True:\n    line = sys.stdin.readline().encode()\n    s.sendall(line)\n    s.recv(64)\n", False),
    ("while True:\n    s.sendall(input().encode())\n    s.recv(64)\n", False),
    ("while (line := input()) != 'q':\n    s.sendall(line.encode())\n    s.recv(64)\n", False),
    # the program's own requests
    ("while True:\n    s.sendall(b'PING')\n    s.recv(64)\n", True),
    # typed once, before the loop: every later turn sends at the program's pace
    ("line = input().encode()\nwhile True:\n    s.sendall(line)\n    s.recv(64)\n", True),
    # typed on one path only
    ("while True:\n    if sys.argv[1:]:\n        line = input().encode()\n    else:\n        line = b'PING'\n"
     "    s.sendall(line)\n    s.recv(64)\n", True),
    # read in a `try` whose handler leaves the loop: past it, the person was waited for
    ("while True:\n    try:\n        line = input()\n    except EOFError:\n        break\n"
     "    s.sendall(line.encode())\n    s.recv(64)\n", False),
    # ... not when the handler goes on without asking
    ("while True:\n    try:\n        line = input()\n    except EOFError:\n        line = 'PING'\n"
     "    s.sendall(line.encode())\n    s.recv(64)\n", True),
    # a prompt library's prompt waits for the person as input() does
    ("import getpass\nwhile True:\n    s.sendall(getpass.getpass().encode())\n    s.recv(64)\n", False),
    ("from prompt_toolkit import PromptSession\nsession = PromptSession()\nwhile True:\n"
     "    s.sendall(session.prompt().encode())\n    s.recv(64)\n", False),
])
def test_requests_a_person_types_are_no_request_response(loop, reported):
    assert (("NAG201", 3) in codes(_CLIENT + loop)) is reported


def test_noqa_directives_are_read_where_they_name_one_of_our_codes():
    # other tools' codes are in most files of an installed environment: such files are not
    # tokenized for directives, since only our codes are judged (unknown-code warnings, NAG002)
    from nagle_lint.noqa import directives, unknown_code_warnings

    assert directives("x = 1  # noqa: E501\ny = 2  # noqa\n") == []
    found = directives("x = 1  # NoQA: e501,\tNag101\ns = '# noqa: NAG102'\n")
    assert [(d.line, d.codes) for d in found] == [(1, ("E501", "NAG101"))]  # not the one in a string
    assert unknown_code_warnings("x = 1  # noqa: E501, nag999\n", frozenset({"NAG101"})) == \
        ("1: unknown rule code NAG999 in `# noqa`",)


# A receiver thread reads the replies and sets each request's Event; ask() writes, waits, and
# may write again (line 21).
ANSWERED = '''import socket
import threading


class Client:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))
        self.answered = threading.Event()
        threading.Thread(target=self.reader, daemon=True).start()

    def reader(self):
        while True:
            self.reply = self.sock.recv(4096)
            self.answered.set()

    def ask(self, question):
        self.answered.clear()
        self.sock.sendall(question)
        {wait}
        if self.reply.startswith(b"MOVED"):
            self.sock.sendall(question)
        return self.reply
'''


@pytest.mark.parametrize("wait, split", [
    ("self.answered.wait(30)", False),  # the second write follows the answer to the first
    ("pass", True),
])
def test_a_wait_for_another_thread_parts_the_writes_around_it(wait, split):
    assert (("NAG101", 21) in codes(ANSWERED.format(wait=wait))) is split


# A kept connection whose request goes through a loop (line 11): a partial-send retry loop
# writes one buffer; a loop that sends something new each turn is a write loop (NAG103).
SEND_LOOP = '''import socket


class Client:
    def __init__(self, address):
        self.sock = socket.create_connection(address)

    def ask(self, data):
        total = 0
        while total < len(data):
            sent = self.sock.send(data[total:])
            {advance}
        return self.sock.recv(64)
'''


@pytest.mark.parametrize("advance, write_loop", [
    ("total += sent", False),
    ("total = total + sent", False),
    ("total = sent + total", False),
    ("total = sent", True),  # (no advance: the loop may send the same bytes again)
])
def test_every_spelling_of_a_partial_send_loop_is_one_write(advance, write_loop):
    found = codes(SEND_LOOP.format(advance=advance))
    assert ("NAG201", 6) in found
    assert (("NAG103", 11) in found) is write_loop


# The buffer kept in an attribute, sliced by what each send() took (the send: line 11).
SEND_REST = '''import socket


class Conn:
    def __init__(self, address):
        self.sock = socket.create_connection(address)
        self.pending = b""

    def flush(self):
        while self.pending:
            {rest}

    def query(self, q):
        self.pending += q
        self.flush()
        return self.sock.recv(4096)
'''


@pytest.mark.parametrize("rest, write_loop", [
    ("self.pending = self.pending[self.sock.send(self.pending):]", False),
    ("self.sock.send(self.pending[:512])", True),  # (the same first bytes each turn: pieces)
    ("n = self.sock.send(self.pending); self.pending[:n] = []", False),  # (a bytearray's sent part cut off)
    ("n = self.sock.send(self.pending); del self.pending[:n]", False),
    ("n = self.sock.send(self.pending); self.pending[n:] = []", True),  # (the unsent part dropped: resent)
])
def test_a_partial_send_loop_over_an_attribute_buffer_is_one_write(rest, write_loop):
    found = codes(SEND_REST.format(rest=rest))
    assert ("NAG201", 6) in found and (("NAG103", 11) in found) is write_loop, found


# A selector loop calls a helper whenever the socket is writable; the helper sends what is left
# of the buffer the loop keeps (line 13, called at 23) and moves past what was sent: one buffer
# per request, whose reply the loop reads (line 17). Without the advance the helper writes the buffer again.
SELECT_REST = '''import selectors
import socket


def pump(address, requests):
    sock = socket.create_connection(address)
    tx, done = bytearray(), 0
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE)

    def send_some():
        {scope}
        sent = sock.send(tx[done:])
        {advance}

    def read_reply():
        return sock.recv(4096)

    for request in requests:
        tx.extend(request)
        for key, event in selector.select(1.0):
            if event & selectors.EVENT_WRITE:
                send_some()
            if event & selectors.EVENT_READ:
                read_reply()
'''


@pytest.mark.parametrize("scope, advance, write_loop", [
    ("nonlocal done", "done += sent", False),
    ("nonlocal done", "pass", True),  # (never advanced: the same bytes again each turn)
    ("done = 0", "done += sent", True),  # (a local offset: each call starts the buffer again)
])
def test_a_helper_that_sends_the_rest_of_a_kept_buffer_writes_one_buffer(scope, advance, write_loop):
    found = codes(SELECT_REST.format(scope=scope, advance=advance))
    assert ("NAG201", 6) in found
    assert (("NAG103", 23) in found) is write_loop, found  # (shown at the call in the loop)


# A connect helper returns `(True, sock)`, or on failure a tuple without a socket there (line
# 11 makes the socket; the caller unpacks the pair and keeps the socket for every command).
FAILED_PAIR = '''import socket


class Robot:
    def __init__(self, ip):
        self.ip = ip
        self.sock = None

    def connect(self):
        def open_link(ip, port=8055):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                sock.connect((ip, port))
                return (True, sock)
            except OSError:
                sock.close()
                return {failure}

        ok, sock = open_link(self.ip)
        if ok:
            self.sock = sock

    def command(self, text):
        self.sock.sendall(text.encode() + b"\\n")
        return self.sock.recv(1024)
'''


@pytest.mark.parametrize("failure, reported", [
    ("(False, None)", True),
    ("(False,)", True),  # (the caller's unpacking fails: that path binds nothing)
    ("(False, socket.socket(socket.AF_UNIX))", False),  # (the pair may hold a Unix socket: unknown)
])
def test_a_failed_connect_s_tuple_without_a_socket_leaves_the_other_returns(failure, reported):
    assert (("NAG201", 11) in codes(FAILED_PAIR.format(failure=failure))) is reported


# A keep-alive request handler that serves each request by a name it builds (`getattr(self,
# "do_" + verb)()`, the methods written by the package's users) and offers them send_reply(),
# which writes the status line, then the body (line 25): each a response before the next
# request is read. Without the dispatch nothing reaches send_reply().
DISPATCHED = '''import socketserver


class LineHandler(socketserver.StreamRequestHandler):
    wbufsize = 0

    def handle(self):
        self.close_connection = False
        while not self.close_connection:
            self.handle_one_request()

    def handle_one_request(self):
        line = self.rfile.readline()
        if not line:
            self.close_connection = True
            return
        self.verb = line.split()[0].decode()
        {serve}

    def serve_default(self):
        self.wfile.write(b"ERR unknown\\r\\n")

    def send_reply(self, body):
        self.wfile.write(b"OK %d\\r\\n" % len(body))
        self.wfile.write(body)


def serve(port):
    socketserver.ThreadingTCPServer(("", port), LineHandler).serve_forever()
'''


@pytest.mark.parametrize("serve, reported", [
    ("getattr(self, 'do_' + self.verb, self.serve_default)()", True),
    ("self.serve_default()", False),
])
def test_a_response_helper_of_a_handler_that_dispatches_by_name_answers_a_request(serve, reported):
    assert (("NAG102", 25) in codes(DISPATCHED.format(serve=serve))) is reported


# An HTTP/1.1 file server: the header with sendall(), then the file with socket.sendfile()
# (line 11), on a connection that reads the next request (line 8).
SENDFILE = '''import socket


def serve(port, path):
    listener = socket.create_server(("", port))
    while True:
        conn, _ = listener.accept()
        while conn.recv(65536):
            with open(path, "rb") as body:
                {header}
                conn.sendfile(body)
        conn.close()
'''


@pytest.mark.parametrize("header, split", [
    ('conn.sendall(b"HTTP/1.1 200 OK\\r\\n\\r\\n")', True),
    ("pass", False),  # (the file alone: one write)
])
def test_sendfile_is_a_write(header, split):
    assert (("NAG102", 11) in codes(SENDFILE.format(header=header))) is split


# A console client takes a row off getaddrinfo(..., SOCK_STREAM)'s list with pop() (line 9 makes
# its socket), then reads its greeting and writes two commands, each followed by a loop over
# the object itself, whose __iter__ reads lines (line 23 is the second command).
POPPED_ROW = '''import socket


class Console:
    def __init__(self, host, port):
        rows = socket.getaddrinfo(host, port, socket.AF_UNSPEC, socket.SOCK_STREAM)
        while rows:
            family, kind, proto, _, address = rows.pop()
            self.sock = socket.socket(family, kind, proto)
            self.sock.connect(address)
            break
        self.greeting = self.sock.recv(1024)

    def __iter__(self):
        while True:
            yield self.sock.recv(1024)

    def quiet(self):
        self.sock.sendall(b"output off\\r\\n")
        for line in {each}:
            if line.startswith(b"Output"):
                break
        self.sock.sendall(b"debug off\\r\\n")
        for line in {each}:
            if line.startswith(b"Debug"):
                break
'''


def test_a_row_popped_off_getaddrinfo_makes_a_stream_socket():
    assert ("NAG201", 9) in codes(POPPED_ROW.format(each="self"))


@pytest.mark.parametrize("each, split", [
    ("self", False),  # (each turn runs __iter__, which reads)
    ("self.history", True),  # (a list of the object's: nothing read between the commands)
])
def test_a_loop_over_an_object_whose_iter_reads_may_read(each, split):
    assert (("NAG101", 23) in codes(POPPED_ROW.format(each=each))) is split


# The first try of a partial send written before SEND_LOOP's retry loop (`total =
# self.sock.send(data)`, then `data[total:]` until all is sent, line 11): one buffer.
@pytest.mark.parametrize("first, split", [
    ("data", False),
    ("b'HELLO'", True),  # (another buffer first: two pieces)
])
def test_a_first_send_before_its_retry_loop_is_one_write(first, split):
    found = codes(SEND_LOOP.format(advance="total += sent").replace("total = 0", f"total = self.sock.send({first})"))
    assert ("NAG201", 6) in found
    assert any(code in ("NAG101", "NAG103") and line == 11 for code, line in found) is split, found


# A stream socket whose family comes from a row another object hands back (line 12).
RUN_TIME_FAMILY = '''import socket


class Client:
    def __init__(self, addresses):
        self.addresses = addresses
        self.sock = None

    def ask(self, data):
        if self.sock is None:
            family, address = self.addresses.first()
            self.sock = socket.socket(family, socket.SOCK_STREAM)
            self.sock.connect(address)
        self.sock.sendall(data)
        return self.sock.recv(64)
{more}'''


@pytest.mark.parametrize("more, reported", [
    ("", True),
    ("\n\nDEFAULT = 'unix:/run/app.sock'\n", False),  # the code knows Unix sockets: maybe one
    ("\n\ndef local():\n    return socket.socket(socket.AF_UNIX)\n", False),
])
def test_a_stream_socket_of_a_run_time_family_is_tcp_where_unix_is_never_named(more, reported):
    result = check_source(RUN_TIME_FAMILY.format(more=more), "t.py")
    found = [f for f in result.findings if (f.code, f.span.line) == ("NAG201", 12)]
    assert bool(found) is reported
    if reported:  # less sure, and never fixed: TCP_NODELAY on an AF_UNIX socket raises
        assert found[0].confidence.value == "medium" and found[0].fixes == ()
        assert "known only at run time" in found[0].message


# typing.cast changes nothing at run time (the split is on line 13).
CAST = '''import socket
from typing import cast


class Client:
    def __init__(self, address):
        self.sock = {placeholder}
        self.sock = socket.create_connection(address)

    def ask(self, head, body):
        {narrow}
        self.sock.sendall(head)
        self.sock.sendall(body)
        return self.sock.recv(64)
'''


@pytest.mark.parametrize("placeholder, narrow", [
    ("None", "self.sock = cast(socket.socket, self.sock)"),
    ("cast(socket.socket, None)", "pass"),
    ("cast('socket.socket', None)", "sock = cast(socket.socket, self.sock)"),
])
def test_a_typing_cast_is_the_value_it_casts(placeholder, narrow):
    found = codes(CAST.format(placeholder=placeholder, narrow=narrow))
    assert ("NAG201", 8) in found and ("NAG101", 13) in found


# A `@contextmanager` lends the connection a property makes on first use (the split: line 22).
LENDS = '''import socket
from contextlib import contextmanager


class Client:
    def __init__(self, address):
        self.address, self.sock = address, None

    @property
    def _socket(self):
        if self.sock is None:
            self.sock = socket.create_connection(self.address)
        return self.sock

{lend}

    def put(self, head, body):
        {use}
            sock.sendall(head)
            sock.sendall(body)
            return sock.recv(64)
'''

_KEPT = "    def _lend(self):\n        yield self._socket"
# a fresh connection per command, closed when it is done: its first data is ACKed at once
_PER_CALL = ("    def _lend(self):\n        s = socket.create_connection(self.address)\n"
             "        try:\n            yield s\n        finally:\n            s.close()")


@pytest.mark.parametrize("lend, use, split", [
    ("    @contextmanager\n" + _KEPT, "with self._lend() as sock:", True),
    ("    @contextmanager\n" + _PER_CALL, "with self._lend() as sock:", False),
    # a plain generator that yields once: `for` runs its body once, on what it yields
    (_KEPT, "for sock in self._lend():", True),
    # made on first use and kept: the same connection every time
    ("    def _lend(self):\n        if self.sock is None:\n            self.sock = socket.create_connection(self.address)\n"
     "        yield self.sock", "for sock in self._lend():", True),
    (_PER_CALL, "for sock in self._lend():", False),
])
def test_a_helper_that_yields_a_connection_lends_it(lend, use, split):
    found = codes(LENDS.format(lend=lend, use=use))
    assert (("NAG101", 20 + lend.count("\n")) in found) if split else not found, found


# A socket class under a module-level alias (the split: line 13 when nothing is inserted).
ALIAS = '''import socket

socket_factory = socket.socket
{rebound}

class Client:
    def __init__(self, address):
        self.sock = socket_factory(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect(address)

    def ask(self, head, body):
        self.sock.sendall(head)
        self.sock.sendall(body)
        return self.sock.recv(64)
'''


@pytest.mark.parametrize("rebound, reported", [
    ("", True),
    ("if FAKE:\n    socket_factory = FakeSocket", False),  # two bindings: decided at run time
])
def test_a_module_level_alias_is_the_thing_it_names(rebound, reported):
    source = ALIAS.format(rebound=rebound)
    line = 13 + rebound.count("\n")
    assert (("NAG101", line) in codes(source)) is reported


# A local name made on one of three branches (Unix for a path, else TCP two ways), one exchange
# per call, then closed: the name is new on every path (the split: line 22, when the connection
# is kept instead).
BRANCHES = '''import socket


class Gateway:
    def __init__(self, target):
        self.target, self.sock = target, None

    def _connect(self):
        if isinstance(self.target, str):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(self.target)
        elif {second}:
            sock = socket.create_connection(self.target)
        else:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect(self.target)
        return sock

    def ask(self, head, body):
        {get}
        sock.sendall(head)
        sock.sendall(body)
        reply = sock.recv(64)
        {end}
        return reply
'''


@pytest.mark.parametrize("second, get, end, split", [
    ("self.fast", "sock = self._connect()", "sock.close()", False),
    ("self.fast", "sock = self._connect()", "pass", False),  # dropped, not kept: still one exchange
    # kept for the next call
    ("self.fast", "if self.sock is None:\n            self.sock = self._connect()\n        sock = self.sock", "pass", True),
])
def test_a_name_made_on_one_of_several_branches_is_new_on_each(second, get, end, split):
    line = 22 + get.count("\n")
    assert (("NAG101", line) in codes(BRANCHES.format(second=second, get=get, end=end))) is split


# A dialer that does the protocol's handshake on a fresh connection, then hands the connection
# on: the caller's requests follow on it (the connection: line 6).
HANDSHAKE = '''import socket


class Channel:
    def __init__(self, sock):
        self.sock = sock


def dial(address):
    sock = socket.create_connection(address)
    sock.sendall(b"HELLO 3\\r\\n")
    version = sock.recv(16)
    {hand}
'''


@pytest.mark.parametrize("hand, handed_on", [
    ("return sock", True),
    ("return sock, version", True),
    ("return Channel(sock)", True),  # an object of the module that keeps it
    ("return _checked(sock, version)\n\n\ndef _checked(s, v):\n    return [s]", True),  # a helper hands it back
    ("CONNECTIONS.append(sock)", True),
    ("return version", False),  # the answer, not the connection
    ("return sock.recv(64)", False),  # more data of the same exchange
    ("sock.close()\n    return version", False),
    ("return _checked(sock, version)\n\n\ndef _checked(s, v):\n    return v", False),
    # the module's own caller closes it at once: its walk shows what follows the handshake
    ("return sock\n\n\ndef probe(address):\n    dial(address).close()", False),
    # a keyword-only parameter stored is not the socket passed into `*socks`
    ("return _result(version, sock)\n\n\ndef _result(v, *socks, cache=None):\n    CACHE.append(cache)\n"
     "    return v", False),
])
def test_a_connection_handed_on_after_its_handshake_carries_the_next_requests(hand, handed_on):
    line = 10
    assert (("NAG201", line) in codes(HANDSHAKE.format(hand=hand))) is handed_on


# A record helper called on an object built for it: the flagged call names the connection as
# its argument (`Record(b"P").write(sock)`), not as the object that writes it.
RECORDS = '''import socket


class Record:
    def __init__(self, content):
        self.content = content

    def write(self, sock):
        sock.sendall(len(self.content).to_bytes(2, "big"))
        if self.content:
            sock.sendall(self.content)


class Client:
    def __init__(self, address):
        self.conn = socket.create_connection(address)

    def ask(self, params):
        Record(b"B").write(self.conn)
        Record(params).write(self.conn)
        return self.conn.recv(64)
'''


def test_a_split_at_a_helper_call_names_the_connection_it_is_given():
    found = check_source(RECORDS, "t.py").findings
    at_call = [f for f in found if f.code == "NAG101" and f.span.line == 20]
    assert at_call and "on `self.conn`" in at_call[0].message, [(f.span.line, f.message) for f in found]


# `if self.sock:` before closing it: where the attribute holds no socket, nothing is pending on
# the connection (the drain loop at line 15 sent everything queued on a path that closes it).
ABSENT = '''import socket


class Client:
    def __init__(self, address):
        self.sock = socket.create_connection(address)
        self.queue = []

    def flush(self):
        data = b"".join(self.queue)
        self.queue = []
        self.sock.send(data)

    def close(self):
        while self.queue:
            self.flush()
        {test}
            self.sock.close()
            self.sock = None

    def ask(self, query):
        self.sock.sendall(query)
        return self.sock.recv(64)
'''


@pytest.mark.parametrize("test", ["if self.sock:", "if self.sock is not None:", "if not self.sock: pass\n        else:"])
def test_a_name_that_holds_no_socket_has_nothing_pending_on_it(test):
    found = codes(ABSENT.format(test=test))
    assert ("NAG201", 6) in found and not any(code == "NAG103" for code, _ in found), found


# A dialer that tries each address, then does its handshake and hands the connection on (the
# connection: line 8). `sock = None` in the except of a try inside the loop is not what the
# name holds after the loop: a path that broke out holds the connection.
DIALER = '''import socket


def dial(addresses):
    sock = None
    for address in addresses:
        try:
            sock = socket.create_connection(address)
        except OSError:
            sock = None
            continue
        else:
            break
    {check}
    sock.sendall(b"HELLO 3\\\\r\\\\n")
    sock.recv(16)
    return sock
'''


@pytest.mark.parametrize("check", ["if sock is None:\n        raise OSError('no address answered')",
                                   "if not sock:\n        return None", "pass"])
def test_a_name_bound_in_a_loop_or_try_holds_what_the_path_gave_it(check):
    assert ("NAG201", 8) in codes(DIALER.format(check=check))


# socket.socket(*row[0:3]) in a helper, the row from getaddrinfo(..., SOCK_STREAM) that
# another helper returns: TCP, with a fix (the socket: line 11).
UNPACKED = '''import socket


class Transport:
    def __init__(self, host, port):
        self.host, self.port, self.sock = host, port, None

    def _create_socket(self, family, kind, proto):
        sock = socket.socket(family, kind, proto)
        return sock

    def connect(self):
        for info in self._addresses():
            self.sock = self._create_socket({args})
            self.sock.connect(info[4])
            return

    def _addresses(self):
        try:
            found = socket.getaddrinfo(self.host, self.port, 0, {kind})
        except OSError:
            return []
        return found

    def call(self, frame):
        self.sock.sendall(frame)
        return self.sock.recv(4096)
'''


@pytest.mark.parametrize("args, kind, reported", [
    ("*info[0:3]", "socket.SOCK_STREAM", True),
    ("info[0], info[1], info[2]", "socket.SOCK_STREAM", True),
    ("*info[0:3]", "0", False),  # any type: a datagram row too
])
def test_a_getaddrinfo_row_unpacked_into_a_helper_keeps_its_stream_type(args, kind, reported):
    found = check_source(UNPACKED.format(args=args, kind=kind), "t.py").findings
    at = [f for f in found if f.code == "NAG201" and f.span.line == 9]
    assert bool(at) is reported, [(f.code, f.span.line) for f in found]
    assert not at or (at[0].fixes and "run time" not in at[0].message)


# An I/O thread that makes the connection, hands it to a selector's callbacks, waits for the
# stop event and closes it: the connection carries every request meanwhile (line 15).
IO_THREAD = '''import selectors
import socket
import threading


class IOThread(threading.Thread):
    def __init__(self, address):
        super().__init__(daemon=True)
        self.address, self.sock = address, None
        self.stopped = threading.Event()
        self.selector = selectors.DefaultSelector()

    def run(self):
        self.sock = socket.create_connection(self.address)
        self.selector.register(self.sock, selectors.EVENT_READ, self.on_read)
        {wait}
        self.selector.unregister(self.sock)
        self.sock.close()

    def on_read(self):
        return self.sock.recv(4096)

    def request(self, frame):
        self.sock.sendall(frame)
'''


@pytest.mark.parametrize("wait, reported", [
    ("self.stopped.wait()", True),
    ("pass", False),
    ("asyncio.run(asyncio.wait_for(asyncio.sleep(1), 5))", False),  # a timeout, not another thread
])
def test_a_connection_waited_on_while_others_use_it_is_no_one_exchange(wait, reported):
    assert (("NAG201", 14) in codes(IO_THREAD.format(wait=wait))) is reported


# A socket made in __init__ and connected in connect(), which reads the server's greeting: a
# new connection starts at connect(), so the greeting is no reply, and the finding names the
# read that answers the requests (line 17).
GREETING = '''import socket


class Client:
    def __init__(self, address):
        self.address = address
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)

    def connect(self):
        self.sock.connect(self.address)
        self.version = self.sock.recv(2)

    def send(self, frame):
        self.sock.sendall(frame)

    def read(self, size):
        return self.sock.recv(size)
'''


def test_a_greeting_read_after_connect_is_no_reply():
    found = [f for f in check_source(GREETING, "t.py").findings if f.code == "NAG201"]
    assert found and "reply read at line 17" in found[0].message, [f.message for f in found]


# A server that answers on a connection it just accepted: its first response is the first data
# on the connection, ACKed at once (measured: replay --side server --lifetime one-shot). The
# response repeats only in a loop (the held piece: line 9).
FIRST_RESPONSE = '''import socket

srv = socket.create_server(("", 7000))
while True:
    conn, _ = srv.accept()
    {loop}
    {pad}request = conn.recv(1024)
    {pad}conn.sendall(b"S")
    {pad}conn.sendall(b"0" * 22)
    {pad}{after}
    conn.close()
'''


@pytest.mark.parametrize("loop, after, reported", [
    ("pass", "conn.recv(1024)", False),  # one request, one response, then the client's bye
    ("while True:", "pass", True),  # the next request on the same connection
])
def test_a_servers_first_response_on_a_fresh_connection_is_acked_at_once(loop, after, reported):
    pad = "    " if loop != "pass" else ""
    found = codes(FIRST_RESPONSE.format(loop=loop, after=after, pad=pad))
    assert (("NAG102", 9) in found) is reported, found


# A greeting, then a login in two writes, through the event loop's socket calls (the held
# piece: line 16). Connected in the same call, the login is the connection's first request.
ASYNC_GREETING = '''import asyncio
import socket


class Client:
    def __init__(self, address):
        self.address = address
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)

    async def open(self, user):
        loop = asyncio.get_running_loop()
        self.sock.setblocking(False)
        await loop.{connect}
        await loop.sock_recv(self.sock, 2)
        await loop.sock_sendall(self.sock, b"LOGIN ")
        await loop.sock_sendall(self.sock, user)
        return await loop.sock_recv(self.sock, 64)
'''


@pytest.mark.parametrize("connect, split", [
    ("sock_connect(self.sock, self.address)", False),  # connected here: the greeting is no reply
    ("sock_recv(self.sock, 0)", True),  # (no connect seen: its history is unknown)
])
def test_an_event_loop_connect_starts_a_new_connection(connect, split):
    assert (("NAG101", 16) in codes(ASYNC_GREETING.format(connect=connect))) is split


# getaddrinfo rows from a helper that calls itself for a default host (the socket: line 12).
ROWS_AGAIN = '''import socket


def _rows(host, port):
    if not host:
        return _rows("localhost", port)
    return socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)


def ask(host, port, head, body):
    for row in _rows(host, port):
        s = socket.socket(*row[0:3])
        s.connect(row[4])
        s.sendall(b"HELLO")
        s.recv(16)
        s.sendall(head)
        s.sendall(body)
        return s.recv(64)
'''


def test_rows_from_a_helper_that_calls_itself_are_stream_rows():
    assert ("NAG201", 12) in codes(ROWS_AGAIN)


# A handler that hands `self.wfile` to a wrapper object, written as a class with __init__, as a
# @dataclass or as an attrs class (the handler: line 17). The wrapper's own attribute name
# (`self.out`) means nothing at the handler: the connection is the handler's `self.wfile`.
WRAPPED_WFILE = '''from dataclasses import dataclass
from socketserver import StreamRequestHandler, ThreadingTCPServer
from typing import Any

import attrs


{decorator}
class Reply:
    {fields}

    def send(self, value):
        self.out.write(value)
        self.out.flush()


class Handler(StreamRequestHandler):
    def handle(self):
        reply = Reply(self.wfile)
        while True:
            line = self.rfile.readline()
            if not line:
                break
            reply.send(b"+OK\\\\r\\\\n")


server = ThreadingTCPServer(("", 6400), Handler)
'''


@pytest.mark.parametrize("decorator, fields", [
    ("", "def __init__(self, out):\n        self.out = out"),
    ("@dataclass", "out: Any"),
    ("@dataclass(frozen=True)", "out: Any"),
    ("@attrs.define", "out: Any"),
])
def test_a_wrapper_object_built_around_the_handlers_file_writes_on_its_connection(decorator, fields):
    found = [f for f in check_source(WRAPPED_WFILE.format(decorator=decorator, fields=fields), "t.py").findings
             if f.code == "NAG202"]
    assert found and found[0].span.line == 17 + fields.count("\n") and "`self.wfile`" in found[0].message, \
        [(f.span.line, f.message) for f in found]


# A connection made by a factory object the client is given (its `__call__`), from an
# `(AF_INET, SOCK_STREAM)` pair the module passes (the socket: line 9).
FACTORY_OBJECT = '''import socket


class SocketFactory:
    def __init__(self, create, address):
        self.create, self.address = create, address

    def __call__(self, timeout=None):
        s = socket.socket({args})
        s.connect(self.address)
        return s


class Connection:
    def __init__(self, socket_factory):
        self.socket_factory = socket_factory

    def connect(self):
        self.socket = self.socket_factory(timeout=5)

    def query(self, q):
        self.socket.sendall(q)
        return self.socket.recv(8192)


def connect(host, port):
    return Connection(SocketFactory({create}, (host, port)))
'''


@pytest.mark.parametrize("args, create, reported", [
    ("socket.AF_INET, socket.SOCK_STREAM", "None", True),
    ("*self.create", "(socket.AF_INET, socket.SOCK_STREAM)", True),
    ("*self.create", "(socket.AF_UNIX, socket.SOCK_STREAM)", False),
    ("*self.create", "(socket.AF_INET, socket.SOCK_DGRAM)", False),
])
def test_a_connection_made_by_a_factory_object_the_client_is_given(args, create, reported):
    assert (("NAG201", 9) in codes(FACTORY_OBJECT.format(args=args, create=create))) is reported


# A helper that returns the socket it makes, kept by its caller as `self.handle` through a local
# (the socket: line 9): the flagged line names nothing, so the message gives the attribute.
RETURNED = '''import socket


class Transport:
    def __init__(self, address):
        self.address, self.handle = address, None

    def _do_open(self):
        return socket.socket(socket.AF_INET, socket.SOCK_STREAM)

    def open(self):
        handle = self._do_open()
        handle.connect(self.address)
        self.handle = handle

    def call(self, frame):
        self.handle.sendall(frame)
        return self.handle.recv(4096)
'''


def test_a_socket_returned_by_a_helper_is_named_as_it_is_kept():
    found = [f for f in check_source(RETURNED, "t.py").findings if f.code == "NAG201"]
    assert found and found[0].span.line == 9 and "`self.handle`" in found[0].message, \
        [(f.span.line, f.message) for f in found]


# A dataclass built on another: the __init__ the decorator writes takes the base's fields first,
# so `Relay(up, ctl)` gives `control` the Unix socket (which cannot stall). Not made up from the
# subclass's own fields (that bound `control` to the TCP socket: a false alarm).
RELAY = '''import socket
from dataclasses import dataclass


@dataclass
class Base:
    upstream: socket.socket


@dataclass
class Relay(Base):
    control: socket.socket

    def ask(self, head, body):
        self.control.sendall(head)
        self.control.sendall(body)
        return self.control.recv(64)


def main(address, path):
    up = socket.create_connection(address)
    ctl = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    ctl.connect(path)
    relay = Relay(up, ctl)
    for _ in range(10):
        relay.ask(b"H", b"B")
'''


def test_a_dataclass_on_a_base_gets_no_init_made_from_its_own_fields():
    assert not [code for code, _ in codes(RELAY) if code == "NAG101"]


# A holder that keeps a factory object until first use, then what it built: `self.value =
# self.value()` asks what the attribute holds while resolving it (it once recursed until the
# file could not be analysed).
LAZY = '''import socket


class Connector:
    def __call__(self):
        return socket.create_connection(("db", 5432))


class Lazy:
    def __init__(self, factory):
        self.value = factory

    def get(self):
        if callable(self.value):
            self.value = self.value()
        return self.value


lazy = Lazy(Connector())
'''


def test_an_attribute_that_calls_what_it_holds_is_analysed():
    result = check_source(LAZY, "t.py")
    assert result.error is None and result.skipped is None, result.error


# A local flag set in the branch that makes the connection (`new = True`): the handshake
# written under `if new:` goes out only on a fresh connection, whose first data is ACKed at once
# (its split: line 17); on a kept one the create request is the only write.
NEW_FLAG = '''import socket

sockets = {{}}


def send(circuit, data):
    sockets[circuit].sendall(data)


def make_channel(circuit, address, name):
    new = False
    if circuit not in sockets:
        new = True
        sockets[circuit] = socket.create_connection(address)
    if {test}:
        send(circuit, b"version")
        send(circuit, b"host")
    send(circuit, b"create " + name)
    return sockets[circuit].recv(4096)
'''


@pytest.mark.parametrize("test, split", [("new", False), ("not new", True), ("circuit", True)])
def test_a_local_flag_set_where_the_connection_is_made_follows_its_path(test, split):
    found = codes(NEW_FLAG.format(test=test))
    assert any(code == "NAG101" for code, _ in found) is split, found


# A local reply left None on the branch that writes something else (a banner), and written
# under `if reply:`: that path writes once; the branch that sets it writes it alone.
REPLY_FLAG = '''import socket


def serve(port):
    listener = socket.create_server(("", port))
    conn, _ = listener.accept()
    while True:
        request = conn.recv(1024)
        reply = None
        if request == b"hello":
            conn.sendall(b"banner\\r\\n")
        {other}
        if {test}:
            conn.sendall(reply)
'''


@pytest.mark.parametrize("other, test, split", [
    ("elif request == b'ping':\n            reply = b'pong'", "reply", False),
    ("elif request == b'ping':\n            reply = b'pong'", "reply is not None", False),
    ("reply = b'pong'", "reply", True),  # (set on the banner's path too)
    ("elif request == b'ping':\n            reply = b'pong'", "request", True),
])
def test_a_local_reply_left_none_where_another_write_is_made_is_not_written(other, test, split):
    found = codes(REPLY_FLAG.format(other=other, test=test))
    assert any(code == "NAG102" for code, _ in found) is split, found


# A brick reached over Bluetooth or over Wi-Fi: the attribute holds an AF_BLUETOOTH socket on
# one path and a TCP one on the other. The Bluetooth socket cannot stall; the TCP path is judged
# on its own connection (NAG201 at line 10).
TWO_LINKS = '''import socket


class Brick:
    def __init__(self, protocol, host):
        if protocol == "bluetooth":
            self._socket = socket.socket({family}, socket.SOCK_STREAM, socket.BTPROTO_RFCOMM)
            self._socket.connect((host, 1))
        else:
            self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self._socket.connect((host, 5555))

    def send_direct_cmd(self, ops):
        self._socket.send(ops)
        return self._socket.recv(1024)
'''


def test_an_attribute_that_holds_a_bluetooth_or_a_tcp_socket_is_judged_on_the_tcp_path():
    assert codes(TWO_LINKS.format(family="socket.AF_BLUETOOTH")) == [("NAG201", 10)]


# `ready = []` on the path where select() is not called, then `for conn in ready:`: the empty
# list holds no other connection, so the iterated ones are those select() picks from clients.
SELECT_PLACEHOLDER = '''import select
import socket


class Server:
    def __init__(self, port):
        self.sock = socket.create_server(("", port))
        self.clients = []

    def run(self):
        while True:
            client, _ = self.sock.accept()
            self.clients.append(client)
            {placeholder}
            if self.clients:
                ready, _, _ = select.select(self.clients, [], [], 0)
            for conn in ready:
                conn.send(conn.recv(1024))
'''


@pytest.mark.parametrize("placeholder", ["ready = []", "ready = list()", "pass"])
def test_an_empty_list_before_select_is_no_other_connection(placeholder):
    assert codes(SELECT_PLACEHOLDER.format(placeholder=placeholder)) == [("NAG202", 12)]


# TCP_NODELAY set on a socketserver server's listening socket before it binds (`srv.socket.
# setsockopt(...)`, or in a server class of ours): the connections it accepts inherit it on Linux.
LISTENER_NODELAY = '''import socket
from socketserver import BaseRequestHandler, ThreadingTCPServer


class Service(BaseRequestHandler):
    def handle(self):
        while True:
            data = self.request.recv(256)
            if not data:
                break
            self.request.send(data[:2])
            self.request.send(data[2:])


class Server:
    def start(self):
        self._service = ThreadingTCPServer(("", 502), Service, bind_and_activate=False)
        self._service.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, {value})
        self._service.server_bind()
        self._service.server_activate()
        self._service.serve_forever()
'''


@pytest.mark.parametrize("value, expected", [("1", []), ("0", [("NAG202", 5), ("NAG102", 12)])])
def test_tcp_nodelay_on_a_socketserver_listener_is_inherited_by_its_handlers(value, expected):
    assert codes(LISTENER_NODELAY.format(value=value)) == expected


def test_option_1_at_the_socket_level_is_no_tcp_nodelay():
    source = LISTENER_NODELAY.format(value=1).replace("socket.IPPROTO_TCP, socket.TCP_NODELAY", "socket.SOL_SOCKET, 1")
    assert codes(source) == [("NAG202", 5), ("NAG102", 12)]  # (SO_DEBUG: option 1 at SOL_SOCKET)


def test_tcp_nodelay_set_by_a_server_class_of_ours_is_inherited_by_its_handlers():
    source = LISTENER_NODELAY.format(value=0) + '''

class FastServer(ThreadingTCPServer):
    def server_bind(self):
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().server_bind()


def serve():
    FastServer(("", 502), Service).serve_forever()
'''
    assert codes(source) == []


# An event loop's reader callback: `loop.add_reader(sock, self.readable, sock)` calls readable()
# with the accepted socket each time a request arrives, a loop of exchanges on it (NAG202 at
# line 14). A `while payload is not None:` whose body ends with `payload = None` runs once: no
# write loop.
ADD_READER = '''import asyncio
import socket


class Agent:
    def __init__(self, port):
        self._loop = asyncio.new_event_loop()
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.bind(("", port))
        self._listener.listen(5)
        self._loop.add_reader(self._listener, self.accept)

    def accept(self):
        sock, addr = self._listener.accept()
        self._loop.add_reader(sock, self.readable, sock){nodelay}

    def readable(self, sock):
        payload = sock.recv(65536)
        while payload is not None:
            sock.sendall(b"ok:" + payload)
            payload = None
'''


@pytest.mark.parametrize("nodelay, expected", [
    ("", [("NAG202", 14)]),
    ("\n        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)", []),
])
def test_a_reader_callback_the_loop_calls_with_the_socket_serves_it(nodelay, expected):
    assert codes(ADD_READER.format(nodelay=nodelay)) == expected


def test_a_while_loop_that_clears_its_test_at_the_end_runs_once():
    again = ADD_READER.format(nodelay="").replace("            payload = None", "            payload = payload[1:] or None")
    assert ("NAG103", 20) in codes(again)  # (a loop that goes round while something is left)
    assert ("NAG103", 20) not in codes(ADD_READER.format(nodelay=""))


# A base class's send() keeps what `self._open()` returns; a subclass overrides _open() to make
# the connection, answer one handshake and return it. The base's walk for the subclass shows
# what follows: audio written, nothing read (one exchange); a base that reads replies later
# makes it request/response (NAG201 where it is made).
TEMPLATE_OPEN = '''import socket


class Sender:
    def __init__(self):
        self._sock = None

    def _open(self):
        raise NotImplementedError

    def send(self, data):
        if self._sock is None:
            self._sock = self._open()
        self._sock.sendall(data){more}


class IcecastSender(Sender):
    def __init__(self, host, port):
        super().__init__()
        self.host, self.port = host, port

    def _open(self):
        sock = socket.create_connection((self.host, self.port))
        sock.sendall(b"PUT /stream HTTP/1.1\\r\\n\\r\\n")
        sock.recv(4096)
        return sock
'''


@pytest.mark.parametrize("more, expected", [("", []), ("\n        return self._sock.recv(16)", [("NAG201", 24)])])
def test_a_connection_a_subclass_override_returns_to_the_base_is_judged_by_the_base(more, expected):
    assert codes(TEMPLATE_OPEN.format(more=more)) == expected


# A reader thread puts what the socket receives on a queue; a helper takes the reply from it
# (`return self.q.get(timeout=5)`): that is the reply read, so a request sent again after a 401
# is a second request, not a piece of the first; two writes before the read are a split.
QUEUED_REPLY = '''import queue, socket, threading


class Client:
    def __init__(self, host, port):
        self.s = socket.create_connection((host, port))
        self.q = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        while True:
            chunk = self.s.recv(4096)
            if not chunk:
                return
            self.q.put(chunk)

    def _read(self):
        return self.q.get(timeout=5)

    def _send(self, msg):
        self.s.sendall(msg){more}
        return self._read()

    def request(self, msg):
        r = self._send(msg)
        if r.startswith(b"401"):
            r = self._send(msg)
        return r
'''


@pytest.mark.parametrize("more, split", [("", False), ("\n        self.s.sendall(b'\\r\\n')", True)])
def test_a_reply_a_helper_takes_from_a_reader_threads_queue_is_read(more, split):
    found = codes(QUEUED_REPLY.format(more=more))
    assert ("NAG201", 6) in found and any(code == "NAG101" for code, _ in found) is split, found


# A connection class defined in the body of the class that uses it (`self._Connection(...)`):
# its methods are walked, and the instance is built from it (NAG201 at line 7).
NESTED_CLASS = '''import socket


class Transport:
    class _Connection:
        def __init__(self, host, port):
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.sock.connect((host, port))

        def ask(self, message):
            self.sock.sendall(message)
            return self.sock.recv(4096)

    def __init__(self, host, port):
        self.conn = self._Connection(host, port)

    def submit(self, messages):
        return [self.conn.ask(m) for m in messages]
'''


def test_a_class_defined_in_a_class_body_is_followed():
    assert codes(NESTED_CLASS) == [("NAG201", 7)]


# A list, set or dict comprehension that calls a request helper for each item is a loop: its
# exchanges share one kept connection (NAG201 at line 5, the helper's split at line 11), and a
# comprehension of writes is a write loop (NAG103).
COMPREHENSION = '''import socket


def run(host, items):
    sock = socket.create_connection((host, 9000))
    return {comprehension}


def query(sock, item):
    sock.sendall(b"GET ")
    sock.sendall(item)
    return sock.recv(100)
'''


@pytest.mark.parametrize("comprehension, expected", [
    ("[query(sock, item) for item in items if item]", [("NAG201", 5), ("NAG101", 11)]),
    ("{item: query(sock, item) for item in items}", [("NAG201", 5), ("NAG101", 11)]),
    ("query(sock, items[0])", []),  # (one exchange on a fresh connection)
])
def test_a_comprehension_of_requests_is_a_loop_of_exchanges(comprehension, expected):
    assert codes(COMPREHENSION.format(comprehension=comprehension)) == expected


def test_a_comprehension_of_writes_is_a_write_loop():
    source = '''import socket


def run(host, pieces):
    sock = socket.create_connection((host, 9000))
    sock.sendall(b"HELLO")
    sock.recv(10)
    [sock.send(piece) for piece in pieces]
    return sock.recv(10)
'''
    assert ("NAG103", 8) in codes(source)


# A socket subclass of ours with a method of its own that writes and reads on self: a call of it
# on a socket built from the class runs its body with self that socket (the split: line 10).
FRAMED_SOCKET = '''import socket


class FramedSocket(socket.socket):
    def __init__(self, proto=0, fileno=None):
        super().__init__(socket.AF_INET, socket.SOCK_STREAM, proto, fileno)

    def call(self, payload):
        self.sendall(len(payload).to_bytes(4, "big"))
        {second}
        return self.recv(4096)


def main():
    s = FramedSocket()
    s.connect(("localhost", 9000)){nodelay}
    while True:
        s.call(b"ping")
'''


@pytest.mark.parametrize("second, nodelay, expected", [
    ("super().sendall(payload)", "", [("NAG101", 10), ("NAG201", 15)]),
    ("pass", "", [("NAG201", 15)]),
    ("self.sendall(payload)", "\n    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)", []),
])
def test_a_method_of_a_socket_subclass_runs_on_the_socket_it_is_called_on(second, nodelay, expected):
    assert codes(FRAMED_SOCKET.format(second=second, nodelay=nodelay)) == expected


# ssl.SSLSocket's own write() and read(): one record written, a read (a plain socket has neither).
TLS_WRITE = '''import socket
import ssl


class Client:
    def __init__(self, host, port):
        raw = socket.create_connection((host, port))
        self.conn = {wrapped}

    def attach(self, session):
        self.conn.write(b"ATTACH\\r\\n")
        self.conn.write(session.encode() + b"\\r\\n")
        return self.conn.read(64)
'''


@pytest.mark.parametrize("wrapped, expected", [
    ("ssl.create_default_context().wrap_socket(raw, server_hostname=host)", [("NAG201", 7), ("NAG101", 12)]),
    ("raw", []),  # (no TLS in the module: `write` is no socket method)
])
def test_an_ssl_sockets_write_and_read_are_a_write_and_a_read(wrapped, expected):
    assert codes(TLS_WRITE.format(wrapped=wrapped)) == expected


# An IRC bot's handler: an `if`/`elif` chain on the command, then another chain on it with
# other constants. At most one branch of the two runs, so the PONG and the JOIN are never one
# request in two pieces (line 19); a second chain that can match the first's constant can.
IRC_CHAINS = '''import socket


class Bot:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 6667))

    def send(self, line):
        self.sock.sendall(line.encode() + b"\\r\\n")

    def run(self):
        while True:
            cmd = self.sock.recv(512).split()[0]
            if cmd == b"PING":
                self.send("PONG")
            elif cmd == b"PONG":
                self.alive = True
            if cmd == {second}:
                self.send("JOIN #a")
            elif cmd == b"433":
                self.send("NICK b")
'''


@pytest.mark.parametrize("second, split", [('b"001"', False), ('b"PING"', True)])
def test_two_if_elif_chains_on_one_name_with_other_constants_run_one_branch(second, split):
    found = codes(IRC_CHAINS.format(second=second))
    assert (("NAG101", 19) in found) is split, found


# `a() if c else b()`, each arm a write: one of them runs (line 9 is one response).
@pytest.mark.parametrize("statement, split", [
    ("conn.sendall(b'yes') if request else conn.sendall(b'no')", False),
    ("sent = conn.send(b'yes') if request else conn.send(b'no')", False),
    ("conn.sendall(b'yes') if request else conn.sendall(b'no'); conn.sendall(b'!')", True),
])
def test_a_conditional_expression_runs_one_arm(statement, split):
    source = f'''import socket


def serve(port):
    listener = socket.create_server(("", port))
    conn, _ = listener.accept()
    while True:
        request = conn.recv(1024)
        {statement}
'''
    found = codes(source)
    assert any(code == "NAG102" for code, _ in found) is split, found


# A @contextmanager of ours opens a session (a greeting answered), then yields: the `with` body
# runs at the yield, on a connection that has carried an exchange, and what follows the yield
# (the close) runs after the body. Yielded as the socket, or as a wrapper object of ours whose
# property hands out the socket (`c.conn`).
SESSION = '''import contextlib
import socket


class Link:
    def __init__(self, address):
        self.__sock = socket.create_connection(address)

    @property
    def conn(self):
        return self.__sock

    def read_reply(self):
        return self.conn.recv(4)


class Client:
    def __init__(self, address):
        self.address = address

    @contextlib.contextmanager
    def _session(self):
        c = Link(self.address)
        try:
            c.conn.sendall(b"HELLO\\r\\n")
            c.read_reply()
            yield {yielded}
        finally:
            c.conn.close()

    def put(self, items):
        with self._session() as s:
            for item in items:
                {write}
            return {read}
'''


@pytest.mark.parametrize("yielded, write, read", [
    ("c.conn", "s.sendall(item)", "s.recv(4)"),
    ("c", "s.conn.sendall(item)", "s.read_reply()"),
])
def test_a_with_on_a_contextmanager_of_ours_runs_its_body_at_the_yield(yielded, write, read):
    found = codes(SESSION.format(yielded=yielded, write=write, read=read))
    assert ("NAG103", 34) in found, found


# asyncio.start_server(cb, sock=sock) given a listener made with protocol 0: asyncio sets no
# TCP_NODELAY on what it accepts (it asks for sock.proto == IPPROTO_TCP). The listener reaches
# start_server as a method's parameter (the held piece: line 15).
SOCK_SERVER = '''import asyncio
import socket


class Context:
    async def serve(self, sock):
        await asyncio.start_server(self.handle, sock=sock)

    async def handle(self, reader, writer):
        while True:
            data = await reader.read(4096)
            if not data:
                break
            writer.write(b"header16bytes...")
            writer.write(data)

    async def run(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, {proto})
        await self.serve(sock)
'''


@pytest.mark.parametrize("proto, split", [("0", True), ("socket.IPPROTO_TCP", False)])
def test_a_listener_handed_to_start_server_through_a_parameter_keeps_its_protocol(proto, split):
    assert (("NAG102", 15) in codes(SOCK_SERVER.format(proto=proto))) is split


# A library's handler base class around a wrapper that can also dial out (`Wire.open()`): with
# no handle() of its own, socketserver's does nothing with the request; a subclass's answers.
WIRE = '''class Wire:
    def __init__(self, sock):
        self._sock = sock

    @classmethod
    def open(cls, address):
        return cls(socket.create_connection(address))
{method}
    def read(self, n):
        return self._sock.recv(n)

    def send(self, data):
        self._sock.sendall(data)
'''
HANDLER_BASE = "import socket\nfrom socketserver import BaseRequestHandler\n\n\n" + WIRE.format(method="") + '''

class WireHandler(BaseRequestHandler):
    _wire = None

    @property
    def wire(self):
        if self._wire is None:
            self._wire = Wire(self.request)
        return self._wire
{subclass}'''


@pytest.mark.parametrize("subclass, served", [
    ("", False),
    ("\n\nclass EchoHandler(WireHandler):\n    def handle(self):\n        while self.wire.read(4):\n"
     "            self.wire.send(b'ok')\n", True),
])
def test_a_handler_base_with_no_handle_serves_no_request(subclass, served):
    found = codes(HANDLER_BASE.format(subclass=subclass))
    assert ("NAG201", 11) in found  # (the wrapper's own client connection, either way)
    assert (("NAG202", 20) in found) is served, found


# A wrapper whose secure() wraps its socket in TLS before its read() method in the file: the
# reply named is what read() reads (line 16), not the handshake (line 13).
def test_the_reply_named_is_a_read_not_a_tls_handshake():
    source = "import socket\n\n\n" + WIRE.format(
        method="\n    def secure(self, context):\n        self._sock = context.wrap_socket(self._sock)\n")
    [finding] = check_source(source, "wire.py").findings
    assert finding.code == "NAG201" and "reply read at line 16" in finding.message, finding.message


# A reply helper whose extra write runs only for `more=True`, tested beside an attribute
# (`if not self.single and more:`): the login's call with the default writes one piece.
FLAG_AND_ATTR = '''import socket


class Console:
    def __init__(self, address, secret):
        self.conn = socket.create_connection(address)
        self.single = False
        self.conn.sendall(b"AUTH " + secret)
        self.answer()

    def run(self, cmd):
        self.conn.sendall(b"EXEC " + cmd)
        return self.answer({more})

    def answer(self, more=False):
        if {test}:
            self.conn.sendall(b"MARK")
        return self.conn.recv(4096)
'''


@pytest.mark.parametrize("more, test, login_split", [
    ("more=True", "not self.single and more", False),  # (more=False decides the `and`)
    ("more=True", "more and not self.single", False),
    ("", "self.single and more", False),
    ("more=True", "more or self.single", True),  # (False or an attribute: not known)
])
def test_a_literal_argument_decides_and_or_tests(more, test, login_split):
    findings = check_source(FLAG_AND_ATTR.format(more=more, test=test), "t.py").findings
    assert any(f.code == "NAG201" for f in findings)
    # (the login's AUTH, line 8, then a MARK)
    assert any(f.code == "NAG101" and "1st at line 8," in f.message for f in findings) is login_split


# `from socket import socket` in one method, `import socket` in another: `socket.socket()`
# there is the module's (the connection at line 13).
def test_a_function_local_from_import_does_not_rename_the_module_elsewhere():
    source = '''class Link:
    def __init__(self, pick_port=False):
        self.port = 20500
        if pick_port:
            from socket import socket
            with socket() as s:
                s.bind(("", 0))
                self.port = s.getsockname()[1]

    def connect(self, host):
        import socket

        self.com = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.com.connect((host, self.port))

    def ask(self, line, item):
        self.com.send(line)
        self.com.send(item)
        return self.com.recv(4096)
'''
    assert ("NAG201", 13) in codes(source) and ("NAG101", 18) in codes(source)


# An unbuffered read-write makefile sends each write() at once: two pieces (line 10).
@pytest.mark.parametrize("buffering, split", [("0", True), ("-1", False)])
def test_an_unbuffered_read_write_makefile_writes_each_piece(buffering, split):
    source = f'''import socket


class Conn:
    def __init__(self, address):
        self.sock = socket.create_connection(address)
        self.stream = self.sock.makefile("rwb", buffering={buffering})

    def set(self, key, value):
        self.stream.write(b"set " + key + b"\\r\\n")
        self.stream.write(value)
        self.stream.flush()
        return self.stream.readline()
'''
    assert (("NAG101", 11) in codes(source)) is split, codes(source)


# A write retried whole only when it raised (line 13), through a bound alias of sendall: one
# message per call, and the alias is named as the socket it is bound to.
RETRIED = '''import socket


class Transport:
    def connect(self, address):
        self._sock = socket.create_connection(address)
        self._send = self._sock.sendall

    def send(self, data):
{loop}
            try:
                self._send(data)
                {leave}
            except OSError:
                continue

    def receive(self):
        return self._sock.recv(4096)
'''


@pytest.mark.parametrize("loop, leave, write_loop", [
    ("        sent = False\n        while not sent:", "sent = True", False),
    ("        while True:", "break", False),
    ("        sent = False\n        while not sent:", "sent = False", True),  # (it never leaves: a write per turn)
])
def test_a_write_retried_only_when_it_raised_is_one_message(loop, leave, write_loop):
    source = RETRIED.format(loop=loop, leave=leave)
    findings = check_source(source, "t.py").findings
    loops = [f for f in findings if f.code == "NAG103"]
    assert bool(loops) is write_loop, findings
    assert all("`self._sock`" in f.message for f in loops)


# A drain loop (line 15) hands each queued command to a dispatcher whose branches each write one
# message through a helper that loops only to finish a partial send: one write loop, shown at
# the drain loop's call, not one per branch.
def test_a_write_loop_through_a_partial_send_helper_is_shown_once_at_its_loop():
    source = '''import select
import socket


class Bot:
    def __init__(self, address):
        self.sock = socket.create_connection(address)
        self.queue = []

    def run(self):
        while True:
            while self.queue:
                self.treat(self.queue.pop(0))
            if select.select([self.sock], [], [], 0.1)[0]:
                self.sock.recv(4096)

    def treat(self, cmd):
        if cmd[0] == "move":
            self.send_message(b"MOVE " + cmd[1])
        elif cmd[0] == "text":
            self.send_message(b"TEXT " + cmd[1])

    def send_message(self, packet):
        while packet:
            sent = self.sock.send(packet)
            packet = packet[sent:]
'''
    assert [line for code, line in codes(source) if code == "NAG103"] == [13]


# telnetlib's client: a kept TCP connection (line 6), write() one sendall(), read_until() and
# expect() the answer; TCP_NODELAY goes on its `.sock` (or get_socket()) once it is connected.
TELNET = '''import socket
import telnetlib


class Console:
    def __init__(self, host):
        self.tn = telnetlib.Telnet({args}){nodelay}

    def ask(self, cmd):
        self.tn.write(cmd){more}
        return self.tn.read_until(b"> ")
'''
SOCK_NODELAY = "\n        self.tn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)"
GETTER_NODELAY = "\n        self.tn.get_socket().setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)"
OPENED = "\n        self.tn.open(host, 23)"


@pytest.mark.parametrize("args, nodelay, more, expected", [
    ("host, 23", "", "", [("NAG201", 7)]),
    ("host, 23", "", "\n        self.tn.write(b'\\r\\n')", [("NAG201", 7), ("NAG101", 11)]),
    ("", OPENED, "\n        self.tn.write(b'\\r\\n')", [("NAG201", 7), ("NAG101", 12)]),  # (connected by open())
    ("host, 23", SOCK_NODELAY, "\n        self.tn.write(b'\\r\\n')", []),
    ("host, 23", GETTER_NODELAY, "", []),
])
def test_a_telnetlib_client_is_a_kept_tcp_connection(args, nodelay, more, expected):
    result = check_source(TELNET.format(args=args, nodelay=nodelay, more=more), "t.py")
    assert [(f.code, f.span.line) for f in result.findings] == expected
    # (no setsockopt() on the Telnet object: the message says where, no fix writes it)
    assert all(fix.strategy != "nodelay" for f in result.findings for fix in f.fixes)
    assert all("`.sock`" in f.message for f in result.findings if f.code == "NAG201")


@pytest.mark.parametrize("imported, made", [
    ("from telnetlib3 import Telnet", "Telnet(host, 23)"),  # (the package exports its copy of telnetlib)
    ("from telnetlib3.telnetlib import Telnet", "Telnet(host, 23)"),
    ("import telnetlib3", "telnetlib3.Telnet(host, 23)")])
def test_telnetlib3s_copy_of_telnetlib_is_the_telnet_client(imported, made):
    source = TELNET.format(args="host, 23", nodelay="", more="").replace("import telnetlib\n", imported + "\n")
    assert codes(source.replace("telnetlib.Telnet(host, 23)", made)) == [("NAG201", 7)]


# multiprocessing.connection over TCP: a (host, port) address or family='AF_INET' makes the
# Connection a kept TCP connection (line 7); send() and send_bytes() write one piece each, recv()
# reads; TCP_NODELAY goes on a duplicate of its socket, `socket.fromfd(conn.fileno(), ...)`.
MP_CLIENT = '''import socket
from multiprocessing.connection import Client


class Link:
    def __init__(self, address):
        self.conn = Client({address}){nodelay}

    def call(self, name, args):
        self.conn.send_bytes(name){more}
        return self.conn.recv()
'''
MP_NODELAY = ("\n        with socket.fromfd(self.conn.fileno(), socket.AF_INET, socket.SOCK_STREAM) as dup:"
              "\n            dup.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)")


@pytest.mark.parametrize("address, nodelay, more, expected", [
    ("('localhost', 6000), authkey=b'k'", "", "", [("NAG201", 7)]),
    ("('localhost', 6000)", "", "\n        self.conn.send(args)", [("NAG201", 7), ("NAG101", 11)]),
    ("address, family='AF_INET'", "", "\n        self.conn.send(args)", [("NAG201", 7), ("NAG101", 11)]),
    ("('localhost', 6000)", MP_NODELAY, "\n        self.conn.send(args)", []),  # (the duplicate's close keeps it)
    ("address", "", "\n        self.conn.send(args)", []),  # a path or a pipe name: AF_UNIX, or unknown
    ("'/run/app.sock'", "", "\n        self.conn.send(args)", []),
    ("address, family='AF_UNIX'", "", "\n        self.conn.send(args)", []),
])
def test_a_multiprocessing_client_on_a_tcp_address_is_a_kept_tcp_connection(address, nodelay, more, expected):
    result = check_source(MP_CLIENT.format(address=address, nodelay=nodelay, more=more), "t.py")
    assert [(f.code, f.span.line) for f in result.findings] == expected
    # (a Connection has no setsockopt(): the message says how, and no fix writes one)
    assert all(not f.fixes for f in result.findings)
    assert all("socket.fromfd(self.conn.fileno()" in f.message for f in result.findings if f.code == "NAG201")


def test_a_multiprocessing_listener_on_a_tcp_address_serves_kept_connections():
    source = '''from multiprocessing.connection import Listener


def serve(host="localhost", port=6000):
    address = (host, port)
    with Listener(address, authkey=b"k") as listener:
        conn = listener.accept()
        while True:
            request = conn.recv()
            conn.send(len(request))
            conn.send(b"done")


def serve_unix(path):
    with Listener(path) as listener:
        conn = listener.accept()
        while True:
            conn.recv()
            conn.send(b"a")
            conn.send(b"b")
'''
    assert codes(source) == [("NAG202", 7), ("NAG102", 11)]


def test_a_telnet_session_of_one_command_is_one_exchange():
    source = '''import telnetlib


def status(host):
    tn = telnetlib.Telnet(host)
    tn.write(b"status\\n")
    answer = tn.read_until(b"\\n")
    tn.close()
    return answer
'''
    assert codes(source) == []


# A one-way log shipper whose TLS subclass wraps the socket in open(): the handshake reads
# the server's part of TLS, no answer to what transmit() writes; reading replies makes it one.
TLS_SHIPPER = '''import socket
import ssl


class Plain:
    def __init__(self, address):
        self.address = address
        self.open()

    def open(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect(self.address)

    def transmit(self, message):
        self.sock.sendall(message){reply}


class Tls(Plain):
    def open(self):
        super().open()
        context = ssl.create_default_context()
        self.sock = context.wrap_socket(self.sock, server_hostname=self.address[0])
'''


@pytest.mark.parametrize("reply, reported", [("", False), ("\n        return self.sock.recv(64)", True)])
def test_a_tls_handshake_is_no_reply_to_a_write_only_transport(reply, reported):
    assert (("NAG201", 11) in codes(TLS_SHIPPER.format(reply=reply))) is reported


# A StreamRequestHandler speaking its own protocol, whose `protocol_version` names it: ICAP/1.0
# keeps the connection as HTTP/1.1 does; HTTP/1.0 closes after one response (split: line 20).
OWN_PROTOCOL = '''import socketserver


class Handler(socketserver.StreamRequestHandler):
    protocol_version = "{version}"

    def handle(self):
        self.close_connection = False
        while not self.close_connection:
            self.handle_one_request()

    def handle_one_request(self):
        if not self.rfile.readline():
            self.close_connection = True
            return
        self.respond()

    def respond(self):
        self.wfile.write(b"{version} 200 OK\\r\\n\\r\\n")
        self.wfile.write(b"5\\r\\nhello\\r\\n")
'''


@pytest.mark.parametrize("version, kept", [("ICAP/1.0", True), ("HTTP/1.0", False)])
def test_a_plain_handler_protocol_version_keeps_what_its_protocol_keeps(version, kept):
    found = codes(OWN_PROTOCOL.format(version=version))
    assert (("NAG202", 4) in found and ("NAG102", 20) in found) is kept, found


# An optional wrapper hook (default None) handed the socket: what it hands back is the same
# connection, kept by the transport the caller reads and writes (line 16).
WRAPPER_HOOK = '''from socket import create_connection


class Transport:
    def __init__(self, sock):
        self.sock = sock

    def write(self, data):
        self.sock.sendall(data)

    def read(self, n):
        return self.sock.recv(n)


def open_transport(host, port, wrapper={default}):
    sock = create_connection((host, port))
    if wrapper:
        sock = wrapper(sock)
    return Transport(sock)


def run(host, words):
    transport = open_transport(host, 8728)
    for word in words:
        transport.write(word)
        transport.read(4096)
'''


@pytest.mark.parametrize("default, reported", [("None", True), ("print", False)])
def test_an_optional_wrapper_hook_hands_back_the_same_connection(default, reported):
    assert (("NAG201", 16) in codes(WRAPPER_HOOK.format(default=default))) is reported


# A module global a function connects (`global conn, stream`), polled by another function: one
# kept connection (line 9). Without the `global`, connect()'s names are its own locals.
GLOBAL_STREAM = '''import socket

conn = None
stream = None


def connect(host, port):
    {declare}
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.connect((host, port))
    stream = conn.makefile(mode="rw")
    stream.write("?WATCH;\\n")
    stream.flush()


def poll():
    stream.write("?POLL;\\n")
    stream.flush()
    return stream.readline()
'''


@pytest.mark.parametrize("declare, kept", [("global conn, stream", True), ("pass", False)])
def test_a_module_global_assigned_in_a_function_is_the_module_name(declare, kept):
    assert (("NAG201", 9) in codes(GLOBAL_STREAM.format(declare=declare))) is kept


# A subclass makes and connects the socket, and hands it to the base's __init__, which keeps it
# as self.sock for the base's send() and receive() (the connection: line 17, or 21 where the
# module builds it and the subclass passes its arguments through).
SUPER_INIT = '''import socket


class Base:
    def __init__(self, sock):
        self.sock = sock

    def send(self, frame):
        self.sock.send(frame)

    def receive(self):
        return self.sock.recv(4096)


class Client(Base):
    def __init__(self, {params}):
{body}


def connect(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.connect((host, port))
    return Client(sock)
'''
MADE_HERE = """        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.connect((host, port))
        {call}"""


@pytest.mark.parametrize("params, body, line", [
    ("host, port", MADE_HERE.format(call="super().__init__(sock)"), 17),
    ("host, port", MADE_HERE.format(call="Base.__init__(self, sock)"), 17),
    ("*args, **kwargs", "        super().__init__(*args, **kwargs)", 21),  # (passed through: the construction's)
])
def test_a_socket_a_subclass_hands_to_its_base_init_is_the_base_attribute(params, body, line):
    assert ("NAG201", line) in codes(SUPER_INIT.format(params=params, body=body))


# A wrapper whose class defines only fill(): `self._sock.send()` reaches the socket through a
# `__getattr__` that hands it every attribute it lacks (a request in 2 pieces: NAG101 at line 21).
# A __getattr__ that returns something else forwards nothing.
FORWARDING = '''import socket


class Buffered:
    def __init__(self, raw):
        self._raw = raw

    def fill(self):
        return self._raw.recv(4096)

    def __getattr__(self, name):
        {body}


class Client:
    def __init__(self, address):
        self._sock = Buffered(socket.create_connection(address))

    def call(self, header, payload):
        self._sock.send(header)
        self._sock.send(payload)
        return self._sock.fill()
'''


@pytest.mark.parametrize("body, forwarded", [
    ("return getattr(self._raw, name)", True),
    ("return getattr(self._raw, name, None)", True),
    ("return getattr(self, '_' + name)", False),
])
def test_a_wrapper_forwarding_unknown_attributes_writes_on_its_socket(body, forwarded):
    found = codes(FORWARDING.format(body=body))
    assert (("NAG101", 21) in found) is forwarded
    assert (("NAG201", 17) in found) is forwarded


# A local rebound to the wrapper before it is kept, after a branch that may wrap it in TLS:
# the wrapper holds the connection made at line 18 (NAG201), written in 2 pieces (NAG101).
REBOUND = '''import socket
import ssl


class Wrapper:
    def __init__(self, raw):
        self._raw = raw

    def send(self, data):
        return self._raw.send(data)

    def fill(self):
        return self._raw.recv(4096)


class Client:
    def connect(self, host, secure):
        sock = socket.create_connection((host, 80))
        if secure:
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
        {rebind}

    def call(self, head, body):
        self._sock.send(head)
        self._sock.send(body)
        return self._sock.fill()
'''


@pytest.mark.parametrize("rebind", ["sock = Wrapper(sock)\n        self._sock = sock", "self._sock = Wrapper(sock)"])
def test_a_local_rebound_to_its_wrapper_keeps_the_wrapped_connection(rebind):
    found = codes(REBOUND.format(rebind=rebind))
    assert ("NAG201", 18) in found
    assert any(code == "NAG101" for code, _ in found)


# One attribute holds a TCP or a UDP socket by a flag; the UDP path acknowledges with sendto().
# A datagram is no piece of a TCP message: the TCP command after it is one piece (no NAG101).
TCP_OR_UDP = '''import socket


class Device:
    def __init__(self, address, tcp):
        self.address, self.tcp = address, tcp
        if tcp:
            self.sock = socket.create_connection(address)
        else:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def command(self, packet):
        self.sock.send(packet)
        return self.sock.recv(1024)

    def event(self):
        data = self.sock.recv(1024)
        self.sock.{ack}(b"ACK"{address})
        self.command(b"NEXT")
        return data
'''


@pytest.mark.parametrize("ack, address, split", [("sendto", ", self.address", False), ("send", "", True)])
def test_a_sendto_is_a_datagram_not_a_piece_of_a_tcp_message(ack, address, split):
    found = codes(TCP_OR_UDP.format(ack=ack, address=address))
    assert ("NAG201", 8) in found
    assert any(code == "NAG101" for code, _ in found) is split


# A write repeated until the counts it returns reach the buffer's length sends one buffer
# (gear's `while sent < len(data): sent += self.conn.send(data)`): no write loop. A loop that
# sends one item a turn is one.
COUNTED = '''import socket


class Link:
    def __init__(self, address):
        self.conn = socket.create_connection(address)

    def send(self, data):
        sent = 0
        while {test}:
            {body}

    def call(self, data):
        self.send(data)
        return self.conn.recv(4096)
'''


@pytest.mark.parametrize("test, body, loop", [
    ("sent < len(data)", "sent += self.conn.send(data)", False),
    ("sent < len(data)", "n = self.conn.send(data)\n            sent += n", False),
    ("sent < len(data)", "self.conn.send(data[sent])\n            sent += 1", True),
])
def test_a_loop_that_counts_what_one_write_sent_is_one_buffer(test, body, loop):
    found = codes(COUNTED.format(test=test, body=body))
    assert ("NAG201", 6) in found
    assert any(code == "NAG103" for code, _ in found) is loop


# A length sent by one partial-send loop, then the payload by another: two pieces of one
# request (NAG101 at the payload's send, line 15), not a write loop.
TWO_PARTIAL_SENDS = '''import socket
import struct


class Transport:
    def __init__(self, address):
        self.sock = socket.create_connection(address)

    def send(self, data):
        size, sent = struct.pack("!Q", len(data)), 0
        while sent < len(size):
            sent += self.sock.send(size[sent:])
        sent = 0
        while sent < len(data):
            sent += self.sock.send(data[sent:])

    def call(self, data):
        self.send(data)
        return self.sock.recv(8)
'''


def test_two_partial_send_loops_are_two_pieces_not_a_write_loop():
    found = codes(TWO_PARTIAL_SENDS)
    assert ("NAG101", 15) in found
    assert not any(code == "NAG103" for code, _ in found)


# A partial-send loop whose send is in a helper (`sent = self._send(self.conn, data)`, the
# helper `return conn.send(data)`) sends one buffer: the loop moves the caller's name past
# what was sent. A loop that hands the helper one item a turn is a write loop.
RETRIED_THROUGH_HELPER = '''import socket


class Link:
    def __init__(self, address):
        self.conn = socket.create_connection(address)

    @staticmethod
    def _send(conn, data):
        if isinstance(data, str):
            data = data.encode()
        return conn.send(data)

    def call(self, data):
        {loop}
        return self.conn.recv(4096)
'''


@pytest.mark.parametrize("loop, write_loop", [
    ("while data:\n            sent = self._send(self.conn, data)\n            data = data[sent:]", False),
    ("while data:\n            sent = self._send(self.conn, data=data)\n            data = data[sent:]", False),
    ("for item in data:\n            self._send(self.conn, item)", True),
])
def test_a_partial_send_loop_around_a_helper_sends_one_buffer(loop, write_loop):
    found = codes(RETRIED_THROUGH_HELPER.format(loop=loop))
    assert ("NAG201", 6) in found
    assert any(code == "NAG103" for code, _ in found) is write_loop


# A socket made in the class body (`sock = socket.socket(AF_INET, SOCK_STREAM)`) is one
# connection that every instance shares as `self.sock`: a kept client like any other. Of the
# Unix family, it has no Nagle.
CLASS_BODY_SOCKET = '''import socket


class Bot:
    sock{annotation} = socket.socket(socket.{family}, socket.SOCK_STREAM)

    def __init__(self, address):
        self.address = address

    def connect(self):
        self.sock.connect(self.address)

    def ask(self, text):
        self.sock.sendall(text.encode() + b"\\r\\n")
        return self.sock.recv(512)
'''


@pytest.mark.parametrize("annotation", ["", ": socket.socket"])
@pytest.mark.parametrize("family, kept", [("AF_INET", True), ("AF_UNIX", False)])
def test_a_socket_made_in_the_class_body_is_the_instances_connection(annotation, family, kept):
    found = codes(CLASS_BODY_SOCKET.format(annotation=annotation, family=family))
    assert (("NAG201", 5) in found) is kept
    assert all(code == "NAG201" for code, _ in found)


# A closure inside a method sees the method's `self`: the helper it calls on self
# (`def reply(): return self._read()`) reads the connection, so each command written before it
# is answered on a connection that carries many exchanges (NAG201).
CLOSURE_READS = '''import socket


class Client:
    def __init__(self, address):
        self.address = address

    def _read(self):
        return self.sock.recv(4096)

    def session(self, commands):
        self.sock = socket.create_connection(self.address)

        def reply():
            return self._read()
        for command in commands:
            self.sock.sendall(command)
            reply()
'''


def test_a_closure_calling_a_method_on_self_is_followed():
    assert codes(CLOSURE_READS) == [("NAG201", 12)]


# An asyncio relay between a bound listener's connection (made on a `socket.socket()` of
# proto 0: asyncio leaves Nagle on) and a client's, each direction a coroutine that passes on
# what `await reader.read(n)` gave: the pieces written are the peer's, relayed (NAG202 says
# so), no write loop of ours.
RELAY_TASKS = '''import asyncio
import socket


class Bind:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    async def _pipe(self, reader, writer, queue=None):
        while True:
            {source}
            if not data:
                break
            writer.write(data)
            await writer.drain()

    async def _bound(self, dst_reader, dst_writer):
        {body}

    async def run(self, port):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("", port))
        listener.listen(1)
        await asyncio.start_server(self._bound, sock=listener)
'''
AWAITED_PIPES = "await self._pipe(self.reader, dst_writer)\n        await self._pipe(dst_reader, self.writer)"
PIPE_TASKS = ("up = asyncio.create_task(self._pipe(self.reader, dst_writer))\n"
              "        down = asyncio.create_task(self._pipe(dst_reader, self.writer))\n"
              "        await asyncio.gather(up, down)")
READ_SOURCE = "data = await reader.read(65536)"
QUEUE_OR_READ = "data = await (queue.get() if queue else reader.read(65536))"


def test_an_asyncio_relay_passes_on_the_peers_pieces():
    found = check_source(RELAY_TASKS.format(source=READ_SOURCE, body=AWAITED_PIPES)).findings
    assert [f.code for f in found] == ["NAG202"]
    assert "relays what `reader` sends" in found[0].message


# Run as two tasks, the two directions run on their own, as two threads would: the writes of
# one (data from a queue or a read: not known to be relayed) never meet the reads of the other.
# Awaited one after the other, they do: a write loop, then the next request read.
@pytest.mark.parametrize("body, apart", [(PIPE_TASKS, True), (AWAITED_PIPES, False)])
def test_coroutines_run_as_tasks_are_walked_apart(body, apart):
    found = check_source(RELAY_TASKS.format(source=QUEUE_OR_READ, body=body)).findings
    assert any(f.code == "NAG103" for f in found) is not apart


# `self.conn, addr = self._accept()` where the helper returns `self.listener.accept()`: the
# first item is the accepted connection, answered request after request (NAG202 at the
# accept), as when the pair is unpacked from `accept()` itself.
ACCEPT_HELPER = '''import socket


class Server:
    def __init__(self, port):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("", port))
        self.listener.listen(5)

    def _accept(self):
        return {accept}

    def serve(self):
        while True:
            self.conn, addr = self._accept()
            while True:
                request = self.conn.recv(1024)
                if not request:
                    break
                self.conn.sendall(request.upper())
'''


WAIT_AND_ACCEPT = "\n    def _wait_and_accept(self):\n        return self.listener.accept()\n"


@pytest.mark.parametrize("accept, more, line", [
    ("self.listener.accept()", "", 11),
    ("self._wait_and_accept()", WAIT_AND_ACCEPT, 23),  # (one helper more in between)
])
def test_a_pair_a_helper_hands_back_from_accept_is_the_accepted_connection(accept, more, line):
    assert ("NAG202", line) in codes(ACCEPT_HELPER.format(accept=accept) + more)


# An http.client connection class whose own connect() leaves out the TCP_NODELAY of the
# base's: kept by code of ours, it carries request after request with Nagle on (NAG201); handed
# only to a urllib handler's do_open(), itself or through the factory that builds it, it serves
# one request per connection (urllib sends `Connection: close`).
PINNED = '''import http.client
import socket
import ssl
import urllib.request


class PinnedConnection(http.client.HTTPSConnection):
    def connect(self):
        context = ssl.create_default_context()
        self.sock = context.wrap_socket(socket.create_connection((self.host, self.port)),
                                        server_hostname=self.host)


class PinnedHandler(urllib.request.HTTPSHandler):
    def https_open(self, request):
        return self.do_open({opened}, request)

    def pinned(self, host, **kwargs):
        return PinnedConnection(host, **kwargs)
{kept}'''
KEPT_CONNECTION = '''

def poll(host, paths):
    conn = PinnedConnection(host)
    for path in paths:
        conn.request("GET", path)
        conn.getresponse().read()
'''


@pytest.mark.parametrize("opened, kept, reported", [
    ("PinnedConnection", "", False),
    ("self.pinned", "", False),
    ("self.pinned", KEPT_CONNECTION, True),
])
def test_a_connection_class_only_urllib_opens_serves_one_request(opened, kept, reported):
    found = codes(PINNED.format(opened=opened, kept=kept))
    assert any(code == "NAG201" for code, _ in found) is reported


# An empty write sends nothing: after it, the request is still one piece (no NAG101).
EMPTY_WRITE = '''import socket


class Link:
    def __init__(self, address):
        self.sock = socket.create_connection(address)

    def reset(self):
        self.sock.sendall({payload})

    def status(self):
        self.sock.sendall(b"STATUS")
        return self.sock.recv(16)

    def poll(self):
        self.reset()
        return self.status()
'''


@pytest.mark.parametrize("payload, split", [('b""', False), ("''", False), ('b"R"', True)])
def test_an_empty_write_is_no_piece(payload, split):
    assert any(code == "NAG101" for code, _ in codes(EMPTY_WRITE.format(payload=payload))) is split


# A transport that keeps the socket it is given, or makes one (connected by another method):
# the socket it makes is its connection (line 9), not a placeholder the given one replaces.
GIVEN_OR_MADE = '''import socket


class Transport:
    def __init__(self, sock=None):
        if sock:
            self.sock = sock
        else:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)

    def connect(self, host, port):
        self.sock.connect((host, port)){nodelay}

    def call(self, data):
        self.sock.sendall(data)
        return self.sock.recv(64)
'''


@pytest.mark.parametrize("nodelay, reported", [
    ("", True), ("\n        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)", False)])
def test_a_socket_made_beside_a_given_one_is_the_connection(nodelay, reported):
    assert (("NAG201", 9) in codes(GIVEN_OR_MADE.format(nodelay=nodelay))) is reported


# `addrinfo = None`, then looked up on some branch: the rows are getaddrinfo's SOCK_STREAM rows
# (the socket at line 9 is TCP). Without SOCK_STREAM the rows may be UDP's: not known.
ADDRINFO_NONE = '''import socket


class Connection:
    def __init__(self, host, port):
        addrinfo = None
        if not addrinfo:
            addrinfo = socket.getaddrinfo(host, port, socket.AF_INET{kind})
        self.sd = socket.socket(*addrinfo[0][:3])
        self.sd.connect(addrinfo[0][4])

    def call(self, frame):
        self.sd.sendall(frame)
        return self.sd.recv(4096)
'''


@pytest.mark.parametrize("kind, reported", [(", socket.SOCK_STREAM", True), ("", False)])
def test_rows_looked_up_after_a_none_placeholder_are_getaddrinfo_rows(kind, reported):
    assert (("NAG201", 9) in codes(ADDRINFO_NONE.format(kind=kind))) is reported


# An accepted socket handed to a module function ({start}), which wraps it in a transport class:
# the transport's `self.sock` is that server connection (NAG202 at the accept, line 21; the
# length and payload written apart, NAG102 at line 12).
HANDED_TO_SERVE_ONE = '''import socket
import struct
import threading


class Transport:
    def __init__(self, sock):
        self.sock = sock

    def send(self, data):
        self.sock.sendall(struct.pack("!Q", len(data)))
        self.sock.sendall(data)

    def receive(self):
        return self.sock.recv(8)


def serve(port):
    listener = socket.create_server(("", port))
    while True:
        conn, _ = listener.accept()
        {start}


def serve_one(conn):
    transport = Transport(conn)
    while True:
        transport.send(transport.receive())
'''


@pytest.mark.parametrize("start", [
    "serve_one(conn)", "threading.Thread(target=serve_one, args=(conn,)).start()"])
def test_a_socket_a_module_function_is_handed_is_what_it_wraps(start):
    found = codes(HANDED_TO_SERVE_ONE.format(start=start))
    assert ("NAG202", 21) in found
    assert ("NAG102", 12) in found


# A wrapper object handed to a method of the server (`self.reply(conn)`), which writes a
# response in pieces through it (NAG103 at line 23, NAG102 at line 24).
WRAPPER_ARGUMENT = '''import socket


class Conn:
    def __init__(self, sock):
        self.sock = sock

    def send_line(self, line):
        self.sock.sendall(line)


class Server:
    def serve(self, port):
        sock, _ = socket.create_server(("", port)).accept()
        conn = Conn(sock)
        while sock.recv(4096):
            self.reply({argument})

    def reply(self, conn):
        if conn is None:
            return
        for line in (b"a\\n", b"b\\n"):
            conn.send_line(line)
        conn.send_line(b".\\n")
'''


@pytest.mark.parametrize("argument, reported", [("conn", True), ("None", False)])
def test_a_wrapper_object_handed_to_a_method_writes_on_its_socket(argument, reported):
    found = codes(WRAPPER_ARGUMENT.format(argument=argument))
    assert (("NAG102", 24) in found) is reported


# Two methods keep what one factory makes (`self._socket = self._connect()` in each): two
# connections made at one line. The finding is at that line and lists it once, not again as
# "also made here".
TWO_KEEPERS = '''import socket


class Client:
    def __init__(self, host, port):
        self.addr = (host, port)
        self._socket = None

    def call(self, payload):
        self._socket.sendall(payload)
        return self._socket.recv(4096)

    def handshake(self):
        if self._socket is None:
            self._socket = self._connect()
        return self.call(b"handshake")

    def auth(self, key):
        if self._socket is None:
            self._socket = self._connect()
        return self.call(b"auth " + key)

    def _connect(self):
        return socket.create_connection(self.addr)
'''


def test_a_finding_does_not_list_its_own_line_as_also_made_here():
    result = check_source(TWO_KEEPERS, "t.py")
    found = [f for f in result.findings if f.code == "NAG201"]
    assert [f.span.line for f in found] == [24]
    assert [r for r in found[0].related if r.label == "also made here" and r.span.line == 24] == []


# tornado's TCPServer hands each accepted connection to handle_stream() as an IOStream with
# Nagle on: answered requests on it are a server connection (NAG202 at line 5), whose fix is
# set_nodelay(True) on the stream it is given.
TORNADO_SERVER = '''from tornado.tcpserver import TCPServer


class Echo(TCPServer):
    async def handle_stream(self, stream, address):{nodelay}
        while True:
            line = await stream.read_until(b"\\n")
            await stream.write(line)
'''


@pytest.mark.parametrize("nodelay, reported", [("", True), ("\n        stream.set_nodelay(True)", False)])
def test_tornado_tcpserver_streams_are_server_connections(nodelay, reported):
    result = check_source(TORNADO_SERVER.format(nodelay=nodelay), "t.py")
    found = [f for f in result.findings if f.code == "NAG202"]
    assert [f.span.line for f in found] == ([5] if reported else [])
    assert all("stream.set_nodelay(True)" in f.message for f in found)


# A drain loop: the body empties the buffer and clears the loop's own test before the write, so
# it goes round again only when another writer refilled it meanwhile (a buffer a turn): no
# NAG103 (line 19 otherwise). A loop that sends queued messages one by one is a write loop.
DRAIN = '''import io
import socket


class Conn:
    def __init__(self, sock):
        self.sock = sock
        self.buf = io.BytesIO()
        self.pending = 0

    def queue(self, data):
        self.buf.write(data)
        self.pending += len(data)

    def flush(self):
        while self.pending:
{body}

    def request(self, data):
        self.queue(data)
        self.flush()
        return self.sock.recv(4096)


c = Conn(socket.create_connection(("h", 1)))
c.request(b"GET k\\r\\n")
c.request(b"GET j\\r\\n")
'''


@pytest.mark.parametrize("body, looped", [
    ("            data = self.buf.getvalue()\n            self.buf.seek(0)\n            self.buf.truncate()\n"
     "            self.pending = 0\n            self.sock.sendall(data)", False),
    ("            data = self.buf.getvalue()\n            self.sock.sendall(data[:1])\n            self.pending -= 1",
     True),
])
def test_a_drain_loop_sends_a_buffer_a_turn(body, looped):
    found = codes(DRAIN.format(body=body))
    assert (("NAG103" in [code for code, _ in found]) is looped), found


# A connection a call makes, keeps to itself and uses for a fixed sequence of exchanges, each
# request one write made after the previous reply was read (a login, then one command): nothing
# is in flight when it writes, so Nagle never holds a request: no NAG201 (line 5 otherwise).
FIXED_SEQUENCE = '''import socket


def server_name(host, port, password):
    sock = socket.create_connection((host, port))
    key = sock.recv(4)
    sock.sendall(b"login " + password + key)
    if sock.recv(64) != b"OK":
        raise PermissionError(host)
    sock.sendall(b"get name"){more}
    name = sock.recv(1024)
    sock.close()
    return name
'''


@pytest.mark.parametrize("change, found", [
    (None, []),
    # a request in two pieces: the split, and the missing TCP_NODELAY with it
    (("{more}", "\n    sock.sendall(b\"\\r\\n\")"), [("NAG201", 5), ("NAG101", 11)]),
    # the exchanges repeated by a loop
    (("    sock.sendall(b\"get name\"){more}\n    name = sock.recv(1024)\n",
      "    for _ in range(3):\n        sock.sendall(b\"get name\")\n        name = sock.recv(1024)\n"),
     [("NAG201", 5)]),
    # the connection handed on, kept or wrapped for TLS (whose handshake comes before the login)
    (("    sock.close()\n    return name\n", "    return sock, name\n"), [("NAG201", 5)]),
    (("    key = sock.recv(4)\n", "    key = sock.recv(4)\n    CONNECTIONS.append(sock)\n"), [("NAG201", 5)]),
    (("    sock.close()\n    return name\n", "    return sock.makefile(\"rwb\")\n"), [("NAG201", 5)]),
    (("    sock.close()\n    return name\n", "    return sock.dup()\n"), [("NAG201", 5)]),
    (("    key = sock.recv(4)\n", "    sock = ssl.create_default_context().wrap_socket(sock)\n"
      "    key = sock.recv(4)\n"), [("NAG201", 5)]),
])
def test_a_fixed_sequence_of_exchanges_on_a_connection_of_its_own_is_no_risk(change, found):
    source = FIXED_SEQUENCE if change is None else FIXED_SEQUENCE.replace(*change)
    assert change is None or change[0] in FIXED_SEQUENCE
    source = source.replace("{more}", "")
    if "ssl." in source:
        source = "import ssl\n" + source
        found = [(code, line + 1) for code, line in found]
    assert codes(source) == found


# tornado's TCPClient().connect(host, port) hands back an IOStream on a new TCP connection with
# Nagle on: a kept one that carries commands is a client connection (NAG201 at line 11), whose fix
# is set_nodelay(True) on that stream (never a setsockopt: an IOStream has none, so no edit).
TORNADO_CLIENT = '''from tornado import gen
from tornado.tcpclient import TCPClient


class Client:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.tcp = TCPClient()

    async def connect(self):
        self.stream = {connect}{nodelay}

    async def command(self, *parts):
        for part in parts:
            await self.stream.write(part)
        return await self.stream.read_until(b"\\r\\n")
'''


@pytest.mark.parametrize("connect, nodelay, reported", [
    ("await self.tcp.connect(self.host, self.port)", "", True),
    ("await TCPClient().connect(self.host, self.port)", "", True),
    ("yield self.tcp.connect(self.host, self.port)", "", True),  # (a gen.coroutine's yield)
    ("await self.tcp.connect(self.host, self.port)", "\n        self.stream.set_nodelay(True)", False),
    ("await self.tcp.connect_somewhere(self.host, self.port)", "", False),  # (no TCPClient connect)
])
def test_tornado_tcpclient_streams_are_client_connections(connect, nodelay, reported):
    result = check_source(TORNADO_CLIENT.format(connect=connect, nodelay=nodelay), "t.py")
    found = [f for f in result.findings if f.code == "NAG201"]
    assert [f.span.line for f in found] == ([11] if reported else [])
    assert all("set_nodelay(True) on the stream" in f.message and not f.fixes for f in found)
    loops = [f.span.line for f in result.findings if f.code == "NAG103"]
    assert loops == ([15] if reported else [])


# A socket factory kept in an attribute (`self.creator = creator or create_connection`) and
# called through it makes the connection (line 10). A caller's hook may make any socket: then
# it is reported with no fix.
KEPT_FACTORY = '''from socket import create_connection


class Relay:
    def __init__(self, address, creator=None):
        self.address = address
        self.creator = {value}

    def connect(self):
        self.sock = self.creator(self.address)

    def command(self, line):
        self.sock.sendall(line)
        return self.sock.recv(4096)
'''


@pytest.mark.parametrize("value, reported, fixed", [
    ("create_connection", True, True), ("creator or create_connection", True, False), ("creator", False, False)])
def test_a_socket_factory_kept_in_an_attribute_makes_the_connection(value, reported, fixed):
    result = check_source(KEPT_FACTORY.format(value=value), "t.py")
    found = [f for f in result.findings if f.code == "NAG201" and f.span.line == 10]
    assert bool(found) is reported
    assert any(f.fixes for f in found) is fixed


# `pair = listener.accept()` then `Handler(pair[0])`: the handler's socket is the accepted
# connection (NAG202 at line 16); `pair[1]` is the peer's address.
PAIR_ITEM = '''import socket


class Handler:
    def __init__(self, sock):
        self.sock = sock

    def serve(self):
        while self.sock.recv(4096):
            self.sock.sendall(b"+OK")


def main():
    listener = socket.create_server(("", 7000))
    while True:
        pair = listener.accept()
        Handler(pair[{item}]).serve()
'''


@pytest.mark.parametrize("item, reported", [(0, True), (1, False)])
def test_an_item_of_an_accepted_pair_is_the_connection(item, reported):
    assert (("NAG202", 16) in codes(PAIR_ITEM.format(item=item))) is reported


# The accepted socket handed to a method that keeps it ({keep}): the kept connection answers
# requests (NAG202 at the accept, line 9). An attribute with other values of its own is not
# decided by what one method is handed.
HANDED_TO_KEEPER = '''import socket


class Server:
    def __init__(self, port):
        self.listener = socket.create_server(("", port))

    def poll(self):
        conn, addr = self.listener.accept()
        self._keep(conn, addr)

    def _keep(self, conn, addr):
        {keep}

    def serve(self, addr):
        data = {conn}.recv(4096)
        {conn}.sendall(b"R" + data)
'''


@pytest.mark.parametrize("keep, conn", [("self.pool[addr] = conn", "self.pool[addr]"),
                                        ("self.conn = conn", "self.conn")])
def test_a_socket_a_method_is_handed_and_keeps_is_the_kept_connection(keep, conn):
    assert ("NAG202", 9) in codes(HANDED_TO_KEEPER.format(keep=keep, conn=conn))


# A thread's target reads the socket it is handed itself and answers each request once, through
# a wrapper (`Request(client, data).reply(b"ok")`): one write per request, never a write loop.
READS_WHAT_IT_IS_HANDED = '''import socket
import threading


class Request:
    def __init__(self, client, data):
        self.client = client

    def reply(self, payload):
        self.client.sendall(payload)


def serve(port):
    listener = socket.create_server(("", port))
    while True:
        client, _ = listener.accept()
        threading.Thread(target=answer, args=(client,)).start()


def answer(client):
    while client.recv(4096):
        Request(client, b"").reply(b"ok")
'''


def test_a_target_that_reads_what_it_is_handed_makes_no_write_loop_of_its_replies():
    assert not any(code == "NAG103" for code, _ in codes(READS_WHAT_IT_IS_HANDED))


# A project subclass of socket.socket that hands its own parameters on to the base's
# constructor (`super().__init__(family, kind)`) is made like the socket it extends (line 12).
SOCKET_SUBCLASS = '''import socket


class CountingSocket(socket.socket):
    def __init__(self, family, kind):
        super().__init__({given})
        self.sent = 0


class Client:
    def connect(self, host, port):
        self.conn = CountingSocket(socket.AF_INET, socket.SOCK_STREAM)
        self.conn.connect((host, port))

    def call(self, pkg):
        self.conn.send(pkg)
        return self.conn.recv(16)
'''


@pytest.mark.parametrize("given, reported", [("family, kind", True), ("socket.AF_UNIX, kind", False)])
def test_a_socket_subclass_handing_its_parameters_on_is_made_like_a_socket(given, reported):
    assert (("NAG201", 12) in codes(SOCKET_SUBCLASS.format(given=given))) is reported


# A reply written in an `except` clause for the project's own exception does not follow the
# body's trailing write: no socket write raises that class, so only the state before the write
# reaches the clause (line 21 is one piece after the read of line 16, not a second after line 18).
EXCEPT_AFTER_TRAILING_WRITE = '''import socketserver


class PostError(Exception):
    pass


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        while True:
            command = self.request.recv(512)
            if not command:
                return
            self.request.sendall(b"340 send article\\r\\n")
            try:
                article = self.request.recv(65536)
                store(article)
                self.request.sendall(b"240 ok\\r\\n")
                {after}
            except {caught}:
                self.request.sendall(b"441 failed\\r\\n")


def store(article):
    if not article:
        raise PostError()
'''


@pytest.mark.parametrize("after, caught, reported", [
    ("pass", "PostError", False),
    # a call after the write may raise it, but the request was read where the body began: on
    # that path the clause's reply is the only one, and one message per path is not told apart
    ("store(article)", "PostError", False),
    # a write that raises OSError sent nothing a reply could follow: one reply or the other
    ("pass", "OSError", False),
    ("pass", "Exception", False),
])
def test_an_except_clause_for_a_project_exception_does_not_follow_a_trailing_write(after, caught, reported):
    found = codes(EXCEPT_AFTER_TRAILING_WRITE.format(after=after, caught=caught))
    assert (("NAG102", 21) in found) is reported


# A template method: a mixin's put() writes through `self._send()`, which only the handler class
# built on it defines over `self.request` (or the mixin has a stub that raises). The handler's
# get() ends with a write and put() starts with one: two pieces before the next read, reported
# where handle() calls both.
TEMPLATE_METHOD = '''import socketserver


class Framing:
{stub}
    def put(self, data):
        self._send(b"%d" % len(data))
        self._recv(2)
        self._send(data)

    def get(self):
        size = int(self._recv(64))
        self._send(b"OK")
        data = self._recv(size)
        self._send(b"OK")
        return data


class Handler({bases}):
    def _send(self, data):
        self.request.sendall(data)

    def _recv(self, n):
        return self.request.recv(n)

    def handle(self):
        self.put(self.get().upper())
'''
NO_STUB = "    pass\n"
STUB = "    def _send(self, data):\n        raise NotImplementedError\n"


@pytest.mark.parametrize("stub, bases, reported", [
    (NO_STUB, "socketserver.BaseRequestHandler, Framing", True),
    (STUB, "socketserver.BaseRequestHandler, Framing", True),
    (NO_STUB, "socketserver.BaseRequestHandler", False),  # no mixin: put() and get() are not its methods
])
def test_a_template_method_writes_through_the_step_its_subclass_defines(stub, bases, reported):
    source = TEMPLATE_METHOD.format(stub=stub, bases=bases)
    calls = source[:source.index("self.put(self.get()")].count("\n") + 1
    assert (("NAG102", calls) in codes(source)) is reported


# The socket's type is a constructor parameter, which the subclass's constructor passes as a
# literal to the base's: `super().__init__(SOCK_STREAM, host, port)` (the socket: line 6).
TYPE_FROM_SUBCLASS = '''import socket


class BaseClient:
    def __init__(self, kind, host, port):
        self.sock = socket.socket(type=kind)
        self.sock.connect((host, port))


class Client(BaseClient):
    def __init__(self, host, port):
        {init}

    def run(self, packet):
        self.sock.sendall(packet)
        return self.sock.recv(4)
'''


@pytest.mark.parametrize("init, reported", [
    ("super().__init__(socket.SOCK_STREAM, host, port)", True),
    ("BaseClient.__init__(self, socket.SOCK_STREAM, host, port)", True),
    ("super().__init__(socket.SOCK_DGRAM, host, port)", False),
])
def test_a_socket_type_handed_to_the_base_constructor_by_a_subclass(init, reported):
    assert (("NAG201", 6) in codes(TYPE_FROM_SUBCLASS.format(init=init))) is reported


# __init__ makes the socket and a public connect() connects whatever the attribute holds: that
# socket is the connection, not a placeholder for the one reconnect() makes; both are fixed.
CONNECTED_AS_MADE = '''import socket


class Client:
    def __init__(self, addr):
        self.addr = addr
        self.sock = socket.socket()

    def {connect}(self):
        self.sock.connect(self.addr)

    def reconnect(self):
        self.sock = socket.socket()
        self.sock.connect(self.addr)

    def ask(self, q):
        self.sock.sendall(q)
        return self.sock.recv(9)
'''


@pytest.mark.parametrize("connect, after_lines", [("connect", [7, 14]), ("_connect", [14])])
def test_a_socket_made_in_init_and_connected_as_it_is_gets_the_fix_too(connect, after_lines):
    result = check_source(CONNECTED_AS_MADE.format(connect=connect), "c.py")
    assert [f.code for f in result.findings] == ["NAG201"]
    source = CONNECTED_AS_MADE.format(connect=connect)
    edits = [e for fix in result.findings[0].fixes for e in fix.edits]
    # (each TCP_NODELAY line goes after the line that makes the socket, or that connects it)
    assert sorted({source.count("\n", 0, e.start) for e in edits}) == after_lines


# A keep-alive handler built on SimpleHTTPRequestHandler serves files with the stock do_GET(),
# which writes each file's headers and body apart: NAG202 at the class (line 4).
FILE_SERVER = '''from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


class StaticHandler(SimpleHTTPRequestHandler):
{body}


ThreadingHTTPServer(("", 8000), StaticHandler).serve_forever()
'''


@pytest.mark.parametrize("body, reported", [
    ('    protocol_version = "HTTP/1.1"', True),
    ('    protocol_version = "HTTP/1.1"\n\n    def do_GET(self):\n        self.log_message("GET")\n'
     '        super().do_GET()', True),
    ("    pass", False),  # HTTP/1.0: the connection closes after each response
    ('    protocol_version = "HTTP/1.1"\n    disable_nagle_algorithm = True', False),
    ('    protocol_version = "HTTP/1.1"\n\n    def do_GET(self):\n        self.send_error(404)', False),
])
def test_a_keep_alive_file_server_with_the_stock_do_get_needs_nodelay(body, reported):
    assert (("NAG202", 4) in codes(FILE_SERVER.format(body=body))) is reported


# A wrapper object a function is handed: typed by its annotation (`inst: Instrument`), in a
# function's parameter or in a constructor's that keeps it. Its writes and query are a split
# request on the instrument's kept connection (line 20, the second write).
WRAPPER_PARAMETER = '''import socket


class Instrument:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))

    def write(self, command):
        self.sock.sendall(command.encode() + b"\\n")

    def query(self, command):
        self.write(command)
        return self.sock.recv(1024)


{helper}
'''
FUNCTION_HELPER = '''def set_axis({param}, scale, position):
    inst.write(f":TIM:SCAL {{scale}}")
    inst.write(f":TIM:POS {{position}}")
    return inst.query("*OPC?")'''
KEPT_HELPER = '''class Axis:
    def __init__(self, {param}):
        self.inst = inst

    def set(self, scale, position):
        self.inst.write(f":TIM:SCAL {{scale}}")
        self.inst.write(f":TIM:POS {{position}}")
        return self.inst.query("*OPC?")'''


@pytest.mark.parametrize("helper, param, reported", [
    (FUNCTION_HELPER, "inst: Instrument", True),
    (FUNCTION_HELPER, "inst", False),
    (KEPT_HELPER, "inst: Instrument", True),
    (KEPT_HELPER, 'inst: "Instrument"', True),
])
def test_a_wrapper_parameter_is_typed_by_its_annotation(helper, param, reported):
    source = WRAPPER_PARAMETER.format(helper=helper.format(param=param))
    second = source[:source.index(":TIM:POS")].count("\n") + 1
    assert (("NAG101", second) in codes(source)) is reported


# `inst = Instrument(host, port)` runs its __init__, which connects: the writes after it are the
# new connection's first bytes, ACKed at once (no split); after one exchange they are not.
FRESH_WRAPPER = WRAPPER_PARAMETER.format(helper='''def set_axis(host, port, scale, position):
    inst = Instrument(host, port)
    {first}
    inst.write(f":TIM:SCAL {{scale}}")
    inst.write(f":TIM:POS {{position}}")
    return inst.query("*OPC?")''')


@pytest.mark.parametrize("first, reported", [("pass", False), ('inst.query("*IDN?")', True)])
def test_a_wrapper_made_in_the_function_starts_a_fresh_connection(first, reported):
    source = FRESH_WRAPPER.format(first=first)
    second = source[:source.index(":TIM:POS")].count("\n") + 1
    assert (("NAG101", second) in codes(source)) is reported


# `listener.accept()[0]` is the accepted connection (the length and the body: line 13).
ACCEPT_ITEM = '''import socket


def serve(port):
    listener = socket.create_server(("", port))
    while True:
        conn = listener.accept(){item}
        while True:
            request = conn.recv(4096)
            if not request:
                break
            conn.sendall(len(request).to_bytes(8, "big"))
            conn.sendall(request)
'''


@pytest.mark.parametrize("item, reported", [("[0]", True), ("[1]", False)])
def test_the_first_item_of_accept_is_the_connection(item, reported):
    assert (("NAG102", 13) in codes(ACCEPT_ITEM.format(item=item))) is reported


# An attribute of an object of ours a local holds: an accepted socket kept in a record put in
# a list that a worker walks (`for item in list(self.conns): s = item.sock`), or a socket
# returned inside a result object (`r.content`).
RECORD_IN_LIST = '''import socket


class Item:
    def __init__(self, sock):
        self.sock = sock


class Server:
    def __init__(self, port):
        self.listener = socket.create_server(("", port))
        self.conns = []

    def accept_loop(self):
        while True:
            sock, _ = self.listener.accept()
            self.conns.append(Item(sock))

    def worker(self):
        while True:
            for item in {walked}:
                s = item.{attr}
                request = s.recv(4096)
                s.sendall(len(request).to_bytes(8, "big"))
                s.sendall(request)
'''
RESULT_OBJECT = '''import socket


class Result:
    def __init__(self, ok, content=None):
        self.ok = ok
        self.content = content


class Device:
    def open_socket(self, address):
        s = socket.socket()
        s.connect(address)
        return Result(True, {given})

    def connect(self, address):
        r = self.open_socket(address)
        if r.ok:
            self.sock = r.content

    def query(self, frame):
        self.sock.sendall(frame)
        return self.sock.recv(1024)
'''


@pytest.mark.parametrize("walked, attr, reported", [
    ("list(self.conns)", "sock", True), ("self.conns", "sock", True), ("self.conns", "other", False)])
def test_an_attribute_of_a_record_in_a_list_is_its_socket(walked, attr, reported):
    assert (("NAG102", 25) in codes(RECORD_IN_LIST.format(walked=walked, attr=attr))) is reported


@pytest.mark.parametrize("given, reported", [("s", True), ("None", False)])
def test_an_attribute_of_a_returned_result_object_is_its_socket(given, reported):
    assert (("NAG201", 12) in codes(RESULT_OBJECT.format(given=given))) is reported


# `except TypeError:` after `send(bytes(cmd, "utf-8"))`: the error is raised before anything is
# sent, so the clause's write is the request's only piece (gps3's shape); so is it after an
# `except OSError:` clause: a send() that raises sent nothing.
ARGUMENT_ERROR_ALTERNATIVE = '''import socket


class Feed:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 2947))

    def send(self, command):
        try:
            self.sock.send(bytes(command, encoding="utf-8"))
        except {caught}:
            self.sock.send(command)

    def poll(self):
        self.send("?POLL;")
        return self.sock.recv(4096)
'''


@pytest.mark.parametrize("caught, reported", [("TypeError", False), ("(TypeError, ValueError)", False),
                                              ("OSError", False), ("Exception", False)])
def test_a_write_that_fails_on_its_argument_sent_nothing(caught, reported):
    assert (("NAG101", 12) in codes(ARGUMENT_ERROR_ALTERNATIVE.format(caught=caught))) is reported


# A pause of 50 ms or more between two writes: the first is ACKed before the second is written.
PAUSED_WRITES = '''import socket
import time


class Box:
    def __init__(self, host):
        self.interval = 0.5
        self.sock = socket.create_connection((host, 23))

    def run(self, command):
        self.sock.sendall(command)
        {pause}
        self.sock.sendall(b"\\n")
        return self.sock.recv(4096)
'''


@pytest.mark.parametrize("pause, reported", [
    ("time.sleep(0.5)", False), ("time.sleep(self.interval)", False), ("time.sleep(0.01)", True), ("pass", True)])
def test_a_pause_between_writes_lets_the_first_be_acked(pause, reported):
    assert (("NAG101", 13) in codes(PAUSED_WRITES.format(pause=pause))) is reported


# A throttled sender (an IRC bot's flood control) sleeps after each write before it writes
# again or reads: the peer's delayed ACK fires in the pause, so Nagle holds none of it and the
# write is no sign of request/response at Nagle's pace (anircbot's shape).
THROTTLED = '''import socket
import time


class Bot:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 6667))

    def say(self, line):
        try:
            if line.startswith("PONG"):
                self.sock.sendall(line.encode())
            else:
                self.sock.sendall(line.encode("utf-8"))
            self.sent = time.monotonic()
            {after}
        except OSError:
            self.sock.close()

    def listen(self):
        while True:
            print(self.sock.recv(4096))
'''


@pytest.mark.parametrize("after, reported", [
    ("time.sleep(0.5)", False),
    ("time.sleep(0.01)", True),  # too short for the delayed ACK
    ("if self.slow:\n                time.sleep(0.5)", True),  # on one path only
    ("self.sock.recv(1)\n            time.sleep(0.5)", True),  # a reply read before the pause
    ("pass", True)])
def test_a_pause_after_every_write_is_no_request_response(after, reported):
    assert (("NAG201", 7) in codes(THROTTLED.format(after=after))) is reported


# An LPR client's command helper returns before reading the ack only when asked
# (`noreceive=True`); callers that leave the flag at its default get the ack before they write
# again (pyprintlpr's shape). A branch a literal rules out never returns, and positional
# arguments after the plain parameters go to *args, never to a keyword-only parameter.
ACK_HELPER = '''import socket


class Client:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 515))

    def command(self, code, {params}):
        self.sock.sendall(bytes([code]) + {joined} + b"\\n")
        if noreceive:
            return
        if self.sock.recv(1) != b"\\0":
            raise ConnectionError("refused")

    def job(self, control):
        self.command(2, b"lp", b"")
        self.command(2, b"%d" % len(control), b"cfA001"{flag})
        self.sock.sendall(control + b"\\0")
        if self.sock.recv(1) != b"\\0":
            raise ConnectionError("refused")
'''


@pytest.mark.parametrize("params, joined, flag, split", [
    ("*args, noreceive=False", 'b" ".join(args)', "", False),
    ("*args, noreceive: bool = False", 'b" ".join(args)', "", False),
    ("a, b, noreceive=False", "a + b", "", False),
    ("a, b, noreceive=False", "a + b", ", noreceive=False", False),
    ("*args, noreceive=False", 'b" ".join(args)', ", noreceive=True", True),
    ("a, b, noreceive=True", "a + b", "", True)])
def test_a_flag_left_at_its_default_decides_the_helper(params, joined, flag, split):
    found = codes(ACK_HELPER.format(params=params, joined=joined, flag=flag))
    assert any(code == "NAG101" for code, _ in found) is split
    assert ("NAG201", 6) in found


# A set-top-box remote reads only in the handshake its constructor runs; afterwards it only
# writes (each key press as key-down then key-up): no read can follow those writes, so they are
# no request left for another method to answer (einder's shape). A read outside construction,
# or the handshake run again later, makes them one.
REMOTE = '''import socket
import struct


class Remote:
    def __init__(self, host):
        self.con = socket.create_connection((host, 5900))
        self.authorize()

    def authorize(self):
        self.con.sendall(self.con.recv(12))
        self.con.recv(2)
        self.con.sendall(struct.pack(">B", 1))
        if struct.unpack(">I", self.con.recv(4))[0] != 0:
            raise PermissionError("refused")
{more}
    def send_key(self, key):
        self.con.sendall(struct.pack(">BBxxxxH", 4, 1, key))
        self.con.sendall(struct.pack(">BBxxxxH", 4, 0, key))
'''


@pytest.mark.parametrize("more, split", [
    ("", False),
    ("\n    def status(self):\n        return self.con.recv(64)\n", True),
    ("\n    def reconnect(self, host):\n        self.con = socket.create_connection((host, 5900))\n"
     "        self.authorize()\n", True)])
def test_reads_only_while_the_object_is_built_answer_no_later_method(more, split):
    assert any(code == "NAG101" for code, _ in codes(REMOTE.format(more=more))) is split


@pytest.mark.parametrize("start", ["threading.Thread(target=self.reader).start()", "self.reader_started = self.reader"])
def test_a_reader_the_constructor_starts_runs_on(start):
    # (a reader loop handed to a thread in __init__ reads every later reply: cassandra's shape)
    source = REMOTE.format(more="\n    def reader(self):\n        while True:\n            self.con.recv(64)\n")
    source = source.replace("        self.authorize()\n", f"        self.authorize()\n        {start}\n")
    source = source.replace("import struct\n", "import struct\nimport threading\n")
    assert any(code == "NAG101" for code, _ in codes(source))


def test_a_coroutine_the_constructor_hands_to_the_loop_runs_on():
    source = REMOTE.format(more="\n    async def reader(self):\n        while True:\n            self.con.recv(64)\n")
    source = source.replace("        self.authorize()\n",
                            "        self.authorize()\n        asyncio.run_coroutine_threadsafe(self.reader(), LOOP)\n")
    source = source.replace("import struct\n", "import asyncio\nimport struct\n\nLOOP = asyncio.new_event_loop()\n")
    assert any(code == "NAG101" for code, _ in codes(source))


# A miner's API client keeps its socket on self, but reads each reply until the server closes
# the connection: one reply per connection, never a second exchange (cgminerhttpinterface,
# which connects in command(); here the constructor connects, so that command()'s write is on a
# connection that may have carried one before, and only the read decides).
UNTIL_EOF = '''import socket


class MinerApi:
    def __init__(self, host):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.host = host
        self.sock.connect((self.host, 4028))

    def _send(self, message):
        self.sock.sendall(message)

    def _receive(self):
        chunks = []
{read}
        return b"".join(chunks)

    def command(self, name):
        self._send(name.encode())
        return self._receive()
'''


@pytest.mark.parametrize("read, reported", [
    ("        chunk = 1\n        while chunk:\n            chunk = self.sock.recv(4096)\n"
     "            chunks.append(chunk)", False),
    ("        while True:\n            chunk = self.sock.recv(4096)\n            if not chunk:\n"
     "                break\n            chunks.append(chunk)", False),
    ("        while chunk := self.sock.recv(4096):\n            chunks.append(chunk)", False),
    ("        chunks.append(self.sock.makefile('rb').read())", False),
    ("        chunks.append(self.sock.recv(4096))", True),  # the server may keep it open
    ("        while True:\n            chunk = self.sock.recv(4096)\n            if not chunk:\n"
     "                break\n            chunks.append(chunk)\n            if chunk.endswith(b'\\\\0'):\n"
     "                break", True)])  # a reply that ends at its own terminator
def test_a_client_reading_each_reply_until_eof_has_one_exchange_per_connection(read, reported):
    assert (("NAG201", 6) in codes(UNTIL_EOF.format(read=read))) is reported


# A class whose __setattr__ is its own stores its socket with `self.__dict__["port"] = ...`
# (pyrsp's GDB remote link): that is `self.port`, read as `self.port` everywhere else.
INSTANCE_DICT_STORE = '''import socket


class Link:
    def __init__(self, port):
        {store} = socket.create_connection(("localhost", port))

    def __setattr__(self, name, value):
        raise AttributeError(name)

    def command(self, packet):
        self.port.sendall(packet)
        return self.port.recv(4096)
'''


@pytest.mark.parametrize("store, reported", [
    ("self.__dict__['port']", True), ("self.port", True), ("self.__dict__['other']", False)])
def test_a_store_in_the_instance_dict_is_the_attribute(store, reported):
    assert (("NAG201", 6) in codes(INSTANCE_DICT_STORE.format(store=store))) is reported


# A log shipper polls its kept connection with a zero-timeout select() and reads only to see
# whether the peer hung up (`len(sock.recv(1024)) == 0`): that read waits for nothing and drops
# what it got, so it is no reply read and no end of the queue flush before it (pyfluent's shape).
LIVENESS_PROBE = '''import select
import socket


class Shipper:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 24224))
        self.queue = []

    def send(self, record):
        self.queue.append(record)
        sock = self.sock
        readable, writable, _ = select.select([sock], [sock], [], {timeout})
        if sock in readable and {test}:
            sock.close()
            return
        if sock in writable:
            while self.queue:
                sock.sendall(self.queue.pop(0))
'''


@pytest.mark.parametrize("timeout, test, reported", [
    ("0", "len(sock.recv(1024)) == 0", False),
    ("0.0", "not sock.recv(1024)", False),
    ("0", "sock.recv(1024) == b''", False),
    ("5", "len(sock.recv(1024)) == 0", True),  # a select that waits: the read may be the reply
    ("0", "sock.recv(1024) == b'NO'", True),  # the reply's content is read
    ("0", "len(sock.recv(1024)) > 0", True)])
def test_a_liveness_probe_is_no_reply_read(timeout, test, reported):
    found = codes(LIVENESS_PROBE.format(timeout=timeout, test=test))
    assert (("NAG201", 7) in found) is reported
    assert any(code == "NAG103" for code, _ in found) is reported


# An object of ours built only to hold a stream's bound methods (`_Writer(sock.send)`, whose
# constructor keeps them: `self.send = send`), handed to a helper that writes with
# `writer.send(data)`: the writes are the stream's (managesieve3's shape).
METHOD_RECORD = '''import socket


class _Writer:
    def __init__(self, send):
        self.send = send


def _command(name, reader, writer, literals=()):
    writer.send(name + b"\\r\\n")
    for literal in literals:
        writer.send(literal)
    return reader.readline()


class Session:
    def __init__(self, host):
        self._sock = socket.socket({family}, socket.SOCK_STREAM)
        self._sock.connect(host)
        self._file = self._sock.makefile("rb")

    def _writer(self):
        return _Writer(self._sock.send)

    def authenticate(self, data):
        {made}
        return _command(b"AUTHENTICATE", self._file, writer, [data])
'''


@pytest.mark.parametrize("family, made, expected", [
    ("socket.AF_INET", "writer = self._writer()", [("NAG103", 12), ("NAG201", 18)]),
    ("socket.AF_INET", "writer = _Writer(self._sock.send)", [("NAG103", 12), ("NAG201", 18)]),
    ("socket.AF_UNIX", "writer = self._writer()", []),  # (no Nagle on a Unix socket)
    ("socket.AF_INET", "writer = _Writer(print)", []),  # (holds no method of a stream)
])
def test_a_record_of_a_streams_bound_methods_writes_the_stream(family, made, expected):
    assert sorted(codes(METHOD_RECORD.format(family=family, made=made))) == expected


# A row of getaddrinfo picked in a loop, with `[None] * 5` as the placeholder before it (the
# row is always replaced: `if addrinfo[0] is None: addrinfo = addrinfos[0]`), unpacked into the
# family, type and protocol of the socket (mysql-connector-python-rf's shape).
ROW_PLACEHOLDER = '''import socket


class MySQLTCPSocket:
    def open_connection(self, host, port):
        addrinfo = {placeholder}
        addrinfos = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM, socket.SOL_TCP)
        for info in addrinfos:
            if info[0] == socket.AF_INET:
                addrinfo = info
                break
        if addrinfo[0] is None:
            addrinfo = addrinfos[0]
        (family, socktype, proto, _, sockaddr) = addrinfo
        self.sock = socket.socket(family, socktype, proto)
        self.sock.connect(sockaddr)

    def query(self, packet):
        self.sock.sendall(packet)
        return self.sock.recv(4096)
'''


@pytest.mark.parametrize("placeholder", ["[None] * 5", "(None, None, None, None, None)", "None"])
def test_a_getaddrinfo_row_after_a_placeholder_of_nones(placeholder):
    assert codes(ROW_PLACEHOLDER.format(placeholder=placeholder)) == [("NAG201", 15)]


# `wrap_socket(sock, do_handshake_on_connect=False)` and then `do_handshake()` in a helper: the
# handshake reads the server's answer, so the packet written before it (the SSL request) and
# the one after it (the login) are not one request.
HANDSHAKE_APART = '''import socket
import ssl


class Sock:
    def open(self, host):
        self.sock = socket.create_connection((host, 3306))

    def send(self, data):
        self.sock.sendall(data)

    def recv(self):
        return self.sock.recv(4096)

    def switch_to_ssl(self, ca):
        self.sock = ssl.wrap_socket(self.sock, ca_certs=ca, do_handshake_on_connect=False)
        {handshake}


class Conn:
    def __init__(self, host):
        self._socket = Sock()
        self._socket.open(host)

    def auth(self, ssl_packet, packet, ca):
        self._socket.send(ssl_packet)
        self._socket.switch_to_ssl(ca)
        self._socket.send(packet)
        return self._socket.recv()
'''


@pytest.mark.parametrize("handshake, split", [("self.sock.do_handshake()", False), ("pass", True)])
def test_a_handshake_run_apart_from_wrap_socket_reads(handshake, split):
    assert (("NAG101", 28) in codes(HANDSHAKE_APART.format(handshake=handshake))) is split


# An http.server handler that speaks HTTP/1.1 by setting `self.protocol_version` in its own
# constructor or setup() (hg serve's shape), not as a class attribute: a kept-alive connection.
VERSION_ON_SELF = '''from http.server import BaseHTTPRequestHandler, HTTPServer


class Handler(BaseHTTPRequestHandler):
    def {method}(self, *args, **kwargs):
        self.protocol_version = {version!r}
        BaseHTTPRequestHandler.{method}(self, *args, **kwargs)

    def do_GET(self):
        body = b"hello"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    HTTPServer(("", 8000), Handler).serve_forever()
'''


@pytest.mark.parametrize("method, version, expected", [
    ("__init__", "HTTP/1.1", [("NAG202", 4), ("NAG102", 14)]),
    ("setup", "HTTP/1.1", [("NAG202", 4), ("NAG102", 14)]),
    ("__init__", "HTTP/1.0", []),  # (one request per connection)
])
def test_a_handler_speaking_http11_from_its_constructor(method, version, expected):
    assert codes(VERSION_ON_SELF.format(method=method, version=version)) == expected


def test_a_handler_whose_constructor_leaves_the_base_out_serves_nothing():
    # (a test's socketless handler, built around buffers: `Handler()`, never given a connection)
    source = VERSION_ON_SELF.format(method="__init__", version="HTTP/1.1").replace(
        "        BaseHTTPRequestHandler.__init__(self, *args, **kwargs)\n", "        self.get_called = False\n")
    assert "get_called" in source
    assert codes(source) == []


def test_a_record_of_bound_methods_is_the_callers_stream_on_each_call():
    # (the same `_Writer(sock.send)` line, called first with a Unix socket, then with a TCP one)
    source = """import socket


class _Writer:
    def __init__(self, send):
        self.send = send


def _command(writer, reader, name, literal):
    writer.send(name)
    writer.send(literal)
    return reader.recv(100)


def run(sock, name):
    writer = _Writer(sock.send)
    return _command(writer, sock, name, b"x")


def main(host):
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    unix.connect("/run/s.sock")
    run(unix, b"a")
    tcp = socket.create_connection((host, 1))
    while True:
        run(tcp, b"b")
"""
    assert sorted(codes(source)) == [("NAG101", 11), ("NAG201", 24)]


# A socketserver handler that answers once: it reads the greeting, writes its one answer, reads
# what follows and closes (a SOCKS5 honeypot: the method choice, then the login, never answered).
ONE_ANSWER_HANDLER = '''import socketserver


class Greeting(socketserver.StreamRequestHandler):
    def handle(self):
        version, count = self.connection.recv(2)
        methods = self.connection.recv(count)
        if 2 in methods:
            self.connection.sendall(b"\\x05\\x02")
            self.check_login()
        self.server.close_request(self.request)

    def check_login(self):
        size = self.connection.recv(1)[0]
        print(self.connection.recv(size))
        {after}


def main():
    socketserver.ThreadingTCPServer(("", 1080), Greeting).serve_forever()
'''


@pytest.mark.parametrize("after, reported", [
    ("pass", False),
    ("self.connection.sendall(b'\\x01\\x01')", True),  # a second answer
])
def test_a_handler_that_answers_once_makes_no_request_response(after, reported):
    assert (("NAG202", 4) in codes(ONE_ANSWER_HANDLER.format(after=after))) is reported


# A close inside `try: ... except Exception: pass` ends the connection on both paths: the
# one-way teardown written before it is no request waiting for a reply (py4j's shape).
QUIET_CLOSE = '''import socket


class Conn:
    def connect(self, host, port):
        self.sock = socket.create_connection((host, port))

    def call(self, command):
        self.sock.sendall(command)
        return self.sock.recv(64)

    def cancel(self, a, b):
        self.sock.sendall(b"z\\n")
        self.sock.sendall(b"%d %d\\n" % (a, b))
        {close}


def quiet_close(closable):
    try:
        closable.close()
    except Exception:
        pass
'''


@pytest.mark.parametrize("close, reported", [("quiet_close(self.sock)", False), ("self.sock.close()", False),
                                             ("pass", True)])
def test_a_close_in_a_quiet_try_ends_the_connection(close, reported):
    assert (("NAG101", 14) in codes(QUIET_CLOSE.format(close=close))) is reported


# A request handler with its own __init__(self, request, client_address, server) keeps the
# connection the server hands it under a name of its own.
HANDLER_OWN_INIT = '''import socketserver


class Handler(socketserver.BaseRequestHandler):
    def __init__(self, {first}, client_address, server):
        self._req = {first}
        socketserver.BaseRequestHandler.__init__(self, {first}, client_address, server)

    def handle(self):
        while True:
            data = self._req.recv(4096)
            if not data:
                break
            self._req.sendall(len(data).to_bytes(4, "big"))
            self._req.sendall(data)


socketserver.TCPServer(("", 9000), Handler).serve_forever()
'''


@pytest.mark.parametrize("first", ["request", "sock"])
def test_a_handler_keeps_the_request_its_own_init_is_given(first):
    assert {("NAG202", 4), ("NAG102", 15)} <= set(codes(HANDLER_OWN_INIT.format(first=first)))


# Chunks of 8 KiB or more cut from one buffer (`s[:BUFSIZE]`) are large pieces: the peer ACKs
# two full segments at once.
CHUNKED_SEND = '''import socket

BUFSIZE = {size}


def request(sock, payload):
    s = len(payload).to_bytes(4, "big") + payload
    while len(s) > 0:
        n = sock.send(s[:BUFSIZE])
        s = s[n:]
    return sock.recv(4)


def main():
    sock = socket.create_connection(("db", 5000))
    for item in (b"a", b"b"):
        request(sock, item)
'''


@pytest.mark.parametrize("size, reported", [("8 * 1024", False), ("512", True)])
def test_chunks_of_a_large_buffer_are_large_pieces(size, reported):
    assert (("NAG103", 9) in codes(CHUNKED_SEND.format(size=size))) is reported


# A local bound in both arms of an `if` (`client = socket.socket()` then connect, or
# `client, _ = lsock.accept()`): a use inside one arm is that arm's connection only. The
# outgoing connection of the first arm writes and reads nothing (pudb's reverse mode).
BOTH_ARMS = '''import socket


def serve(host, port, reverse):
    if reverse:
        client = socket.socket()
        client.connect((host, port))
        f = client.makefile("rwb", 0)
    else:
        listener = socket.create_server((host, port))
        client, _ = listener.accept()
        f = client.makefile("rwb", 0)
        {negotiate}
    return f
'''


@pytest.mark.parametrize("negotiate, reported", [
    ('f.write(b"hello")\n        f.read(3)', False),
    ('pass', False),
])
def test_a_use_in_one_arm_is_that_arms_connection(negotiate, reported):
    assert (("NAG201", 6) in codes(BOTH_ARMS.format(negotiate=negotiate))) is reported


def test_a_use_after_both_arms_is_either_connection():
    source = BOTH_ARMS.format(negotiate="pass").replace("    return f\n", "    f.write(b'hello')\n    f.read(3)\n    return f\n")
    assert ("NAG201", 6) in codes(source)


# A class under a second name given at module level (`Wrapped = _Wrapped`): its constructions
# by that name keep the socket they are given.
CLASS_ALIAS = '''import socket


class _Wrapped:
    def __init__(self, sock):
        self._sock = sock

    def call(self, data):
        self._sock.sendall(data)
        return self._sock.recv(4)


{alias}


class Peer:
    def request(self, data):
        if not getattr(self, "conn", None):
            self.conn = Wrapped(socket.create_connection(("db", 5000)))
        return self.conn.call(data)
'''


@pytest.mark.parametrize("alias, reported", [("Wrapped = _Wrapped", True), ("Wrapped = object", False)])
def test_a_class_alias_builds_the_class(alias, reported):
    assert (("NAG201", 19) in codes(CLASS_ALIAS.format(alias=alias))) is reported


@pytest.mark.parametrize("imports, made, reported", [
    ("from socket import *", "socket(AF_INET, SOCK_STREAM)", True),
    ("from socket import *", "create_connection((host, port))", True),
    ("from socket import socket, AF_INET, SOCK_STREAM", "socket(AF_INET, SOCK_STREAM)", True),
    ("from socket import *", "socket(AF_UNIX, SOCK_STREAM)", False),  # a Unix socket: no Nagle
    ("from os import *", "socket(AF_INET, SOCK_STREAM)", False),  # no socket module's names
])
def test_the_names_a_star_import_of_socket_binds_make_sockets(imports, made, reported):
    source = (f"{imports}\n"
              "class Transport:\n"
              "    def __init__(self, host, port):\n"
              f"        self.sock = {made}\n"
              "        self.sock.connect((host, port))\n"
              "    def call(self, msg):\n"
              "        self.sock.sendall(msg)\n"
              "        return self.sock.recv(64)\n")
    found = codes(source)
    assert (("NAG201", 4) in found) is reported, found


def test_a_wrapper_that_keeps_a_bound_send_names_the_connection_as_it_was_made():
    """`self.send = stream.send` in an output-stream wrapper is no asyncore dispatcher: its
    `self.send(b)` names the socket the client made (`self.sock`), never `self.socket`."""
    source = ("import socket\n"
              "class Output:\n"
              "    def __init__(self, stream):\n"
              "        self.send = stream.send\n"
              "    def put(self, data):\n"
              "        self.send(data)\n"
              "        self.send(b'\\0')\n"
              "class Client:\n"
              "    def __init__(self, host, port):\n"
              "        self.sock = socket.create_connection((host, port))\n"
              "        self.out = Output(self.sock)\n"
              "    def request(self, field):\n"
              "        self.out.put(field)\n"
              "        return self.sock.recv(4096)\n")
    found = {f.code: f.message for f in check_source(source, "t.py").findings}
    assert "`self.sock`" in found["NAG101"] and "self.socket" not in found["NAG101"], found


@pytest.mark.parametrize("imports, start, reported", [
    ("import _thread", "_thread.start_new_thread(serve, (conn, addr))", True),
    ("from _thread import start_new_thread", "start_new_thread(serve, (conn, addr))", True),
    ("from _thread import *", "start_new_thread(serve, (conn, addr))", True),
    ("from threading import *", "Thread(target=serve, args=(conn, addr)).start()", True),
    ("import threading", "threading.Thread(target=serve, args=(conn, addr)).start()", True),
    ("import _thread", "_thread.start_new_thread(print, (addr,))", False),  # the handler never gets conn
])
def test_a_connection_handed_to_a_thread_start_is_served_there(imports, start, reported):
    source = (f"import socket\n{imports}\n"
              "def serve(conn, addr):\n"
              "    while True:\n"
              "        req = conn.recv(260)\n"
              "        if not req:\n"
              "            break\n"
              "        conn.send(req[:7] + b'ok')\n"
              "def main():\n"
              "    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "    s.bind(('', 5020))\n"
              "    s.listen(1)\n"
              "    while True:\n"
              "        conn, addr = s.accept()\n"
              f"        {start}\n")
    found = codes(source)
    assert (("NAG202", 14) in found) is reported, found


@pytest.mark.parametrize("imports, base_init, reported", [
    ("from telnetlib import Telnet", "Telnet.__init__(self, host, port)", True),
    ("import telnetlib as Telnet_", "super().__init__(host, port)", True),
    ("from telnetlib import Telnet", "Telnet.__init__(self, *(host, port))", True),  # a starred tuple
    ("from mylib import Telnet", "Telnet.__init__(self, host, port)", False),  # not telnetlib's
])
def test_a_telnet_subclass_is_the_telnet_connection_itself(imports, base_init, reported):
    base = "Telnet_.Telnet" if "Telnet_" in imports else "Telnet"
    source = (f"{imports}\n"
              f"class Admin({base}):\n"
              "    def __init__(self, host, port):\n"
              f"        {base_init}\n"
              "    def fetch(self, command):\n"
              "        self.write(command + b'\\n')\n"
              "        return self.read_until(b'\\n')\n")
    found = codes(source)
    assert (("NAG201", 4) in found) is reported, found


@pytest.mark.parametrize("test, reported", [
    ("param == 'NAMESX'", False),  # one token of the list matches: one write per scan
    ("'NAMESX' == param", False),
    ("param.startswith('NAMES')", True),  # may match on every turn
])
def test_a_loop_that_writes_for_the_one_element_it_looks_for_is_no_write_loop(test, reported):
    source = ("import socket\n"
              "class Client:\n"
              "    def __init__(self, host, port):\n"
              "        self.sk = socket.create_connection((host, port))\n"
              "        self.f = self.sk.makefile('rb')\n"
              "    def on_features(self, params):\n"
              "        for i, param in enumerate(params):\n"
              f"            if {test}:\n"
              "                self.sk.send(b'PROTOCTL NAMESX\\r\\n')\n"
              "    def run(self):\n"
              "        while True:\n"
              "            words = self.f.readline().split()\n"
              "            self.on_features(words[3:])\n")
    found = [code for code, _ in codes(source)]
    assert ("NAG103" in found) is reported, found


@pytest.mark.parametrize("stdin, reported", [
    ("stdin=sys.stdin", False),  # each line is typed: the person paces the exchanges
    ("stdin=None", True),  # a pipe of the caller's: no person known to wait on
])
def test_a_kept_standard_input_paces_the_lines_sent_after_it(stdin, reported):
    source = ("import socket\nimport sys\n"
              "class Term:\n"
              f"    def __init__(self, port, {stdin}):\n"
              "        self.stdin = stdin\n"
              "        self.sock = socket.create_connection(('127.0.0.1', port))\n"
              "    def key(self):\n"
              "        line = self.stdin.readline()\n"
              "        self.sock.send(line.encode())\n"
              "    def run(self):\n"
              "        while True:\n"
              "            self.key()\n"
              "            print(self.sock.recv(4096))\n")
    found = codes(source)
    assert (("NAG201", 6) in found) is reported, found


@pytest.mark.parametrize("method, reported", [
    ("handle_connect", False),  # asyncore calls it once connected: the first data, ACKed at once
    ("handle_ready", True),  # any other callback may come after replies
])
def test_an_asyncore_client_writes_its_first_data_in_handle_connect(method, reported):
    source = ("import asynchat\nimport socket\n"
              "class Bot(asynchat.async_chat):\n"
              "    def __init__(self, host):\n"
              "        asynchat.async_chat.__init__(self)\n"
              "        self.create_socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self.connect((host, 6667))\n"
              f"    def {method}(self):\n"
              "        self.push(b'USER bot 8 * :bot\\r\\n')\n"
              "        self.push(b'NICK bot\\r\\n')\n"
              "        data = self.recv(512)\n")
    found = [code for code, _ in codes(source)]
    assert ("NAG101" in found) is reported, found


@pytest.mark.parametrize("built, reported", [
    ("Command(self)", True),  # the command object keeps the Core that built it
    ("Command(Other())", False),  # another class's object, whose .sock is no socket
])
def test_a_helper_object_reaches_the_connection_through_the_object_that_built_it(built, reported):
    source = ("import socket\nimport threading\n"
              "class Other:\n"
              "    sock = None\n"
              "class Command:\n"
              "    def __init__(self, parent):\n"
              "        self.parent = parent\n"
              "    def noop(self):\n"
              "        self.parent.sock.send(b'{\"method\": \"NoOp\"}\\0')\n"
              "class Core:\n"
              "    def __init__(self, ip, port=1710):\n"
              "        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              f"        self.commands = {built}\n"
              "    def start(self):\n"
              "        self.sock.connect(('10.0.0.5', 1710))\n"
              "        threading.Thread(target=self.listen).start()\n"
              "    def listen(self):\n"
              "        while True:\n"
              "            print(self.sock.recv(65534))\n")
    found = codes(source)
    assert (("NAG201", 12) in found) is reported, found


@pytest.mark.parametrize("page, reported", [
    ("PAGE = 65536", False),  # 64 KiB pages: only the last piece is small, after large ones
    ("PAGE = 512", True),  # small pages: every piece after the first waits
])
def test_a_buffer_flushed_in_pages_through_a_name_is_large_pieces(page, reported):
    source = ("import socket\n"
              f"{page}\n"
              "class Conn:\n"
              "    def __init__(self, host, port):\n"
              "        self.sock = socket.create_connection((host, port))\n"
              "        self.buf = b''\n"
              "    def flush(self):\n"
              "        while self.buf:\n"
              "            chunk = self.buf[:PAGE]\n"
              "            self.buf = self.buf[PAGE:]\n"
              "            self.sock.send(chunk)\n"
              "    def call(self, cmd):\n"
              "        self.buf += cmd\n"
              "        self.flush()\n"
              "        return self.sock.recv(4096)\n")
    found = [code for code, _ in codes(source)]
    assert ("NAG103" in found) is reported, found


def test_a_page_size_the_constructor_defaults_is_a_size_bound():
    source = ("import socket\n"
              "class Conn:\n"
              "    def __init__(self, host, port, write_page_size=65536):\n"
              "        self.sock = socket.create_connection((host, port))\n"
              "        self.page = write_page_size\n"
              "        self.buf = b''\n"
              "    def call(self, cmd):\n"
              "        self.buf += cmd\n"
              "        while self.buf:\n"
              "            self.sock.send(self.buf[:self.page])\n"
              "            self.buf = self.buf[self.page:]\n"
              "        return self.sock.recv(4096)\n")
    assert "NAG103" not in [code for code, _ in codes(source)]


@pytest.mark.parametrize("nodelay, reported", [
    ("", True),  # paramiko never sets TCP_NODELAY, and answers packet by packet
    ("        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n", False),
])
def test_an_accepted_connection_served_by_paramiko_is_a_server_exchange(nodelay, reported):
    source = ("import socket\nimport paramiko\n"
              "def serve(port, key, iface):\n"
              "    lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "    lsock.bind(('127.0.0.1', port))\n"
              "    lsock.listen(5)\n"
              "    while True:\n"
              "        conn, _ = lsock.accept()\n"
              f"{nodelay}"
              "        t = paramiko.Transport(conn)\n"
              "        t.add_server_key(key)\n"
              "        t.start_server(server=iface)\n")
    found = codes(source)
    assert (("NAG202", 8) in found) is reported, found


@pytest.mark.parametrize("made, reported", [
    # paramiko's client Transport runs a whole SSH session on it: kept, Nagle on
    ("    sock = socket.create_connection((host, 22))\n", True),
    ("    sock = socket.create_connection((host, 22))\n"
     "    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n", False),
    ("    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
     "    sock.connect(host)\n", False),  # (no Nagle on a Unix socket)
])
def test_a_client_socket_handed_to_paramiko_is_a_client_exchange(made, reported):
    source = ("import socket\nimport paramiko\n"
              "def connect(host):\n"
              f"{made}"
              "    t = paramiko.Transport(sock)\n"
              "    t.start_client()\n"
              "    return t\n")
    found = codes(source)
    assert (("NAG201", 4) in found) is reported, found
    assert [code for code, _ in found if code != "NAG201"] == [], found


@pytest.mark.parametrize("body, reported", [
    # one request, one answer, closed: the thread's connection makes one exchange
    ("        if self.conn.recv(1024):\n"
     "            self.conn.send(b'HTTP/1.1 200 OK\\r\\nContent-Length: 2\\r\\n\\r\\nok')\n"
     "        self.conn.close()\n", False),
    # request after request until the client hangs up: kept, Nagle on
    ("        while self.conn.recv(1024):\n"
     "            self.conn.send(b'HTTP/1.1 200 OK\\r\\nContent-Length: 2\\r\\n\\r\\nok')\n"
     "        self.conn.close()\n", True),
])
def test_a_thread_that_answers_its_accepted_connection_once_and_closes_it(body, reported):
    source = ("import socket\nimport threading\n"
              "class Worker(threading.Thread):\n"
              "    def __init__(self, conn):\n"
              "        super().__init__()\n"
              "        self.conn = conn\n"
              "    def run(self):\n"
              f"{body}"
              "def serve(addr):\n"
              "    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:\n"
              "        sock.bind(addr)\n"
              "        sock.listen(10)\n"
              "        while True:\n"
              "            conn, _ = sock.accept()\n"
              "            Worker(conn).start()\n")
    found = codes(source)
    assert (("NAG202", 16) in found) is reported, found


@pytest.mark.parametrize("pick, found", [
    # either way a write on the same socket: each command is a piece before the one reply
    ("(self.sock.sendall if i == last else self.sock.send)(cmd)", [("NAG201", 5), ("NAG103", 9)]),
    # a write on one of two sockets: not one stream's method
    ("(self.sock.sendall if i == last else self.log.write)(cmd)", []),
])
def test_a_write_method_picked_by_a_conditional_expression(pick, found):
    source = ("import socket\n"
              "class Client:\n"
              "    def __init__(self, addr, log):\n"
              "        self.log = log\n"
              "        self.sock = socket.create_connection(addr)\n"
              "    def pipeline(self, cmds):\n"
              "        last = len(cmds) - 1\n"
              "        for i, cmd in enumerate(cmds):\n"
              f"            {pick}\n"
              "    def reply(self):\n"
              "        return self.sock.recv(4096)\n")
    assert codes(source) == found


def test_a_handler_passing_self_request_to_transport_imported_by_name():
    source = ("from socketserver import StreamRequestHandler, ThreadingTCPServer\n"
              "from paramiko.transport import Transport\n"
              "class SFTPHandler(StreamRequestHandler):\n"
              "    def handle(self):\n"
              "        transport = Transport(self.request)\n"
              "        transport.start_server(server=None)\n"
              "def serve():\n"
              "    ThreadingTCPServer(('127.0.0.1', 0), SFTPHandler).serve_forever()\n")
    result = check_source(source, "t.py")
    assert [(f.code, f.span.line) for f in result.findings] == [("NAG202", 3)]
    assert "`self.request`" in result.findings[0].message


@pytest.mark.parametrize("built", [
    "Handler(self, (conn, addr))",  # the accepted pair, unpacked in the constructor
    "self.handler(self, (conn, addr))",  # the class a constructor parameter defaults to
])
def test_an_accepted_pair_handed_to_a_constructor_that_starts_paramiko(built):
    source = ("import socket\nimport paramiko\n"
              "class Handler(paramiko.ServerInterface):\n"
              "    def __init__(self, server, pair):\n"
              "        client, _ = pair\n"
              "        self.transport = paramiko.Transport(client)\n"
              "        self.transport.start_server(server=self)\n"
              "class Server:\n"
              "    def __init__(self, handler=Handler):\n"
              "        self.handler = handler\n"
              "    def serve(self, port):\n"
              "        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        sock.bind(('127.0.0.1', port))\n"
              "        sock.listen(5)\n"
              "        while True:\n"
              "            conn, addr = sock.accept()\n"
              f"            {built}\n")
    assert codes(source) == [("NAG202", 16)]


@pytest.mark.parametrize("made, answer, found", [
    # a listener of protocol 0: asyncio sets TCP_NODELAY on no connection accepted from it
    ("socket.socket(socket.AF_INET, socket.SOCK_STREAM)", "self.transport.write(b'ok')",
     [("NAG102", 11), ("NAG202", 17)]),
    # protocol IPPROTO_TCP: asyncio sets TCP_NODELAY on each accepted connection
    ("socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)", "self.transport.write(b'ok')", []),
    # one answer, then the connection is closed: no next request on it
    ("socket.socket(socket.AF_INET, socket.SOCK_STREAM)", "self.transport.close()", []),
])
def test_an_asyncio_protocol_served_on_a_listener_of_ours(made, answer, found):
    source = ("import asyncio\nimport socket\n"
              "class Proto(asyncio.Protocol):\n"
              "    def __init__(self, app):\n"
              "        self.app = app\n"
              "    def connection_made(self, transport):\n"
              "        self.transport = transport\n"
              "    def data_received(self, data):\n"
              "        body = self.app(data)\n"
              "        self.transport.write(b'HTTP/1.1 200 OK\\r\\nContent-Length: 2\\r\\n\\r\\n')\n"
              f"        {answer}\n"
              "async def serve(app, port):\n"
              f"    sock = {made}\n"
              "    sock.bind(('', port))\n"
              "    sock.listen()\n"
              "    loop = asyncio.get_running_loop()\n"
              "    server = await loop.create_server(lambda: Proto(app), sock=sock)\n"
              "    await server.serve_forever()\n")
    assert codes(source) == found


@pytest.mark.parametrize("kept", ["self.sock = pair[0]", "self.sock, self.addr = pair"])
def test_the_pair_accept_returns_handed_through_a_method_to_a_constructor(kept):
    source = ("import socket\nimport threading\n"
              "class Connection:\n"
              "    def __init__(self, pair):\n"
              f"        {kept}\n"
              "        threading.Thread(target=self.serve).start()\n"
              "    def serve(self):\n"
              "        while True:\n"
              "            data = self.sock.recv(4096)\n"
              "            if not data:\n"
              "                break\n"
              "            self.sock.sendall(data.upper())\n"
              "class Server:\n"
              "    def __init__(self, port):\n"
              "        self.sock = socket.socket()\n"
              "        self.sock.bind(('', port))\n"
              "        self.sock.listen()\n"
              "        self.clients = {}\n"
              "    def run(self):\n"
              "        while True:\n"
              "            self.add(self.sock.accept())\n"
              "    def add(self, pair):\n"
              "        self.clients[pair[1]] = Connection(pair)\n")
    assert codes(source) == [("NAG202", 21)]


@pytest.mark.parametrize("test_a, test_b, found", [
    # the protocol object moves from headers to body as it sends: both bodies run
    ("proto.state == 'headers'", "proto.state == 'body'", [("NAG202", 5), ("NAG102", 11)]),
    # a local compared with two constants: one body runs
    ("kind == 'headers'", "kind == 'body'", [("NAG202", 5)]),
])
def test_two_ifs_on_the_state_of_an_object_the_first_one_calls(test_a, test_b, found):
    source = ("import socket\n"
              "def serve(port, proto):\n"
              "    kind = proto.kind\n"
              "    listener = socket.create_server(('', port))\n"
              "    conn, _ = listener.accept()\n"
              "    while conn.recv(4096):\n"
              f"        if {test_a}:\n"
              "            conn.sendall(proto.send(b'HTTP/1.1 200 OK\\r\\nContent-Length: 5\\r\\n\\r\\n'))\n"
              f"        if {test_b}:\n"
              "            body = proto.send(b'hello')\n"
              "            conn.sendall(body)\n")
    assert codes(source) == found


def test_a_module_function_bound_in_a_class_body_is_a_method():
    source = ("import socket\n"
              "def write(self, data):\n"
              "    self.sock.sendall(data)\n"
              "def read(self):\n"
              "    return self.sock.recv(1024)\n"
              "class Robot:\n"
              "    _write = write\n"
              "    _read = read\n"
              "    def __init__(self, host, port):\n"
              "        self.sock = socket.create_connection((host, port))\n"
              "    def command(self, data):\n"
              "        self._write(data)\n"
              "        return self._read()\n")
    assert codes(source) == [("NAG201", 10)]


@pytest.mark.parametrize("mode, found", [
    # a string argument rules out the legacy prefix: one piece per request
    ('"v2"', [("NAG201", 4)]),
    # no mode: the prefix, then the data, then the reply
    ("None", [("NAG201", 4), ("NAG101", 8)]),
])
def test_a_string_argument_decides_the_branches_of_the_helper_it_is_passed_to(mode, found):
    source = ("import socket\n"
              "class Client:\n"
              "    def __init__(self, host, port):\n"
              "        self.sock = socket.create_connection((host, port))\n"
              "    def _send(self, data, mode=None):\n"
              "        if mode is None:\n"
              "            self.sock.sendall(b'LEGACY ')\n"
              "        self.sock.sendall(data)\n"
              "    def call(self, data):\n"
              f"        self._send(data, mode={mode})\n"
              "        return self.sock.recv(1024)\n")
    assert codes(source) == found


def test_a_wrapper_built_in_the_call_that_hands_it_to_a_function():
    source = ("import socket\n"
              "class Connection:\n"
              "    def __init__(self, sock):\n"
              "        self._socket = sock\n"
              "    def send_packet(self, data):\n"
              "        self._socket.sendall(data)\n"
              "    def receive_packet(self):\n"
              "        return self._socket.recv(4096)\n"
              "def session(conn):\n"
              "    while True:\n"
              "        request = conn.receive_packet()\n"
              "        if not request:\n"
              "            break\n"
              "        for packet in (b'\\x0a\\x00' + request, b'\\x0a\\x00end'):\n"
              "            conn.send_packet(packet)\n"
              "def serve(port):\n"
              "    listener = socket.create_server(('', port))\n"
              "    while True:\n"
              "        client, _ = listener.accept()\n"
              "        session(Connection(client))\n")
    assert codes(source) == [("NAG103", 15), ("NAG202", 19)]


@pytest.mark.parametrize("connect, found", [
    # connected, greeted, asked and closed within each call: one exchange per connection
    ("        self._connect()\n        self._recv()\n        self._send(data)\n        reply = self._recv()\n"
     "        self._close()\n        return reply\n", []),
    # connected once, closed by the caller when done: the next call asks on the same connection
    ("        if self.sock is None:\n            self._connect()\n            self._recv()\n", [("NAG201", 9), ("NAG101", 20)]),
])
def test_a_client_that_connects_for_each_call_through_helpers(connect, found):
    closing = "        if self.sock is not None:\n            self.sock.close()\n            self.sock = None\n"
    source = ("import socket\nimport struct\n"
              "class Client:\n"
              "    def __init__(self, host, port):\n"
              "        self.host, self.port = host, port\n"
              "        self.sock = None\n"
              "    def _connect(self):\n"
              "        self._close()\n"
              "        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self.sock.connect((self.host, self.port))\n"
              "    def _close(self):\n"
              f"{closing}"
              "    def _recv(self):\n"
              "        n = struct.unpack('<L', self.sock.recv(4))[0]\n"
              "        return self.sock.recv(n)\n"
              "    def _send(self, data):\n"
              "        self.sock.send(struct.pack('<L', len(data)))\n"
              "        self.sock.send(data)\n"
              "    def call(self, data):\n"
              f"{connect}"
              "        self._send(data)\n"
              "        return self._recv()\n"
              "    def close(self):\n"
              "        self._close()\n")
    assert codes(source) == found


@pytest.mark.parametrize("top, end, found", [
    # the connection is closed at the end of its turn: greeting, one request, one answer
    ("", "            conn.close()\n", []),
    # closed at the top of the next turn, before the next accept: the same
    ("            self.close_previous()\n", "", []),
    # kept in a list of clients, never closed: the next request may come on it
    ("", "            self.clients.append(conn)\n", [("NAG202", 13)]),
])
def test_an_accept_loop_that_serves_one_request_per_connection(top, end, found):
    source = ("import socket\nimport struct\n"
              "class Server:\n"
              "    def __init__(self, port):\n"
              "        self.lsock = socket.create_server(('', port))\n"
              "        self.conn = None\n"
              "        self.clients = []\n"
              "    def close_previous(self):\n"
              "        if self.conn is not None:\n"
              "            self.conn.close()\n"
              "    def serve_forever(self):\n"
              "        while True:\n"
              f"{top}"
              "            self.conn = conn = self.lsock.accept()[0]\n"
              "            conn.sendall(b'hello')\n"
              "            n = struct.unpack('<L', conn.recv(4))[0]\n"
              "            request = conn.recv(n)\n"
              "            conn.sendall(request.upper())\n"
              f"{end}")
    found = [(code, line + (1 if top else 0)) for code, line in found]
    assert codes(source) == found


@pytest.mark.parametrize("body, found", [
    # the stock session: EHLO answered with one push() per line on a kept connection
    ("    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):\n        self.messages.append(data)\n",
     [("NAG202", 3)]),
    # TCP_NODELAY set on each accepted connection before the base makes its channel
    ("    def handle_accepted(self, conn, addr):\n"
     "        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
     "        super().handle_accepted(conn, addr)\n", []),
    # a listening socket of its own, maybe a Unix one: walked as the dispatcher it is
    ("    def __init__(self, path):\n        asyncore.dispatcher.__init__(self)\n"
     "        self.create_socket(socket.AF_UNIX, socket.SOCK_STREAM)\n", []),
])
def test_a_server_built_on_smtpd(body, found):
    source = ("import asyncore, smtpd, socket\n\n"
              "class MailSink(smtpd.SMTPServer):\n"
              "    messages = []\n"
              f"{body}")
    assert codes(source) == found


@pytest.mark.parametrize("iterated, found", [
    # the ready ones of the kept clients: connections with a history, answering requests
    ("ready", [("NAG202", 11)]),
    # the same loop over the clients themselves
    ("self.clients", [("NAG202", 11)]),
])
def test_the_sockets_select_returns_ready_from_a_list_of_accepted_ones(iterated, found):
    source = ("import select\nimport socket\n"
              "class Server:\n"
              "    def __init__(self, port):\n"
              "        self.clients = []\n"
              "        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self.listener.bind(('', port))\n"
              "        self.listener.listen(5)\n"
              "    def run(self):\n"
              "        while True:\n"
              "            client, addr = self.listener.accept()\n"
              "            self.clients.append(client)\n"
              "            ready, _, _ = select.select(self.clients, [], [], 0)\n"
              f"            for sock in {iterated}:\n"
              "                request = sock.recv(1024)\n"
              "                sock.send(b'200 ' + request)\n")
    assert codes(source) == found


def test_a_write_method_kept_in_a_local_picked_by_a_conditional_expression():
    source = ("import socket\nimport struct\n"
              "class Client:\n"
              "    tls = False\n"
              "    def connect(self, host, port):\n"
              "        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self.sock.connect((host, port))\n"
              "    def read(self):\n"
              "        recvmeth = self.sock.read if self.tls else self.sock.recv\n"
              "        return recvmeth(4096)\n"
              "    def write(self, data):\n"
              "        writemeth = self.sock.write if self.tls else self.sock.sendall\n"
              "        writemeth(struct.pack('>I', 4 + len(data)) + data)\n"
              "    def batch(self, docs):\n"
              "        for doc in docs:\n"
              "            self.write(doc)\n"
              "        return [self.read() for _ in docs]\n")
    result = check_source(source, "t.py")
    assert [(f.code, f.span.line) for f in result.findings] == [("NAG201", 6), ("NAG103", 16)]
    assert "on `self.sock`" in result.findings[1].message


def test_a_handler_class_the_subclass_names_in_a_class_attribute():
    source = ("import socket\nimport threading\n"
              "class Conn(threading.Thread):\n"
              "    def __init__(self, sock):\n"
              "        super().__init__()\n"
              "        self.socket = sock\n"
              "    def run(self):\n"
              "        while self.socket.recv(4096):\n"
              "            self.socket.send(b'ok\\r\\n')\n"
              "class ServerBase(threading.Thread):\n"
              "    def __init__(self, port):\n"
              "        super().__init__()\n"
              "        self.server = socket.create_server(('', port))\n"
              "    def run(self):\n"
              "        while True:\n"
              "            soc, addr = self.server.accept()\n"
              "            self.handler(soc).start()\n"
              "class Telnet(ServerBase):\n"
              "    handler = Conn\n")
    assert codes(source) == [("NAG202", 16)]


@pytest.mark.parametrize("factory", [
    "    factory = Proto\n    server = await loop.create_server(factory, sock=sock)\n",
    "    server = await loop.create_server(protocol, sock=sock)\n",
])
def test_an_asyncio_protocol_factory_held_in_a_name(factory):
    source = ("import asyncio\nimport socket\n"
              "class Proto(asyncio.Protocol):\n"
              "    def connection_made(self, transport):\n"
              "        self.transport = transport\n"
              "    def data_received(self, data):\n"
              "        self.transport.write(b'HTTP/1.1 200 OK\\r\\nContent-Length: 2\\r\\n\\r\\n')\n"
              "        self.transport.write(b'ok')\n"
              "async def serve(port, protocol=Proto):\n"
              "    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "    sock.bind(('', port))\n"
              "    sock.listen()\n"
              "    loop = asyncio.get_running_loop()\n"
              f"{factory}"
              "    await server.serve_forever()\n")
    found = codes(source)
    assert [code for code, _ in found] == ["NAG102", "NAG202"] and found[0][1] == 8, found


def test_a_socket_made_by_a_dataclass_field_default_factory():
    source = ("import socket\nfrom dataclasses import dataclass, field\n\n"
              "@dataclass\n"
              "class Arm:\n"
              "    host: str\n"
              "    port: int\n"
              "    sock: socket.socket = field(\n"
              "        default_factory=lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM))\n"
              "    def connect(self):\n"
              "        self.sock.connect((self.host, self.port))\n"
              "    def ask(self, text):\n"
              "        self.sock.sendall(text.encode())\n"
              "        return self.sock.recv(1024)\n")
    result = check_source(source, "t.py")
    assert [(f.code, f.span.line) for f in result.findings] == [("NAG201", 9)]
    assert not result.findings[0].fixes  # (no statement can follow a lambda's expression)


@pytest.mark.parametrize("test, found", [
    # the split is on the else of `len(msg) < 65536`: its second piece is 64 KiB or more
    ("len(msg) < 65536", [("NAG201", 5)]),
    # a bound too small to tell: the split may hold a small piece
    ("len(msg) < 1024", [("NAG201", 5), ("NAG101", 11)]),
])
def test_a_split_only_on_the_else_of_a_small_size_test(test, found):
    source = ("import socket\nimport struct\n"
              "class Link:\n"
              "    def __init__(self, host, port):\n"
              "        self.sock = socket.create_connection((host, port))\n"
              "    def put(self, msg):\n"
              f"        if {test}:\n"
              "            self.sock.sendall(struct.pack('!Q', len(msg)) + msg)\n"
              "        else:\n"
              "            self.sock.sendall(struct.pack('!Q', len(msg)))\n"
              "            self.sock.sendall(msg)\n"
              "    def ask(self, msg):\n"
              "        self.put(msg)\n"
              "        return self.sock.recv(8)\n")
    assert codes(source) == found


_READER_THREAD_LINK = ("import queue\nimport socket\nimport threading\n"
                       "class Link:\n"
                       "    def __init__(self, host):\n"
                       "        self.sock = socket.create_connection((host, 5084))\n"
                       "        self.inbox = queue.Queue()\n"
                       "        threading.Thread(target=self._pump, daemon=True).start()\n"
                       "    def _recv(self):\n"
                       "        return self.sock.recv(1024)\n"
                       "    def _pump(self):\n"
                       "        while True:\n"
                       "            self.inbox.put(self._recv())\n"
                       "    def send(self, msg):\n"
                       "        self.sock.send(msg)\n")


@pytest.mark.parametrize("client", [
    # the link's own method waits on the queue its reader thread fills
    ("class Client(Link):\n"
     "    def call(self, msg):\n"
     "        self.send(msg)\n"
     "        return self.inbox.get(timeout=5)\n"),
    # another object waits on the queue of the link it keeps
    ("class Client:\n"
     "    def __init__(self, host):\n"
     "        self.link = Link(host)\n"
     "    def call(self, msg):\n"
     "        self.link.send(msg)\n"
     "        return self.link.inbox.get()\n"),
])
def test_a_wait_on_a_queue_a_reader_thread_fills_is_the_read_of_the_reply(client):
    source = _READER_THREAD_LINK + client + ("    def update(self):\n"
                                             "        return self.call(b'SET' + self.call(b'GET'))\n")
    # each call waits for its own reply: two exchanges, no split across them
    assert codes(source) == [("NAG201", 6)]


@pytest.mark.parametrize("connect, found", [
    # connected again on every turn: a socket connects once, so no turn reuses a live connection
    ("        try:\n            s.connect(addr)\n", []),
    # connected on the first turn only: the later turns ask again on the same connection
    ("        try:\n            if not up:\n                s.connect(addr)\n                up = True\n",
     [("NAG201", 5)]),
])
def test_a_retry_loop_that_connects_each_turn_carries_one_exchange_per_connection(connect, found):
    source = ("import socket\nimport time\n"
              "def notify(addr, msg):\n"
              "    up = False\n"
              "    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "    for _ in range(5):\n"
              + connect +
              "            s.send(msg)\n"
              "            if s.recv(1024):\n"
              "                break\n"
              "        except OSError:\n"
              "            time.sleep(1)\n"
              "    s.close()\n")
    assert codes(source) == found


@pytest.mark.parametrize("get, found", [
    # a pool of ours hands back the connection it keeps: asked again on every call
    ("        if self.sock is None:\n"
     "            self.sock = socket.create_connection(self.addr)\n"
     "        return self.sock\n", [("NAG201", 8)]),
    # a dialer of ours makes a new connection on every call: one exchange each
    ("        return socket.create_connection(self.addr)\n", []),
])
def test_a_connection_handed_back_by_a_method_of_an_object_we_keep(get, found):
    source = ("import socket\n"
              "class Pool:\n"
              "    def __init__(self, addr):\n"
              "        self.addr = addr\n"
              "        self.sock = None\n"
              "    def get(self):\n"
              + get +
              "class Client:\n"
              "    def __init__(self, addr):\n"
              "        self.pool = Pool(addr)\n"
              "    def call(self, frame):\n"
              "        s = self.pool.get()\n"
              "        s.sendall(frame)\n"
              "        return s.recv(3)\n")
    assert codes(source) == found


def test_a_read_method_a_subclass_keeps_for_the_base_class_reader():
    source = ("import queue\nimport socket\nimport threading\n"
              "class Port(threading.Thread):\n"
              "    def __init__(self):\n"
              "        super().__init__(daemon=True)\n"
              "        self.com = None\n"
              "        self.com_read = None\n"  # (a placeholder until the subclass connects)
              "        self.rx = queue.Queue()\n"
              "    def run(self):\n"
              "        while True:\n"
              "            self.rx.put(self.com_read(1024))\n"
              "    def write(self, data):\n"
              "        self.com.send(data)\n"
              "    def read(self, timeout=None):\n"
              "        return self.rx.get(timeout=timeout)\n"
              "class SocketPort(Port):\n"
              "    def __init__(self, host, port):\n"
              "        super().__init__()\n"
              "        self.com = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self.com.connect((host, port))\n"
              "        self.com_read = self.com.recv\n"
              "        self.start()\n")
    assert codes(source) == [("NAG201", 20)]


_PEER = ("import socket\n"
         "class Peer:\n"
         "    def __init__(self, sock):\n"
         "        self.socket = sock\n"
         "    def send(self, payload):\n"
         "        self.socket.sendall(payload)\n"
         "    def hello(self):\n"
         "        self.send(b'version')\n"
         "    def loop(self):\n"
         "        while True:\n"
         "            self.socket.recv(8192)\n"
         "class NodePeer(Peer):\n"
         "    def __init__(self, sock, host):\n"
         "        self.host = host\n"
         "        super().__init__(sock)\n"
         "    def reconnect(self):\n"
         "        self.socket = socket.create_connection(self.host)\n")


@pytest.mark.parametrize("connect", [
    # each turn hands a new connection to a new object: its `self.socket` is that connection,
    # not the one another method (reconnect) assigns
    "        sock = socket.create_connection(peer)\n        node = NodePeer(sock, peer)\n",
    # the same, made in the constructor's argument
    "        node = NodePeer(socket.create_connection(peer), peer)\n",
])
def test_an_object_built_each_turn_writes_on_the_connection_its_constructor_is_handed(connect):
    source = _PEER + "def connect_all(peers):\n    for peer in peers:\n" + connect + "        node.hello()\n"
    found = codes(source)
    assert not any(code == "NAG103" for code, _ in found), found
    assert ("NAG201", 17) in found  # (reconnect's kept connection is still judged)


@pytest.mark.parametrize("init", [
    "        SocketTransport.__init__(self, socket_obj)\n",
    "        super().__init__(socket_obj)\n",
])
def test_an_object_handed_a_socket_of_unknown_origin_does_not_write_the_one_its_class_makes(init):
    source = ("import socket\n"
              "class SocketTransport:\n"
              "    def __init__(self, socket_obj=None):\n"
              "        if socket_obj is not None:\n"
              "            self.socket = socket_obj\n"
              "        else:\n"
              "            self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "    def send(self, msg):\n"
              "        self.socket.sendall(msg)\n"
              "    def receive(self):\n"
              "        return self.socket.recv(8)\n"
              "class Framed(SocketTransport):\n"
              "    def __init__(self, socket_obj=None):\n"
              + init +
              "def serve(conn):\n"  # (conn: handed by a thread helper nobody here follows)
              "    link = Framed(conn)\n"
              "    link.send(b'version')\n"
              "    link.send(b'challenge')\n"
              "    return link.receive()\n")
    # the two sends are on `conn`, not on the client socket made on the else branch
    assert codes(source) == [("NAG201", 7)]


@pytest.mark.parametrize("reader, found", [
    # the file object socket.makefile("rb") would build, built by hand
    ('io.BufferedReader(socket.SocketIO(conn, "r"), 8192)', [("NAG202", 5)]),
    ('socket.SocketIO(conn, "r")', [("NAG202", 5)]),
    # a file of its own, not the connection
    ('io.BufferedReader(open("log", "rb"))', []),
])
def test_a_reader_built_on_socket_io_reads_the_connection(reader, found):
    source = ("import io\nimport socket\n"
              "def serve(listener):\n"
              "    while True:\n"
              "        conn, _ = listener.accept()\n"
              f"        rfile = {reader}\n"
              "        while rfile.readline():\n"
              "            conn.sendall(b'HTTP/1.1 200 OK\\r\\n\\r\\n')\n"
              "srv = socket.create_server(('', 8080))\n"
              "serve(srv)\n")
    assert codes(source) == found


@pytest.mark.parametrize("send, found", [
    ("Framed.send(self, self.sock, msg)", [("NAG101", 6), ("NAG201", 10)]),  # through the class, on self
    ("self.send(self.sock, msg)", [("NAG101", 6), ("NAG201", 10)]),
])
def test_a_base_method_called_through_its_class_on_self(send, found):
    source = ("import socket\nimport struct\n"
              "class Framed:\n"
              "    def send(self, sock, msg):\n"
              "        sock.sendall(struct.pack('>I', len(msg)))\n"
              "        sock.sendall(msg)\n"
              "        return sock.recv(4)\n"
              "class Client(Framed):\n"
              "    def __init__(self, addr):\n"
              "        self.sock = socket.create_connection(addr)\n"
              "    def request(self, msg):\n"
              f"        return {send}\n")
    assert codes(source) == found


@pytest.mark.parametrize("conns, ready", [
    ("conns", "ready, _, _ = select.select(conns, [], [], 60)"),
    ("self.conns", "ready, _, _ = select.select(self.conns, [], [], 60)"),
    ("conns", "ready = select.select(conns, [], [], 60)[0]")])  # (the readable list picked by index)
def test_a_select_loop_over_a_list_of_connections_keeps_them_between_rounds(conns, ready):
    source = ("import select\nimport socket\n"
              "class Server:\n"
              "    def start(self):\n"
              "        lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        lsock.bind(('', 0))\n"
              "        lsock.listen(10)\n"
              f"        {conns} = [lsock]\n"
              "        while True:\n"
              f"            {ready}\n"
              "            for sock in ready:\n"
              "                if sock == lsock:\n"
              "                    c, addr = lsock.accept()\n"
              f"                    {conns}.append(c)\n"
              "                else:\n"
              "                    sock.sendall(sock.recv(4096))\n")
    assert codes(source) == [("NAG202", 13)]


@pytest.mark.parametrize("pool, add", [("{lsock}", "add"), ("[lsock]", "append")])
def test_a_select_loop_iterating_the_readable_list_directly(pool, add):
    # `for sock in select.select(pool, [], [], t)[0]:` (lightning-server's shape)
    source = ("import select\nimport socket\n"
              "def serve():\n"
              "    lsock = socket.create_server(('', 8080))\n"
              f"    pool = {pool}\n"
              "    while True:\n"
              "        for sock in select.select(pool, [], [], 0.1)[0]:\n"
              "            if sock is lsock:\n"
              "                c, _ = lsock.accept()\n"
              f"                pool.{add}(c)\n"
              "                continue\n"
              "            sock.sendall(sock.recv(4096))\n")
    assert codes(source) == [("NAG202", 9)]
    writable = source.replace("select.select(pool, [], [], 0.1)[0]", "select.select([], pool, [], 0.1)[1]")
    assert codes(writable) == [("NAG202", 9)]


@pytest.mark.parametrize("select_on", ["self.conns", "self.conns.keys()"])
def test_a_select_loop_over_a_registry_keyed_by_connection(select_on):
    source = ("import select\nimport socket\n"
              "class Server:\n"
              "    def __init__(self, port):\n"
              "        self.lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self.lsock.bind(('', port))\n"
              "        self.lsock.listen(5)\n"
              "        self.conns = {}\n"
              "        self.conns[self.lsock] = 'listener'\n"  # (tested apart below: not served)
              "    def loop(self):\n"
              "        while True:\n"
              f"            ready, _, _ = select.select({select_on}, [], [])\n"
              "            for s in ready:\n"
              "                if s == self.lsock:\n"
              "                    c, addr = self.lsock.accept()\n"
              "                    self.conns[c] = addr\n"
              "                else:\n"
              "                    s.sendall(s.recv(4096))\n")
    assert codes(source) == [("NAG202", 15)]


@pytest.mark.parametrize("send, found", [
    # the same byte again until send() says it went: one piece per message
    ("        n = 0\n        while n != 1:\n            n = self.conn.send(b'k')\n", [("NAG201", 4)]),
    # a new piece every turn until the count says stop: a write loop
    ("        n = 0\n        while n != 1:\n            n = self.conn.send(self.next_piece())\n",
     [("NAG201", 4), ("NAG103", 8)]),
])
def test_a_loop_that_sends_one_buffer_until_its_count_says_sent(send, found):
    source = ("import socket\n"
              "class Wrapper:\n"
              "    def __init__(self, host, port):\n"
              "        self.conn = socket.create_connection((host, port))\n"
              "    def token_then_read(self):\n"
              + send +
              "        return self.conn.recv(16)\n")
    assert codes(source) == found


def test_a_false_placeholder_is_no_connection():
    source = ("import socket\n"
              "class TickServer:\n"
              "    def __init__(self, port):\n"
              "        self._srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "        self._srv.bind(('', port))\n"
              "        self._srv.listen(1)\n"
              "        self._con = False\n"  # (no client yet)
              "    def tick(self):\n"
              "        if not self._con:\n"
              "            self._con, _ = self._srv.accept()\n"
              "        if self._con.recv(64):\n"
              "            self._con.sendall(b'OK')\n")
    assert codes(source) == [("NAG202", 10)]


@pytest.mark.parametrize("delay, found", [
    ("delay_s=0.05", [("NAG201", 5)]),  # each turn waits out the peer's delayed ACK
    ("delay_s=0.0", [("NAG201", 5), ("NAG103", 14), ("NAG101", 17)]),
])
def test_a_sleep_for_a_parameter_paces_by_its_default(delay, found):
    source = ("import socket\nimport time\n"
              "class Supply:\n"
              "    def __init__(self, host):\n"
              "        self._sock = socket.create_connection((host, 5025))\n"
              "    def _send(self, cmd):\n"
              "        self._sock.sendall(cmd.encode())\n"
              "    def query(self, cmd):\n"
              "        self._send(cmd)\n"
              "        return self._sock.recv(4096)\n"
              f"    def ramp(self, target, {delay}):\n"
              "        v = float(self.query('VOLT?'))\n"
              "        while v < target:\n"
              "            self._send(f'VOLT {v}')\n"
              "            v += 0.1\n"
              "            time.sleep(delay_s)\n"
              "        return self.query('VOLT?')\n")
    assert codes(source) == found


@pytest.mark.parametrize("reads", [
    'iter(functools.partial(rfile.read, 1), b"")',
    'iter(rfile.readline, b"")',
    'iter(lambda: rfile.read(1), b"")',
])
def test_a_loop_over_iter_of_a_read_method_reads_each_turn(reads):
    source = ("import functools\nimport socketserver\n"
              "class Handler(socketserver.StreamRequestHandler):\n"
              "    def handle(self):\n"
              "        rfile = self.rfile\n"
              f"        for b in {reads}:\n"
              "            self.wfile.write(b'\\x0b')\n"
              "            self.wfile.write(b + b'\\x1c\\r')\n"
              "            self.wfile.flush()\n"
              "socketserver.TCPServer(('', 2575), Handler).serve_forever()\n")
    # (the handler's wfile is unbuffered: two writes, two pieces)
    assert codes(source) == [("NAG202", 3), ("NAG102", 8)]


@pytest.mark.parametrize("make, found", [
    # a connected TCP socket: sendto() sends the bytes (Linux ignores the address)
    ("socket.create_connection((host, port))", [("NAG201", 5), ("NAG101", 8)]),
    # TCP or UDP by a flag: sendto() is the UDP path's datagram, no piece of a TCP message
    ("socket.create_connection((host, port)) if tcp else socket.socket(socket.AF_INET, socket.SOCK_DGRAM)", []),
])
def test_sendto_on_a_tcp_connection_is_a_write(make, found):
    source = ("import socket\n"
              "class Device:\n"
              "    def __init__(self, host, port=45, tcp=True):\n"
              "        self.addr = (host, port)\n"
              f"        self.sock = {make}\n"
              "    def request(self, cmd):\n"
              "        self.sock.sendto(cmd, self.addr)\n"
              "        self.sock.sendto(b'\\r\\n', self.addr)\n"
              "        return self.sock.recv(64)\n")
    assert codes(source) == found


@pytest.mark.parametrize("family, found", [
    ("socket.AF_INET", [("NAG201", 12)]),
    ("socket.AF_UNIX", []),  # (a Unix socket: no Nagle)
])
def test_a_socket_subclass_with_its_own_send_that_reads_the_reply(family, found):
    source = ("import socket\n"
              "class TcpIpSocket(socket.socket):\n"
              "    def __init__(self):\n"
              f"        super().__init__({family}, socket.SOCK_STREAM)\n"
              "    def connect(self):\n"
              "        super().connect(('127.0.0.1', 8000))\n"
              "    def send(self, message):\n"
              "        super().send(message.encode())\n"
              "        return self.recv(1024)\n"
              "class Controller:\n"
              "    def __init__(self):\n"
              "        self._sock = TcpIpSocket()\n"
              "    def connect(self):\n"
              "        self._sock.connect()\n"
              "    def command(self, text):\n"
              "        return self._sock.send(text + '\\n')\n")
    result = check_source(source, "t.py")
    assert [(f.code, f.span.line) for f in result.findings] == found
    if found:
        assert "`self._sock`" in result.findings[0].message


@pytest.mark.parametrize("server, found", [
    ("socketserver.UnixStreamServer(path, Loud if verbose else Handler)", []),
    ("socketserver.TCPServer(('', 0), Loud if verbose else Handler)", [("NAG202", 2)]),
])
def test_a_handler_class_picked_by_a_conditional_expression_for_its_server(server, found):
    source = ("import socketserver\n"
              "class Handler(socketserver.BaseRequestHandler):\n"
              "    def handle(self):\n"
              "        while self.request.recv(1024):\n"
              "            self.request.send(b'ok')\n"
              "class Loud(Handler):\n"
              "    verbose = True\n"
              "def serve(path, verbose=False):\n"
              f"    {server}.serve_forever()\n")
    assert codes(source) == found


@pytest.mark.parametrize("base, found", [
    ("socketserver.ThreadingUnixStreamServer", []),  # (AF_UNIX: no Nagle)
    ("socketserver.ThreadingTCPServer", [("NAG202", 2)]),
])
@pytest.mark.parametrize("handing", ["super().__init__(path, Handler)",
                                     "{base}.__init__(self, path, Handler)",
                                     "super().__init__(path, RequestHandlerClass=Handler)"])
def test_a_handler_class_handed_to_its_server_by_the_servers_own_constructor(base, found, handing):
    source = ("import socketserver\n"
              "class Handler(socketserver.StreamRequestHandler):\n"
              "    def handle(self):\n"
              "        for line in self.rfile:\n"
              "            self.wfile.write(line)\n"
              f"class Server({base}):\n"
              "    def __init__(self, path, broker):\n"
              "        self.broker = broker\n"
              f"        {handing.format(base=base)}\n"
              "def run(path, broker):\n"
              "    with Server(path, broker) as server:\n"
              "        server.serve_forever()\n")
    assert codes(source) == found


def test_an_abstract_class_that_holds_the_socket_itself_is_walked_for_its_annotated_parameter():
    # a template-method base: it connects and sends, and leaves a hook to its subclasses
    source = ("import socket\nfrom abc import ABC, abstractmethod\n\n\nclass Conn(ABC):\n"
              "    def __init__(self, host):\n        self.sock = socket.create_connection((host, 9000))\n\n"
              "    @abstractmethod\n    def describe(self):\n        \"\"\"What it is for.\"\"\"\n\n"
              "    def send(self, data):\n        self.sock.sendall(data)\n\n"
              "    def receive(self):\n        return self.sock.recv(4096)\n\n\n"
              "def fetch(conn: Conn, body):\n    conn.send(len(body).to_bytes(4, 'big'))\n    conn.send(body)\n"
              "    return conn.receive()\n")
    assert codes(source) == [("NAG201", 7), ("NAG101", 22)]


def test_a_pause_read_from_a_constants_class_in_the_class_body():
    # `time.sleep(self.CONST.wait)` after each line, `class CONST: wait = 0.12` in the class:
    # each line is sent and ACKed before the next, as with a literal pause
    source = ("import socket\nimport time\n\n\nclass Bot:\n    class CONST:\n        wait = {wait}\n\n"
              "    def __init__(self):\n        self.CONST = self.CONST()\n"
              "        self.s = socket.create_connection(('h', 1))\n\n"
              "    def send(self, line):\n        self.s.sendall(line)\n        time.sleep(self.CONST.wait)\n\n"
              "    def login(self):\n        self.send(b'NICK a')\n        self.send(b'USER a')\n"
              "        return self.s.recv(512)\n")
    assert ("NAG101", 19) not in codes(source.format(wait="0.12"))
    assert ("NAG101", 19) in codes(source.format(wait="0.001"))


def test_a_socket_handed_out_by_a_lock_guards_enter():
    # `with self._ctx as sock:` where the guard's __enter__ returns the socket it keeps: that
    # socket, left open when the with ends (its __exit__ releases a lock)
    source = ("import socket\nimport threading\n\n\nclass Guard:\n    def __init__(self, addr):\n"
              "        self.lock = threading.Lock()\n        self._sock = socket.create_connection(addr)\n\n"
              "    def __enter__(self):\n        self.lock.acquire()\n        return self._sock\n\n"
              "    def __exit__(self, *exc):\n        self.lock.release()\n\n\nclass Client:\n"
              "    def __init__(self, addr):\n        self._ctx = Guard(addr)\n\n    def call(self, body):\n"
              "        with self._ctx as sock:\n            sock.sendall(b'%d:' % len(body))\n"
              "            sock.sendall(body)\n        with self._ctx as sock:\n            return sock.recv(4096)\n")
    assert {("NAG201", 8), ("NAG101", 25)} <= set(codes(source))


def test_a_decorator_that_connects_and_closes_around_each_method():
    # `@managed` runs `self._connect()`, the method, then `self._close()`: each call makes its
    # own connection for one exchange; a decorator that only logs leaves the connection kept
    source = ("import functools\nimport socket\n\n\ndef managed(f):\n    @functools.wraps(f)\n"
              "    def wrapper(self, *args, **kwargs):\n{before}"
              "        out = f(self, *args, **kwargs)\n{after}        return out\n    return wrapper\n\n\n"
              "class Client:\n    def _connect(self):\n"
              "        self.conn = socket.create_connection(('h', 1))\n\n"
              "    def _close(self):\n        self.conn.close()\n\n"
              "    @managed\n    def pull(self, what):\n        self.conn.sendall(b'GET ' + what)\n"
              "        return self.conn.recv(4096)\n\n"
              "    @managed\n    def push(self, what):\n        self.conn.sendall(b'PUT ' + what)\n"
              "        return self.conn.recv(4096)\n")
    bracketed = source.format(before="        self._connect()\n", after="        self._close()\n")
    assert [c for c in codes(bracketed) if c[0] == "NAG201"] == []
    logged = source.format(before="        print('call')\n", after="")
    made = logged.splitlines().index("        self.conn = socket.create_connection(('h', 1))") + 1
    assert [c for c in codes(logged) if c[0] == "NAG201"] == [("NAG201", made)]


def test_a_resend_after_reconnecting_through_a_factory_that_returns_none_on_failure():
    # the factory's `except OSError: return None` hands the caller no connection, as a raise
    # would: the resend in the caller's `except` goes on the new connection, one piece
    source = ("import socket\n\n\nclass Link:\n    def __init__(self, sock):\n        self.sock = sock\n\n"
              "    def send(self, data):\n        self.sock.sendall(data)\n\n"
              "    def recv(self):\n        return self.sock.recv(4096)\n\n\n"
              "def connect(address):\n    try:\n        sock = socket.create_connection(address)\n"
              "    except OSError:\n        {failed}\n    return Link(sock)\n\n\n"
              "class Client:\n    def __init__(self, address):\n        self.address = address\n"
              "        self.link = connect(address)\n\n    def call(self, data):\n        try:\n"
              "            self.link.send(data)\n        except OSError:\n"
              "            {reconnect}\n            self.link.send(data)\n"
              "        return self.link.recv()\n")
    reconnected = source.format(failed="return None", reconnect="self.link = connect(self.address)")
    assert [c for c in codes(reconnected) if c[0] == "NAG101"] == []
    # (resent on the same link: the first send may have gone out in part, a split)
    assert ("NAG101", 33) in codes(source.format(failed="return None", reconnect="pass"))


def test_tcp_nodelay_set_through_a_helper_that_takes_the_option():
    # `self._setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)` calls
    # `self.sock.setsockopt(level, option, value)`: the option its call passes
    source = ("import socket\n\n\nclass Wrapper:\n    def __init__(self, sock):\n        self.sock = sock\n"
              "        self._setsockopt(socket.IPPROTO_TCP, socket.{option}, 1)\n\n"
              "    def _setsockopt(self, level, option, value):\n        try:\n"
              "            self.sock.setsockopt(level, option, value)\n        except OSError:\n            pass\n\n"
              "    def talk(self, words):\n        for word in words:\n            self.sock.sendall(word)\n"
              "        return self.sock.recv(4096)\n\n\n"
              "def open_api(host):\n    return Wrapper(socket.create_connection((host, 8728)))\n")
    assert [c for c in codes(source.format(option="TCP_NODELAY"))] == []
    assert {"NAG103", "NAG201"} <= {c[0] for c in codes(source.format(option="SO_KEEPALIVE"))}


def test_a_return_inside_try_runs_the_finally_first():
    # `return n` inside `try:` leaves through `finally: ...setsockopt(TCP_CORK, 0)`: the cork is
    # off before the caller reads the reply
    source = ("import socket\n\n\nclass Client:\n    def __init__(self, addr):\n"
              "        self.sock = socket.create_connection(addr)\n\n    def send(self, header, body):\n"
              "        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)\n        try:\n"
              "            self.sock.sendall(header)\n            self.sock.sendall(body)\n"
              "            return len(header) + len(body)\n        {exit}\n"
              "            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)\n\n"
              "    def call(self, header, body):\n        self.send(header, body)\n        return self.sock.recv(4096)\n")
    assert ("NAG303", 9) not in codes(source.format(exit="finally:"))
    assert ("NAG303", 9) in codes(source.format(exit="except OSError:"))


def test_an_attribute_made_anew_on_each_branch_of_one_method():
    # `if tcp: self.soc = socket(AF_INET, SOCK_STREAM)` `elif udp: self.soc = socket(...,
    # SOCK_DGRAM)`, called at the start of each request and closed in `finally`: one exchange
    # per TCP connection; made only when there is none yet, it is kept for the next request
    source = ("import socket\n\nTCP, UDP = 1, 2\n\n\nclass KdcSocket:\n    def __init__(self, host, kind):\n"
              "        self.host, self.kind = host, kind\n        self.soc = None\n\n    def create_soc(self):\n"
              "        if self.kind == TCP:\n"
              "            self.soc = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
              "            self.soc.connect((self.host, 88))\n        elif self.kind == UDP:\n"
              "            self.soc = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
              "        else:\n            raise ValueError(self.kind)\n\n"
              "    def sendrecv(self, data):\n        {make}\n        try:\n"
              "            if self.kind == TCP:\n                self.soc.sendall(data)\n"
              "                return self.soc.recv(4096)\n            self.soc.sendto(data, (self.host, 88))\n"
              "            return self.soc.recvfrom(65535)[0]\n        finally:\n            {close}\n")
    fresh = source.format(make="self.create_soc()", close="self.soc.close()")
    assert [c for c in codes(fresh) if c[0] == "NAG201"] == []
    kept = source.format(make="if self.soc is None: self.create_soc()", close="pass")
    assert ("NAG201", 13) in codes(kept)



def test_an_option_looked_up_by_name_is_not_its_fallback():
    # `getattr(socket, "TCP_KEEPCNT", 3)` is TCP_KEEPCNT where the module has it (6 on Linux),
    # not the fallback 3, which is TCP_CORK's number: no cork is set
    source = ("import socket\n\n\nclass Link:\n    def __init__(self, addr):\n"
              "        self.sock = socket.create_connection(addr)\n"
              "        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
              "        self.sock.setsockopt(socket.IPPROTO_TCP, getattr(socket, {name!r}, 3), 3)\n\n"
              "    def call(self, data):\n        self.sock.sendall(data)\n        return self.sock.recv(64)\n")
    assert ("NAG303", 8) not in codes(source.format(name="TCP_KEEPCNT"))
    assert ("NAG303", 8) in codes(source.format(name="TCP_CORK"))


def test_a_private_login_only_its_connect_calls_is_first_data():
    # connect() makes the socket and calls self._login(), the only write: the login is the first
    # data of each connection and the rest are frames the server pushes, so no request waits.
    # The same login reached from a public method the user calls again (`relogin()`) is a
    # request on a connection that has carried one before.
    source = ("import socket\nimport struct\n\n\nclass FrameFeed:\n    def __init__(self, addr):\n"
              "        self.addr = addr\n        self.sock = None\n\n"
              "    def connect(self):\n        self.sock = socket.create_connection(self.addr)\n"
              "        self._login()\n\n"
              "    def _login(self):\n        self.sock.sendall(struct.pack('<II', 64, 0x3000) + b'user'.ljust(32, b'\\0'))\n\n"
              "    def frame(self):\n        size, = struct.unpack('<I', self._exact(4))\n        return self._exact(size)\n\n"
              "    def _exact(self, n):\n        data = b''\n        while len(data) < n:\n"
              "            chunk = self.sock.recv(n - len(data))\n            if not chunk:\n"
              "                raise ConnectionError('closed')\n            data += chunk\n        return data\n{more}")
    assert ("NAG201", 11) not in codes(source.format(more=""))
    assert ("NAG201", 11) in codes(source.format(more="\n    def relogin(self):\n        self._login()\n"))


def test_a_reply_handed_over_by_a_semaphore_ends_the_request():
    # A reader thread puts each reply on a list and releases a semaphore made with nothing to
    # take; command() waits on it before it returns: speak() makes two exchanges, not one
    # request in two pieces. A lock's acquire() waits for no one's reply.
    source = ("import socket\nimport threading\n\n\nclass Speaker:\n    def __init__(self, addr):\n"
              "        self.sock = socket.create_connection(addr)\n        self.replies = []\n"
              "        self.ready = {made}\n"
              "        threading.Thread(target=self._reader, daemon=True).start()\n\n"
              "    def _reader(self):\n        for line in self.sock.makefile('rb'):\n"
              "            self.replies.append(line)\n            self.ready.release()\n\n"
              "    def _reply(self):\n        self.ready.acquire()\n        return self.replies.pop(0)\n\n"
              "    def command(self, line):\n        self.sock.sendall(line + b'\\r\\n')\n        return self._reply()\n\n"
              "    def speak(self, text):\n        self.command(b'SPEAK')\n        return self.command(text + b'\\r\\n.')\n")
    assert ("NAG101", 27) not in codes(source.format(made="threading.Semaphore(0)"))
    assert ("NAG101", 27) in codes(source.format(made="threading.Lock()"))


@pytest.mark.parametrize("pause, delay, reported", [
    ("self._delay(HOLD)", "1", False), ("self._delay(HOLD)", "0.01", True),
    ("time.sleep(HOLD)", "1", False), ("time.sleep(HOLD)", "0.01", True)])
def test_a_pause_between_pieces_by_a_spin_on_the_clock_or_a_module_constant(pause, delay, reported):
    # a key press, a hand-written wait of HOLD seconds (a loop on time.time()) or a sleep, then
    # the key-off: at a second apart, the press was ACKed before the key-off is written
    source = ("import socket\nimport time\n\nHOLD = {delay}\n\n\nclass Remote:\n"
              "    def __init__(self, addr):\n        self.sock = socket.create_connection(addr)\n\n"
              "    def _delay(self, seconds):\n        start = time.time()\n"
              "        while time.time() - start < seconds:\n            pass\n\n"
              "    def press(self, key):\n        self.sock.sendall(b'DOWN ' + key)\n        {pause}\n"
              "        self.sock.sendall(b'UP ' + key)\n        return self.sock.recv(16)\n")
    assert (("NAG101", 19) in codes(source.format(pause=pause, delay=delay))) is reported


def test_an_error_response_the_next_statement_closes_is_the_last():
    # a 400 written, then `self.close()` (whose `if self.sock is not None:` the walk cannot
    # decide) and return: no next request is read after it. Answered and served on, it is.
    source = ("import socket\n\n\nclass Connection:\n    def __init__(self, sock):\n        self.sock = sock\n\n"
              "    def close(self):\n        if self.sock is not None:\n            self.sock.close()\n"
              "            self.sock = None\n\n"
              "    def serve(self, handler):\n        while True:\n            request = self.sock.recv(1024)\n"
              "            if not request:\n                return\n            if not request.startswith(b'GET '):\n"
              "                self.sock.sendall(b'HTTP/1.1 400 Bad Request\\r\\n\\r\\n')\n                {after}\n"
              "            handler(request)\n\n\n"
              "def main(handler):\n    server = socket.create_server(('', 8000))\n    while True:\n"
              "        sock, _ = server.accept()\n        Connection(sock).serve(handler)\n")
    assert not any(code == "NAG202" for code, _ in codes(source.format(after="self.close()\n                return")))
    assert ("NAG202", 27) in codes(source.format(after="continue"))


@pytest.mark.parametrize("family, reported", [("socket.AF_INET", True), ("socket.AF_UNIX", False)])
def test_a_listener_family_from_a_tuple_a_helper_returns_and_its_type_per_caller(family, reported):
    # `family, address = bind_params(host)` with each return a tuple written out, and one
    # listening helper called for SOCK_STREAM and for SOCK_DGRAM: the stream call's socket is
    # TCP (or AF_UNIX) by that tuple, whatever the datagram call makes
    source = ("import socket\n\n\ndef bind_params(host):\n    if host == 'any':\n"
              "        return {family}, ''\n    return {family}, host\n\n\n"
              "def listening(kind, host, port):\n    family, bind_host = bind_params(host)\n"
              "    sock = socket.socket(family, kind)\n    sock.bind((bind_host, port))\n    return sock\n\n\n"
              "def serve(host, port):\n    tcp = listening(socket.SOCK_STREAM, host, port)\n"
              "    udp = listening(socket.SOCK_DGRAM, host, port)\n    tcp.listen(5)\n    while True:\n"
              "        conn, _ = tcp.accept()\n        while True:\n            request = conn.recv(4096)\n"
              "            if not request:\n                break\n            conn.send(b'ACK')\n"
              "            conn.send(request)\n        conn.close()\n")
    found = codes(source.format(family=family))
    assert (("NAG102", 28) in found) is reported
    assert not any(code == "NAG102" and line != 28 for code, line in found)


@pytest.mark.parametrize("helper_keeps, reported", [(False, False), (True, True)])
def test_a_one_call_connection_read_through_helpers_keeps_its_fixed_sequence(helper_keeps, reported):
    # a handshake, its answer, one request, its answer, on a connection made in the call; the
    # answers are read by helpers the socket is handed to. Nothing is in flight when a request
    # is written, unless a helper files the socket where later code writes to it.
    source = ("import socket\n\nOPEN = []\n\n\ndef recv_exact(sock, n):\n    data = b''\n"
              "    while len(data) < n:\n        data += sock.recv(n - len(data))\n    return data\n\n\n"
              "def read_frame(sock):\n    {keep}\n    return recv_exact(sock, 8)\n\n\n"
              "def exchange(addr, request):\n    sock = socket.create_connection(addr)\n"
              "    sock.sendall(b'HELLO')\n    read_frame(sock)\n    sock.sendall(request)\n"
              "    return read_frame(sock)\n")
    keep = "OPEN.append(sock)" if helper_keeps else "pass"
    assert (("NAG201", 19) in codes(source.format(keep=keep))) is reported


@pytest.mark.parametrize("answers, reported", [("[reply]", False), ("[b'ACK', reply]", True)])
def test_a_loop_over_a_list_of_one_answer_at_most_is_no_write_loop(answers, reported):
    # a dispatcher that returns `[reply]` or `[]`: the loop writes one message per request
    source = ("import socket\n\n\nclass Server:\n    def dispatch(self, request):\n"
              "        if request.startswith(b'?'):\n            reply = request[1:]\n"
              "            return {answers}\n        return []\n\n"
              "    def serve(self, port):\n        listener = socket.create_server(('', port))\n"
              "        while True:\n            conn, _ = listener.accept()\n            while True:\n"
              "                request = conn.recv(1024)\n                if not request:\n                    break\n"
              "                answers = self.dispatch(request)\n                for answer in answers:\n"
              "                    conn.sendall(answer)\n")
    assert (("NAG103", 21) in codes(source.format(answers=answers))) is reported


@pytest.mark.parametrize("pause, reported", [
    ("time.sleep(self.timings.hold)", False), ("time.sleep(self.hold_ms / 1000)", False),
    ("time.sleep(self.hold)", True), ("time.sleep(0.01)", True)])
def test_a_sleep_for_a_duration_read_from_elsewhere_is_a_pause(pause, reported):
    # a key press, a sleep, the key release: a duration the code reads from a settings object
    # is a pause its author put between the writes; one known to be shorter than the delayed
    # ACK (`self.hold = 0.01`, a literal) is not
    source = ("import socket\nimport time\n\nfrom settings import Timings\n\n\nclass Remote:\n"
              "    def __init__(self, addr, timings=None):\n        self.sock = socket.create_connection(addr)\n"
              "        self.timings = timings or Timings()\n        self.hold = 0.01\n"
              "        self.hold_ms = self.timings.hold_ms\n\n"
              "    def press(self, key):\n        self.sock.sendall(b'DOWN ' + key)\n        {pause}\n"
              "        self.sock.sendall(b'UP ' + key)\n        return self.sock.recv(16)\n")
    assert (("NAG101", 17) in codes(source.format(pause=pause))) is reported


@pytest.mark.parametrize("use, reported", [("fixed", False), ("kept", True)])
def test_a_factory_with_a_none_placeholder_makes_a_connection_per_call(use, reported):
    # `sock = None` before the `try:` that makes and connects it is no kept connection: each
    # call of the factory makes its own. A call that uses its connection for a login and one
    # packet, then closes it, is a fixed sequence; one that keeps it on self is reused.
    source = ("import socket\n\n\nclass Uploader:\n    def _connect(self, addr):\n        sock = None\n"
              "        try:\n            sock = socket.socket()\n            sock.connect(addr)\n"
              "        except OSError:\n            if sock is not None:\n                sock.close()\n"
              "            raise\n        return sock\n\n"
              "    def _send(self, sock, msg):\n        sock.send(msg)\n        return sock.recv(1024)\n\n"
              "    def post(self, addr, login, packet):\n        {bind}\n        try:\n"
              "            self._send(sock, login)\n            return self._send(sock, packet)\n"
              "        finally:\n            {close}\n")
    bind, close = ("sock = self._connect(addr)", "sock.close()") if use == "fixed" else \
        ("sock = self.sock = self._connect(addr)", "pass")
    assert (("NAG201", 8) in codes(source.format(bind=bind, close=close))) is reported


@pytest.mark.parametrize("used, reported", [("StreamLink", True), ("DatagramLink", False)])
def test_a_socket_type_a_subclass_constructor_hands_its_base(used, reported):
    # the base keeps `self.type = kind` and opens `socket.socket(AF_INET, self.type)`; one
    # subclass hands it SOCK_STREAM through `super().__init__`, another SOCK_DGRAM: the
    # stream subclass's kept link is TCP, whatever its sibling makes
    source = ("import socket\n\n\nclass Link:\n    def __init__(self, addr, kind):\n        self.addr = addr\n"
              "        self.type = kind\n        self.sock = None\n\n"
              "    def open(self):\n        self.sock = socket.socket(socket.AF_INET, self.type)\n"
              "        self.sock.connect(self.addr)\n\n"
              "    def command(self, frame):\n        self.sock.sendall(frame)\n        return self.sock.recv(64)\n\n\n"
              "class StreamLink(Link):\n    def __init__(self, addr):\n        super().__init__(addr, socket.SOCK_STREAM)\n\n\n"
              "class DatagramLink(Link):\n    def __init__(self, addr):\n        super().__init__(addr, socket.SOCK_DGRAM)\n\n\n"
              "def main(addr):\n    link = {used}(addr)\n    link.open()\n    while True:\n        link.command(b'STATUS')\n")
    assert (("NAG201", 11) in codes(source.format(used=used))) is reported


PICKED_TYPE = '''import socket


class Link:
    def __init__(self, address, transport="tcp"):
        self.address, self.transport = address, transport

    def open(self):
        kind = socket.SOCK_STREAM if self.transport == "tcp" else socket.SOCK_DGRAM
        self.sock = socket.socket(socket.AF_INET, kind)
        self.sock.connect(self.address)

    def ask(self, line):
        self.sock.sendall(line)
        return self.sock.recv(64)

    def notify(self, line):
        if self.transport == "tcp":
            self.sock.sendall(line)
        else:
            self.sock.sendto(line, self.address)
'''


def test_socket_type_picked_between_stream_and_datagram_is_judged_on_its_tcp_path():
    [f] = check_source(PICKED_TYPE, "t.py").findings
    assert (f.code, f.span.line) == ("NAG201", 10)
    assert "when its type is SOCK_STREAM, not SOCK_DGRAM" in f.message
    assert f.fixes == ()  # TCP_NODELAY on the UDP path's socket would raise
    both_datagrams = PICKED_TYPE.replace("socket.SOCK_STREAM if", "socket.SOCK_RAW if")
    assert codes(both_datagrams) == []
    # a split on it: on the UDP path each write is a datagram, so no join (nor sendmsg) either
    split = PICKED_TYPE.replace("        self.sock.sendall(line)\n        return",
                                "        self.sock.sendall(b'CMD ')\n        self.sock.sendall(line)\n        return")
    found = {f.code: f for f in check_source(split, "t.py").findings}
    assert set(found) == {"NAG201", "NAG101"} and found["NAG101"].fixes == () and found["NAG201"].fixes == ()


SELECT_SERVER = '''import select
import socket


def serve():
    listener = socket.create_server(("", 1))
    watched = [listener]
    while True:
        ready, _, _ = select.select(watched, [], [])
        for sock in ready:
            if sock is listener:
                conn, _ = listener.accept()
                watched.append(conn)
            else:
                request = sock.recv(4096)
                sock.sendall(b"PENDING")
                sock.sendall(b"DONE")
'''


SELECT_CHAT = '''import select
import socket


class Chat:
    def __init__(self):
        self.listener = socket.create_server(("", 1))
        self.conns = [self.listener]

    def broadcast(self, sender, data):
        for other in self.conns:
            if other is not self.listener and other is not sender:
                other.sendall(data)

    def serve(self):
        while True:
            ready, _, _ = select.select(self.conns, [], [])
            for sock in ready:
                if sock is self.listener:
                    conn, _ = self.listener.accept()
                    self.conns.append(conn)
                else:
                    data = sock.recv(4096)
                    self.broadcast(sock, data)
                    sock.sendall(b"OK")
'''


def test_a_select_loops_response_in_pieces_waits_for_that_connections_next_turn():
    # the element is another connection on each turn, but each connection's own turns follow on
    assert codes(SELECT_SERVER) == [("NAG202", 12), ("NAG102", 17)]
    joined = SELECT_SERVER.replace('sock.sendall(b"PENDING")\n                ', "")
    assert codes(joined) == [("NAG202", 12)]  # one write a turn: nothing of one turn joins the next
    # the message passed on to the other clients, then one answer to the sender: the broadcast
    # loop's writes go to other connections of the container, one piece a turn for the sender
    assert codes(SELECT_CHAT) == [("NAG202", 20)]


BRANCHED_PARTIAL_SEND = '''import socket


class Session:
    def __init__(self, address):
        self.sock = socket.create_connection(address)

    def _send(self, data, flags):
        sent, view = 0, memoryview(data)
        while sent < len(view):
            if flags:
                n = self.sock.send(view[sent:], flags)
            else:
                n = self.sock.send(view[sent:])
            sent += n

    def call(self, data, flags=0):
        self._send(data, flags)
        return self.sock.recv(100)
'''


def test_a_partial_send_loop_with_a_send_in_each_arm_sends_one_message():
    assert codes(BRANCHED_PARTIAL_SEND) == [("NAG201", 6)]
    other = BRANCHED_PARTIAL_SEND.replace("else:\n                n = self.sock.send(view[sent:])",
                                          "else:\n                n = self.sock.send(b'PING')")
    assert ("NAG103", 12) in codes(other)  # (another buffer in one arm: pieces of a loop)


@pytest.mark.parametrize("imported, found", [
    ("from mailkit._vendor import smtpd", [("NAG202", 3)]),  # a copy kept since 3.12 dropped it
    ("import mailkit.vendor.smtpd as smtpd", [("NAG202", 3)]),
    ("from mailkit.protocols import smtpd", []),  # a module of the project's own, not a copy
])
def test_a_server_built_on_a_vendored_copy_of_smtpd(imported, found):
    source = (f"{imported}\n\n"
              "class MailSink(smtpd.SMTPServer):\n"
              "    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):\n"
              "        return None\n")
    assert codes(source) == found


CLOSED_THROUGH_LIST = '''import socket


def ask(address, packet):
    sockets = []
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sockets.append(sock)
    try:
        sock.connect(address)
        {use}
    finally:
        for each in sockets:
            {close}
'''


@pytest.mark.parametrize("use, close, reported", [
    ("sock.sendall(packet)\n        return sock.recv(64)", "each.close()", False),  # one exchange, then closed
    ("while True:\n            sock.sendall(packet)\n            print(sock.recv(64))", "each.close()", True),
    ("sock.sendall(packet)\n        return sock.recv(64)", "if each.fileno() > 2:\n                each.close()", True),
])
def test_a_connection_closed_through_the_local_list_that_holds_it_is_closed(use, close, reported):
    source = CLOSED_THROUGH_LIST.format(use=use, close=close)
    assert (("NAG201", 6) in codes(source)) is reported


# a kept connection written and read through helpers; each test adds the method that asks
METER = '''import socket
import time


class Meter:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 4001))

    def _send(self, data):
        self.sock.sendall(data)

    def _recv(self):
        return self.sock.recv(64)

    def configure(self, setting):
        self._send(setting)
'''
PAUSED_QUERY = METER + '''
    def reading(self):
        self._send(b"READ?\\r\\n")
{between}        return self._recv()
'''


@pytest.mark.parametrize("between, reported", [
    ("        time.sleep(0.5)\n", False),  # whatever Nagle held went out before the pause ended
    ("", True),
    ("        time.sleep(0.5)\n        self._send(b'\\r\\n')\n", True),  # a write after the pause
    ("        if self.slow:\n            time.sleep(0.5)\n", True),  # not on every path
    ("        time.sleep(0.01)\n", True),  # shorter than a delayed ACK
])
def test_a_read_right_after_a_pause_is_no_request_response_evidence(between, reported):
    source = PAUSED_QUERY.format(between=between)
    assert (("NAG201", 7) in codes(source)) is reported


BASE_SENDS_THROUGH_OVERRIDE = '''import socket
import threading


class Interface:
    def send_msg(self, address, *args):
        self._send(encode(address, args))

    def _send(self, data):
        raise NotImplementedError


class TcpInterface(Interface):
    def __init__(self, target):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, {nodelay})
        self.sock.connect(target)
        threading.Thread(target=self._listen, daemon=True).start()

    def _listen(self):
        while True:
            size = int.from_bytes(self.sock.recv(4), "big")
            self.handle(self.sock.recv(size))

    def _send(self, data):
        {writes}


def encode(address, args):
    return repr((address, args)).encode()
'''


@pytest.mark.parametrize("nodelay, writes, found", [
    (0, "self.sock.send(len(data).to_bytes(4, 'big'))\n        self.sock.send(data)", [("NAG101", 27)]),
    (0, "self.sock.send(len(data).to_bytes(4, 'big') + data)", []),
    (1, "self.sock.send(len(data).to_bytes(4, 'big'))\n        self.sock.send(data)", []),
])
def test_a_base_public_method_leaves_the_split_its_subclass_override_writes(nodelay, writes, found):
    source = BASE_SENDS_THROUGH_OVERRIDE.format(nodelay=nodelay, writes=writes)
    assert [c for c in codes(source) if c[0] != "NAG201"] == found


ROWS_TO_CONSTRUCTOR = '''import socket


class Recorder:
    def __init__(self, streams=None):
        self.configure(rows=streams, host=socket.gethostname())

    def configure(self, rows, host):
        for name, where in rows:
            chosen = where if where else host

    def record(self, messages):
        for message in messages:
            data = s.recv(1024)


if __name__ == "__main__":
    Recorder(streams=[("amp", None), ("amp-trigger", "localhost")])
'''


def test_a_list_literal_handed_to_a_constructor_and_unpacked_by_column_is_analysed():
    # (the constructor's argument was indexed with the column of each row: an IndexError)
    result = check_source(ROWS_TO_CONSTRUCTOR, "t.py")
    assert result.error is None and result.findings == ()


RECEIPT_THEN_JOB = '''import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass


@dataclass
class Session:
    peer: tuple
    conn: socket.socket


class Server:
    def __init__(self, port):
        self.port = port
        self.jobs = ThreadPoolExecutor(4)

    def serve(self):
        listener = socket.create_server(("127.0.0.1", self.port))
        while True:
            conn, peer = listener.accept()
            threading.Thread(target=self._serve_client, args=(conn, peer)).start()

    def _serve_client(self, conn, peer):
        session = Session(peer=peer, conn=conn)
        try:
            while True:
                request = conn.recv(4096)
                if not request:
                    break
                {answer}
        finally:
            conn.close()

    def _write(self, session, frame):
        session.conn.sendall(frame)

    def _answer(self, session, request):
        self._write(session, request.upper())
'''


@pytest.mark.parametrize("answer, split", [
    # a receipt at once, the answer from a worker job: two writes before the next request
    ("self._write(session, b'receipt')\n                self.jobs.submit(self._answer, session, request)", True),
    ("self.jobs.submit(self._answer, session, request)", False),  # the job's one write
    ("self._write(session, b'receipt')\n                self._write(session, request.upper())", True),
])
def test_a_server_answering_through_an_object_built_around_its_connection_and_a_worker_job(answer, split):
    found = codes(RECEIPT_THEN_JOB.format(answer=answer))
    assert ("NAG202", 21) in found  # (conn.close() in the finally no longer hides the session's writes)
    assert any(code == "NAG102" for code, _ in found) is split


KEYED_FAN_OUT = '''import socket


class Hub:
    def __init__(self, owner):
        self.owner = owner
        self.peers = dict()
        self.subscribers = set()

    def join(self, peer):
        self.peers[peer] = socket.create_connection(peer)
        self.subscribers.add(peer)

    def ask(self, peer, question):
        sock = self.peers[peer]
        sock.sendall(question)
        return sock.recv(64)

    def publish(self, event):
        for peer in self.subscribers:
            {lookup}
            self._write(sock, event)

    def _write(self, sock, data):
        sock.sendall(data)
'''


@pytest.mark.parametrize("lookup, write_loop", [
    ("sock = self.peers.get(peer)", False),  # another peer's connection each turn
    ("sock = self.peers[peer]", False),
    ("sock = self.peers.get(self.owner)", True),  # the same one every turn
])
def test_a_loop_that_looks_up_each_turns_connection_by_its_key_writes_once_to_each(lookup, write_loop):
    found = codes(KEYED_FAN_OUT.format(lookup=lookup))
    assert ("NAG201", 11) in found
    assert any(code == "NAG103" for code, _ in found) is write_loop


SELECT_SERVER_CLOSING_BROKEN = '''import select
import socket


def serve(port):
    listener = socket.create_server(("127.0.0.1", port))
    sockets = [listener]
    while True:
        readable, _, broken = select.select(sockets, [], sockets, 1)
        for sock in readable:
            if sock is listener:
                conn, _ = listener.accept()
                sockets.append(conn)
            else:
                sock.sendall(sock.recv(1024).upper())
        for sock in broken:
            sockets.remove(sock)
            sock.close()
'''


def test_closing_each_broken_connection_of_a_select_loop_leaves_the_others_open():
    # (the broken list is a subset of the connections the server keeps serving)
    assert ("NAG202", 12) in codes(SELECT_SERVER_CLOSING_BROKEN)


OVERRIDDEN_INIT = '''import socket


class Transport:
    def __init__(self, address):
        self.sock = socket.create_connection(address)

    def transmit(self, frame):
        self.sock.sendall(frame)

    def receive(self):
        return self.sock.recv(1024)


class MulticastTransport(Transport):
    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def transmit(self, frame):
        self.sock.sendto(frame, ("239.0.0.1", 61616))


class Connection:
    def __init__(self, transport):
        self.transport = transport

    def send(self, frame):
        self.transport.transmit(frame)
        return self.transport.receive()


class MulticastConnection(Connection):
    def __init__(self):
        {init}

    def commit(self, frames):
        for frame in frames:
            self.transport.transmit(frame)
        return self.transport.receive()


def main():
    connection = Connection(Transport(("broker", 61613)))
    connection.send(b"CONNECT")
'''


@pytest.mark.parametrize("init, write_loop", [
    ("self.transport = MulticastTransport()", False),  # the base __init__ never runs for it
    ("super().__init__(Transport(('broker', 61614)))", True),
])
def test_a_base_constructor_an_override_does_not_call_types_nothing_for_the_subclass(init, write_loop):
    found = codes(OVERRIDDEN_INIT.format(init=init))
    assert any(code == "NAG103" for code, _ in found) is write_loop


STATS_BY_KEY = '''import socket


def report(address, stats):
    sock = socket.create_connection(address)
    while True:
        for key in sorted(stats):
            value = stats[key]
            sock.send(f"STAT {key} {value}\\r\\n".encode())
        sock.send(b"END\\r\\n")
        sock.recv(64)
'''


def test_a_value_looked_up_by_the_loop_key_and_written_on_one_socket_is_still_a_write_loop():
    # (the per-turn name is the payload, not the connection: every turn writes on `sock`)
    assert ("NAG103", 9) in codes(STATS_BY_KEY)


PUBLIC_READ_PAUSED_INSIDE = '''import socket
import time


class Meter:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 4001))

    def write(self, line):
        self.sock.sendall(line)

    def read(self):
        return self.sock.recv(64)

    def reset(self):
        self.write(b"*RST\\n")
        time.sleep(1)
        return self.read()
'''


def test_a_public_read_paused_before_in_one_method_may_be_called_at_once_by_others():
    # (other modules' code may call write() then read() with no pause between)
    assert ("NAG201", 7) in codes(PUBLIC_READ_PAUSED_INSIDE)


RECONNECT_HANDSHAKE = '''import socket
import time


class Handler:
    CONNECTING, CONNECTED, CLOSED = "CONNECTING", "CONNECTED", "CLOSED"

    def __init__(self, address, kind, post_connect=None):
        self.address, self.type, self.post_connect = address, kind, post_connect
        self.running, self.connected, self.next_connect = True, Handler.CLOSED, 0

    def open(self):
        while self.running and self.CONNECTED != self.connected:
            try:
                if self.connected == Handler.CLOSED and self.next_connect < time.time():
                    self.socket = socket.socket(socket.AF_INET, self.type)
                    self.open_impl()
                    self.connected = Handler.CONNECTED
                    if self.post_connect is not None:
                        self.write(self.post_connect)
            except ConnectionAbortedError:
                return False
            except OSError:
                self.next_connect = time.time() + 1
        return self.connected == self.CONNECTED

    def write(self, message):
        try:
            self.write_impl(message)
            return True
        except OSError:
            return False


class TcpHandler(Handler):
    def __init__(self, address, server=True, post_connect=None):
        super().__init__(address, socket.SOCK_STREAM, post_connect)
        self.server = server

    def open_impl(self):
        if self.server:
            self.socket.bind(self.address)
            self.socket.listen(1)
            self.client, _ = self.socket.accept()
        else:
            self.socket.connect(self.address)
            self.client = self.socket

    def read_impl(self):
        return self.client.recv(4096)

    def write_impl(self, message):
        while self.connected != Handler.CONNECTED or self.client is None:
            pass
        self.client.sendall(message)
'''


def test_a_base_reconnect_loop_writing_one_handshake_per_connection_is_no_write_loop_for_the_subclass():
    # (the loop turns again only when connecting failed: one handshake per connection)
    assert [c for c in codes(RECONNECT_HANDSHAKE) if c[0] == "NAG103"] == []


POLLED_STATUS = METER + '''
    def monitor(self):
        {body}
'''


@pytest.mark.parametrize("body, reported", [
    # the pause is in the read's own turn, after the turn's request: nothing Nagle held is left
    ("while True:\n            self._send(b'READ?')\n            time.sleep(1)\n            print(self._recv())", False),
    ("while True:\n            time.sleep(1)\n            self._send(b'READ?')\n            print(self._recv())", True),
    # a pause before a loop whose header reads: later turns read right after their own write
    ("self._send(b'SUB')\n        time.sleep(1)\n        while self._recv():\n            self._send(b'ACK')", True),
])
def test_a_pause_in_a_polling_loops_turn_comes_before_that_turns_read(body, reported):
    assert (("NAG201", 7) in codes(POLLED_STATUS.format(body=body))) is reported



def test_a_first_piece_written_by_a_loop_is_counted_as_more_than_one():
    """Set-up commands written one by one in a loop (through the transport's write()), then a
    query: the query is held behind the loop's last piece, and the request is in as many pieces
    as the loop runs, 2 or more, not exactly 2."""
    source = ("import socket\n\n\nclass Transport:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 5025))\n\n"
              "    def write(self, text):\n"
              "        self.sock.sendall(text.encode())\n\n"
              "    def query(self, text):\n"
              "        self.write(text)\n"
              "        return self.sock.recv(64)\n\n\n"
              "def setup(scope, commands):\n"
              "    for command in commands:\n"
              "        scope.write(command)\n"
              "    return scope.query('*OPC?')\n\n\n"
              "def main():\n"
              "    scope = Transport('h')\n"
              "    while True:\n"
              "        setup(scope, [':RUN', ':STOP'])\n")
    found = [f for f in check_source(source, "t.py").findings if f.code == "NAG101"]
    assert [f.span.line for f in found] == [19]
    assert "in 2+ pieces" in found[0].message and "1st at line 18," in found[0].message


def test_an_error_reply_in_a_handler_is_no_piece_of_the_reply_the_body_wrote():
    """A handler runs when the body's read failed (it waited, or the connection is gone) or
    when its trailing write failed (nothing it sent can be followed): the error reply is a
    message of its own. A split inside the body is still one."""
    source = ("import socket\n\n\n"
              "def serve(port):\n"
              "    listener = socket.create_server(('', port))\n"
              "    while True:\n"
              "        conn, _ = listener.accept()\n"
              "        while True:\n"
              "            try:\n"
              "                data = conn.recv(1024)\n"
              "                if not data:\n"
              "                    break\n"
              "                conn.sendall(data.upper())\n"
              "            except UnicodeError:\n"
              "                conn.sendall(b'bad')\n"
              "            except Exception:\n"
              "                conn.sendall(b'err')\n")
    codes = [f.code for f in check_source(source, "t.py").findings]
    assert codes == ["NAG202"]
    split = source.replace("                conn.sendall(data.upper())\n",
                           "                conn.sendall(data.upper())\n                conn.sendall(b'.')\n")
    found = [(f.code, f.span.line) for f in check_source(split, "t.py").findings]
    assert found == [("NAG202", 7), ("NAG102", 14)]



def test_a_call_a_worker_thread_makes_for_the_awaiting_caller_is_walked_in_place():
    """`await asyncio.to_thread(sock.sendall, b)` and `await loop.run_in_executor(None,
    sock.recv, n)` write and read the socket there, in order: a split before the reply."""
    source = ("import asyncio\nimport socket\n\n\n"
              "class Link:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 4352))\n\n"
              "    async def command(self, text):\n"
              "        await asyncio.to_thread(self.sock.sendall, text)\n"
              "        await asyncio.to_thread(self.sock.sendall, b'\\r')\n"
              "        loop = asyncio.get_running_loop()\n"
              "        return await loop.run_in_executor(None, self.sock.recv, 256)\n")
    found = [(f.code, f.span.line) for f in check_source(source, "t.py").findings]
    assert found == [("NAG201", 7), ("NAG101", 11)]
    assert "reply read at line 13" in check_source(source, "t.py").findings[1].message


def test_a_helper_a_worker_thread_runs_each_turn_makes_its_own_connection():
    """A websocket loop hands each request to a worker thread that connects, logs in, sends
    one command after the login's reply and closes: a fixed sequence of exchanges on a
    connection of its own each turn, nothing in flight when it writes."""
    source = ("import asyncio\nimport socket\n\n\n"
              "def exchange(host, command):\n"
              "    with socket.create_connection((host, 13400)) as sock:\n"
              "        sock.sendall(b'LOGIN')\n"
              "        sock.recv(64)\n"
              "        sock.sendall(command)\n"
              "        return sock.recv(4096)\n\n\n"
              "async def serve(websocket, host):\n"
              "    loop = asyncio.get_running_loop()\n"
              "    while True:\n"
              "        command = await websocket.receive_bytes()\n"
              "        reply = await loop.run_in_executor(None, exchange, host, command)\n"
              "        await websocket.send_bytes(reply)\n")
    assert check_source(source, "t.py").findings == ()


def test_only_an_awaited_runner_call_is_read_in_place():
    """A runner nothing awaits (`loop.run_in_executor(None, beat)` started and left running)
    runs its function later, in another thread: a function that never returns does not end
    the caller's path there, and the split after it is still reported."""
    source = ("import asyncio\nimport socket\nimport time\n\n\n"
              "def beat(path):\n"
              "    while True:\n"
              "        with open(path, 'w') as f:\n"
              "            f.write(str(time.time()))\n"
              "        time.sleep(5)\n\n\n"
              "async def main(addr, commands):\n"
              "    asyncio.get_running_loop().run_in_executor(None, beat, '/tmp/alive')\n"
              "    sock = socket.create_connection(addr)\n"
              "    for command in commands:\n"
              "        sock.sendall(b'CMD ')\n"
              "        sock.sendall(command)\n"
              "        print(sock.recv(4096))\n")
    found = [(f.code, f.span.line) for f in check_source(source, "t.py").findings]
    assert ("NAG101", 18) in found


def test_splits_through_worker_thread_calls_in_two_methods_are_two_findings():
    """The call read in place of `asyncio.to_thread(...)` is where the runner is: each method's
    split is told apart by the function that holds it."""
    source = ("import asyncio\nimport socket\n\n\n"
              "class Client:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 1))\n\n"
              "    def _reply(self):\n"
              "        return self.sock.recv(4096)\n\n"
              "    async def get(self, key):\n"
              "        await asyncio.to_thread(self.sock.sendall, b'GET ')\n"
              "        await asyncio.to_thread(self.sock.sendall, key)\n"
              "        return await asyncio.to_thread(self._reply)\n\n"
              "    async def delete(self, key):\n"
              "        await asyncio.to_thread(self.sock.sendall, b'DEL ')\n"
              "        await asyncio.to_thread(self.sock.sendall, key)\n"
              "        return await asyncio.to_thread(self._reply)\n")
    found = [(f.code, f.span.line) for f in check_source(source, "t.py").findings if f.code == "NAG101"]
    assert found == [("NAG101", 14), ("NAG101", 19)]


@pytest.mark.parametrize("after, reported", [
    ("log.info('sent %s for %s', cmd, meta['user'])", True),  # (a KeyError after the write)
    ("log.info('sent %s', cmd)", False),
    ("print(f'sent {cmd.strip()}')", False),
])
def test_a_log_line_after_the_write_raises_only_through_its_arguments(after, reported):
    """A handler runs after the trailing write only when something after it raised: a log line
    or print of names does not, an argument that looks a key up may."""
    source = ("import logging\nimport socket\n\nlog = logging.getLogger(__name__)\n\n\n"
              "class Client:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 1))\n\n"
              "    def call(self, cmd, meta):\n"
              "        try:\n"
              "            self.sock.sendall(cmd)\n"
              f"            {after}\n"
              "        except KeyError:\n"
              "            self.sock.sendall(b'ANON')\n"
              "        return self.sock.recv(4096)\n")
    found = [(f.code, f.span.line) for f in check_source(source, "t.py").findings]
    assert (("NAG101", 16) in found) is reported


def test_a_send_retried_until_it_goes_through_is_one_piece_of_the_count():
    """`for attempt in range(3): try: sendall(x); break`: the loop writes x once; the request
    it starts is in 2 pieces, not 2+."""
    source = ("import socket\nimport time\n\n\n"
              "class Client:\n"
              "    def __init__(self, host):\n"
              "        self.sock = socket.create_connection((host, 1))\n\n"
              "    def call(self, cmd):\n"
              "        for attempt in range(3):\n"
              "            try:\n"
              "                self.sock.sendall(b'CMD ')\n"
              "                break\n"
              "            except InterruptedError:\n"
              "                time.sleep(0.1)\n"
              "        self.sock.sendall(cmd)\n"
              "        return self.sock.recv(4096)\n")
    found = [f for f in check_source(source, "t.py").findings if f.code == "NAG101"]
    assert [f.span.line for f in found] == [16] and "in 2 pieces" in found[0].message
