"""A TCP_NODELAY fix goes only where it helps and is harmless on every path: TCP only, at the
creation site, once per connection; the handler attribute only where the stock setup() runs on a
TCP server. Each rule has a case that gets the fix and one that must not."""
from __future__ import annotations

import pytest

from nagle_lint.engine import check_source
from nagle_lint.fixer import fix_text
from nagle_lint.settings import Settings

ASK = "for q in qs:\n    s.sendall(q)\n    s.recv(1)\n"


@pytest.fixture(autouse=True)
def strict_fixes(monkeypatch):
    monkeypatch.setenv("NAGLE_LINT_STRICT_FIXES", "1")


def fixed(src: str) -> str:
    return fix_text(src, "t.py", Settings()).text


# -- AF_UNIX made through a green socket module -------------------------------------------------------
@pytest.mark.parametrize("module", ["from eventlet.green import socket", "from gevent import socket"])
def test_green_af_unix_socket_gets_no_nodelay(module):
    src = f"{module}\ns = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\ns.connect(path)\n" + ASK
    assert "TCP_NODELAY" not in fixed(src)


@pytest.mark.parametrize("module", ["from eventlet.green import socket", "from gevent import socket"])
def test_green_tcp_socket_gets_nodelay_in_the_green_module_spelling(module):
    src = f"{module}\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\ns.connect(addr)\n" + ASK
    out = fixed(src)
    assert "s.connect(addr)\ns.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n" in out
    assert out.startswith(module + "\n") and out.count("import") == 1


# -- TCP or AF_UNIX by branch -----------------------------------------------------------------
BRANCHES = ("import socket\n\n\nclass C:\n    def __init__(self, path, addr):\n"
            "        if path:\n            self.s = socket.socket(socket.AF_UNIX)\n            self.s.connect(path)\n"
            "        else:\n            self.s = socket.create_connection(addr)\n\n"
            "    def call(self, q):\n        self.s.sendall(q)\n        return self.s.recv(9)\n")


def test_a_family_chosen_at_run_time_gets_no_fix():
    # one creation site that is AF_UNIX or TCP: reported for the TCP case, never fixed (a
    # setsockopt there would raise OSError on the AF_UNIX path)
    src = BRANCHES.replace("socket.create_connection(addr)", "socket.socket(socket.AF_UNIX if path else socket.AF_INET)")
    assert [f.code for f in check_source(src, "t.py").findings] == ["NAG201"]
    assert "TCP_NODELAY" not in fixed(src)


def test_tcp_and_unix_in_separate_branches_fix_only_the_tcp_one():
    out = fixed(BRANCHES)
    assert ("            self.s = socket.create_connection(addr)\n"
            "            self.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n") in out
    assert out.count("TCP_NODELAY") == 1  # nothing after the AF_UNIX socket


def test_a_helper_that_returns_a_tcp_or_an_af_unix_socket_gets_no_fix_where_it_is_bound():
    # the caller's `self.sock = connect(addr)` holds either: TCP_NODELAY set there would raise
    # OSError on the AF_UNIX path (os-ken's zclient: AF_UNIX is its default)
    src = ("import os\nimport socket\n\n\ndef connect(address):\n"
           "    host, _ = address\n"
           "    if host[0].isdigit():\n        return socket.create_connection(address)\n"
           "    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
           "    sock.connect(host)\n    return sock\n\n\n"
           "class Z:\n    def start(self, addr):\n        self.sock = connect(addr)\n\n"
           "    def call(self, q):\n        self.sock.sendall(q)\n        return self.sock.recv(4)\n")
    result = check_source(src, "t.py")
    assert [f.code for f in result.findings] == ["NAG201"] and "not AF_UNIX" in result.findings[0].message
    assert "TCP_NODELAY" not in fixed(src)


# -- request handlers: stock setup(), TCP server -------------------------------------------------
HANDLER = ("import socketserver\n\n\nclass H(socketserver.StreamRequestHandler):\n{setup}"
           "    def handle(self):\n        for line in self.rfile:\n            self.wfile.write(line)\n{serve}")
ATTRIBUTE = "    disable_nagle_algorithm = True\n"


@pytest.mark.parametrize("setup", [
    "",
    "    def setup(self):\n        super().setup()\n        self.count = 0\n\n",
])
def test_handler_with_the_stock_setup_on_a_tcp_server_gets_the_attribute(setup):
    src = HANDLER.format(setup=setup, serve="\n\nsocketserver.TCPServer(('', 0), H).serve_forever()\n")
    assert ATTRIBUTE in fixed(src)


def test_handler_with_an_own_setup_gets_no_attribute_but_a_guarded_call_in_it():
    # the flag is read only by StreamRequestHandler.setup(): here it would do nothing; the call
    # goes first in the own setup(), for TCP connections only (the class could serve a Unix
    # server this module does not show)
    src = HANDLER.format(setup="    def setup(self):\n        pass\n\n", serve="")
    assert [f.code for f in check_source(src, "t.py").findings] == ["NAG202"]
    out = fixed(src)
    assert "disable_nagle_algorithm" not in out
    assert ("    def setup(self):\n"
            "        if self.request.family in (socket.AF_INET, socket.AF_INET6):\n"
            "            self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
            "        pass\n") in out
    assert out.startswith("import socket\nimport socketserver\n")
    assert check_source(out, "t.py").findings == ()  # the finding is gone


def test_handler_served_by_a_unix_server_gets_no_fix():
    # with the stock setup() the flag would raise OSError on every Unix connection
    src = HANDLER.format(setup="", serve="\n\nsocketserver.UnixStreamServer('/tmp/s', H).serve_forever()\n")
    out = fixed(src)
    assert "disable_nagle_algorithm" not in out and "TCP_NODELAY" not in out


# -- pools: at the creation, once per connection -------------------------------------------------
POOL = """import queue
import socket


class Pool:
    def __init__(self, addr, size):
        self.addr = addr
        self.idle = queue.Queue()
        for _ in range(size):
            self.idle.put(self._create())

    def _create(self):
        sock = socket.create_connection(self.addr)
        return sock

    def call(self, q):
        s = self.idle.get()
        s.sendall(q)
        reply = s.recv(1)
        s.sendall(q)
        reply += s.recv(1)
        self.idle.put(s)
        return reply
"""


def test_a_pooled_connection_gets_nodelay_where_the_pool_creates_it():
    out = fixed(POOL)
    assert ("        sock = socket.create_connection(self.addr)\n"
            "        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n        return sock\n") in out
    assert out.count("TCP_NODELAY") == 1


def test_a_pooled_connection_never_gets_nodelay_after_each_get():
    # the factory returns the socket unnamed: it is named in the factory (once per socket), never
    # after `self.idle.get()`, which runs on every call
    src = POOL.replace("        sock = socket.create_connection(self.addr)\n        return sock\n",
                       "        return socket.create_connection(self.addr)\n")
    out = fixed(src)
    assert "s = self.idle.get()\n        s.setsockopt" not in out
    assert ("    def _create(self):\n        sock = socket.create_connection(self.addr)\n"
            "        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n        return sock\n") in out
    assert out.count("TCP_NODELAY") == 1


# -- a factory method a subclass overrides ------------------------------------------------------
FACTORY = ("import socket\n\n\nclass Client:\n    def __init__(self, addr):\n        self.addr = addr\n"
           "        self.sock = self._create_socket()\n\n"
           "    def _create_socket(self):\n        return socket.create_connection(self.addr)\n\n"
           "    def command(self, q):\n        self.sock.sendall(q)\n        return self.sock.recv(9)\n")
UNIX_SUBCLASS = ("\n\nclass UnixClient(Client):\n    def _create_socket(self):\n"
                 "        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
                 "        sock.connect(self.addr)\n        return sock\n")


def test_a_factory_method_no_one_overrides_gets_nodelay_where_its_result_is_kept():
    out = fixed(FACTORY)
    assert ("        self.sock = self._create_socket()\n"
            "        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n") in out


def test_an_overridden_factory_method_gets_nodelay_inside_it_not_after_the_shared_call():
    # the subclass's AF_UNIX socket goes through the same `self.sock = self._create_socket()`:
    # a setsockopt there would raise OSError (EOPNOTSUPP) for every UnixClient
    out = fixed(FACTORY + UNIX_SUBCLASS)
    assert "self.sock = self._create_socket()\n        self.sock.setsockopt" not in out
    assert ("        sock = socket.create_connection(self.addr)\n"
            "        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n        return sock\n") in out
    assert out.count("TCP_NODELAY") == 1


def test_an_overridden_factory_with_a_return_per_path_gets_nodelay_on_each():
    # imaplib's `_create_socket()`: `if timeout is not None: return create_connection(a, timeout)`,
    # then `return create_connection(a)`; both returns make the socket, both get the line
    two_paths = FACTORY.replace(
        "        return socket.create_connection(self.addr)\n",
        "        if self.timeout is not None:\n            return socket.create_connection(self.addr, self.timeout)\n"
        "        return socket.create_connection(self.addr)\n").replace(
        "        self.addr = addr\n", "        self.addr = addr\n        self.timeout = None\n")
    out = fixed(two_paths + UNIX_SUBCLASS)
    assert ("            sock = socket.create_connection(self.addr, self.timeout)\n"
            "            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n            return sock\n") in out
    assert ("        sock = socket.create_connection(self.addr)\n"
            "        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n        return sock\n") in out
    assert out.count("TCP_NODELAY") == 2


# -- a try that only guards the creation ------------------------------------------------------
GUARDED = ("import socket\n\n\ndef open_conn(addr):\n    try:\n        sock = socket.create_connection(addr)\n"
           "    except OSError as e:\n        {handler}\n    for q in (b'a', b'b'):\n"
           "        sock.sendall(q)\n        sock.recv(1)\n    return sock\n")


def test_nodelay_goes_past_a_try_whose_handler_reports_connection_errors():
    # inside the try, a setsockopt failure would be reported as "cannot connect"
    out = fixed(GUARDED.format(handler="raise ConnectionError(addr) from e"))
    assert ("        raise ConnectionError(addr) from e\n"
            "    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n") in out


def test_nodelay_stays_in_the_try_when_its_handler_falls_through():
    # after `except: sock = None` the name may be None past the try: the line stays inside
    out = fixed(GUARDED.format(handler="sock = None"))
    assert ("        sock = socket.create_connection(addr)\n"
            "        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n") in out


# a try whose body hands the socket on and returns: past the try, only a failed connect goes
GUARDED_RETURN = ("import socket\n\n\nclass Display:\n    def __init__(self, sock):\n        self.sock = sock\n\n"
                  "    def ask(self, q):\n        self.sock.sendall(q)\n        return self.sock.recv(1)\n\n"
                  "    @classmethod\n    def open(cls, addr):\n        try:\n"
                  "            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
                  "            sock.connect(addr)\n            return cls(sock)\n"
                  "        except OSError:\n            raise ConnectionError(addr)\n")


def test_nodelay_stays_in_a_guarding_try_whose_body_returns():
    out = fixed(GUARDED_RETURN)
    assert ("            sock.connect(addr)\n"
            "            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
            "            return cls(sock)\n") in out


def test_a_socket_remade_only_once_the_old_one_was_dropped_gets_the_fix_at_both_sites():
    # __init__'s socket is the one connect() connects on the common path; connect() makes a new
    # one only after disconnect() cleared the attribute (aiosmpp): both need the option
    src = ("import socket\n\n\nclass Client:\n    def __init__(self, addr):\n        self.addr = addr\n"
           "        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n\n"
           "    def connect(self):\n        if self._sock is None:\n"
           "            self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
           "        self._sock.connect(self.addr)\n\n"
           "    def disconnect(self):\n        self._sock.close()\n        self._sock = None\n\n"
           "    def call(self, pdu):\n        self._sock.send(pdu)\n        return self._sock.recv(4)\n")
    out = fixed(src)
    assert out.count("TCP_NODELAY") == 2
    assert ("        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n"
            "        self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n") in out
