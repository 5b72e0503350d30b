"""Before/after tests for every fix: join, sendmsg, write-loop, nodelay; comments, odd
formatting, CRLF, a latin-1 file, and the cases that must not be fixed."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from nagle_lint.engine import check_source, decode
from nagle_lint.fixes.tree import parse
from nagle_lint.fixer import fix_file, fix_text
from nagle_lint.model import Applicability
from nagle_lint.settings import Settings

ALL = Settings(select=("ALL",))
# A kept connection: one exchange already made, so the next split request stalls.
CLIENT = "import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n"


@pytest.fixture(autouse=True)
def strict_fixes(monkeypatch):
    monkeypatch.setenv("NAGLE_LINT_STRICT_FIXES", "1")  # a bug in a fix fails the test


def fixes_of(source: str, code: str | None = None, settings: Settings = ALL):
    result = check_source(source, "t.py", settings)
    assert result.error is None, result.error
    return [fix for f in result.findings if code is None or f.code == code for fix in f.fixes]


def by_strategy(source: str, strategy: str, code: str | None = None):
    found = [f for f in fixes_of(source, code) if f.strategy == strategy]
    return found[0] if found else None


def fixed(source: str, strategy: str | None = None, unsafe: bool = False, select=("ALL",)) -> str:
    settings = Settings(select=select, unsafe_fixes=unsafe)
    outcome = fix_text(source, "t.py", settings, strategy)
    parse(outcome.text)
    again = fix_text(outcome.text, "t.py", settings, strategy)
    assert not again.changed, "a second pass changed the code"
    return outcome.text


# -- join -------------------------------------------------------------------------------------------
def test_join_folds_literals_and_keeps_the_trailing_comment():
    src = CLIENT + "s.sendall(b'GET ')  \ns.sendall(path)  # the target\ns.sendall(b' HTTP/1.0\\r\\n')\ns.recv(1)\n"
    assert fixed(src, select=("NAG101",)) == (
        CLIENT + "s.sendall(b''.join((b'GET ', path, b' HTTP/1.0\\r\\n')))  # the target  \ns.recv(1)\n")


def test_join_of_two_names_is_a_plus_and_of_three_a_join_in_the_files_quotes():
    src = CLIENT + "s.sendall(head)\ns.sendall(body)\ns.recv(1)\n"
    assert fixed(src, select=("NAG101",)) == CLIENT + 's.sendall(head + body)\ns.recv(1)\n'
    src = CLIENT + "s.sendall(head)\ns.sendall(body)\ns.sendall(b'\\r\\n')\ns.recv(1)\n"
    assert fixed(src, select=("NAG101",)) == CLIENT + "s.sendall(b''.join((head, body, b'\\r\\n')))\ns.recv(1)\n"
    # a first piece that may be a memoryview (no `+`): a join even for two
    src = CLIENT + "view = memoryview(data)\ns.sendall(view)\ns.sendall(body)\ns.recv(1)\n"
    assert "s.sendall(b''.join((view, body)))\n" in fixed(src, select=("NAG101",))


def test_join_keeps_comments_on_both_lines_and_between():
    src = (CLIENT + "if ready:\n    s.sendall(head)  # header\n    # now the body\n\n    s.sendall(body)  # body\n"
           "    s.recv(1)\n")
    out = fixed(src, select=("NAG101",))
    assert out == (CLIENT + "if ready:\n    s.sendall(head + body)  # header\n    # now the body\n\n"
                   "    # body\n    s.recv(1)\n")


def test_join_of_odd_formatting_multiline_calls_and_semicolons():
    src = CLIENT + "s.sendall(\n    head\n)\ns.sendall(body[\n    1:])\ns.recv(1)\n"
    assert fixed(src, select=("NAG101",)) == CLIENT + 's.sendall(head + body[\n    1:])\ns.recv(1)\n'
    src = CLIENT + "s.sendall(head); s.sendall(body); n = 1\ns.recv(n)\n"
    assert fixed(src, select=("NAG101",)) == CLIENT + 's.sendall(head + body); n = 1\ns.recv(n)\n'


def test_join_with_a_comment_inside_a_call_is_unsafe():
    src = CLIENT + "s.sendall(  # the header\n    head)\ns.sendall(body)\ns.recv(1)\n"
    fix = by_strategy(src, "join")
    assert fix.applicability is Applicability.UNSAFE and "comment" in fix.title
    safe = fixed(src, select=("NAG101",))  # the safe choice is nodelay; the calls stay
    assert "s.sendall(  # the header\n    head)\ns.sendall(body)\n" in safe and "TCP_NODELAY" in safe
    out = fixed(src, strategy="join", unsafe=True, select=("NAG101",))
    assert out == CLIENT + 's.sendall(head + body)\ns.recv(1)\n'


def test_join_of_three_pieces_is_one_call():
    src = "import socket\nMAGIC = b'M'\n\ndef call(head, body):\n    s = socket.create_connection(('h', 1))\n" + (
        "    s.sendall(b'HI')\n    s.recv(2)\n    s.sendall(MAGIC)\n    s.sendall(head)\n    s.sendall(body)\n    return s.recv(3)\n")
    out = fixed(src, select=("NAG101",))
    assert "    s.sendall(b''.join((MAGIC, head, body)))\n    return s.recv(3)\n" in out  # the file's quotes


def test_join_of_send_is_unsafe_and_applied_with_unsafe_fixes():
    src = CLIENT + "s.send(head)\ns.send(body)\ns.recv(1)\n"
    fix = by_strategy(src, "join")
    assert fix.applicability is Applicability.UNSAFE and "send() may write only part" in fix.title
    safe = fixed(src, select=("NAG101",))
    assert "s.send(head)\ns.send(body)" in safe and "TCP_NODELAY" in safe  # nodelay is the safe choice
    out = fixed(src, strategy="join", unsafe=True, select=("NAG101",))
    assert out == CLIENT + 's.send(head + body)\ns.recv(1)\n'


def test_join_of_a_piece_that_calls_unknown_code_is_unsafe():
    src = CLIENT + "s.sendall(head)\ns.sendall(make_body())\ns.recv(1)\n"
    fix = by_strategy(src, "join")
    assert fix.applicability is Applicability.UNSAFE and "make_body()" in fix.title
    src = CLIENT + "s.sendall(head)\ns.sendall(json.dumps(x).encode())\ns.recv(1)\n"
    assert by_strategy(src, "join").applicability is Applicability.SAFE


def test_join_flattens_an_earlier_join():
    src = CLIENT + "s.sendall(b''.join((a, b)))\ns.sendall(c)\ns.recv(1)\n"
    assert fixed(src, select=("NAG101",)) == CLIENT + "s.sendall(b''.join((a, b, c)))\ns.recv(1)\n"


def test_join_on_unbuffered_writer_and_async_writer():
    src = ("import socket\nsrv = socket.create_server(('', 0))\nconn, _ = srv.accept()\n"
           "w = conn.makefile('wb', buffering=0)\nfor line in conn.makefile('rb'):\n"
           "    w.write(b'+OK\\r\\n')\n    w.write(line)\n")
    assert "    w.write(b'+OK\\r\\n' + line)\n" in fixed(src, select=("NAG102",))
    src = ("import asyncio\n\nasync def main():\n    r, w = await asyncio.open_connection('h', 1)\n"
           "    w.write(head)\n    w.write(body)\n    await r.read(1)\n")
    assert '    w.write(head + body)\n' in fixed(src, select=("NAG401",))


# -- do not join ------------------------------------------------------------------------------------
@pytest.mark.parametrize("middle", [
    "log.append(head)\n",  # an intervening statement that uses the first piece
    "head = b''\n",  # one that changes it
    "other.sendall(b'x')\n",  # a write on another stream
])
def test_no_join_across_a_statement(middle):
    src = CLIENT + "other = socket.create_connection(('o', 1))\ns.sendall(head)\n" + middle + "s.sendall(body)\ns.recv(1)\n"
    assert by_strategy(src, "join") is None
    assert by_strategy(src, "sendmsg") is None
    assert by_strategy(src, "nodelay", "NAG101") is not None


def test_no_join_when_a_return_value_is_used():
    src = CLIENT + "n = s.send(head)\ns.send(body)\ns.recv(1)\n"
    assert by_strategy(src, "join") is None
    src = CLIENT + "s.sendall(head)\nok = s.sendall(body)\ns.recv(1)\n"
    assert by_strategy(src, "join") is None


def test_no_join_of_different_streams_or_methods():
    src = CLIENT + "s.sendall(head)\ns.send(body)\ns.recv(1)\n"
    assert by_strategy(src, "join") is None
    src = CLIENT + "s.sendall(head, 0)\ns.sendall(body)\ns.recv(1)\n"
    assert by_strategy(src, "join") is None


def test_http_handler_body_after_end_headers_gets_only_the_handler_fix():
    src = ("from http.server import BaseHTTPRequestHandler\n\nclass H(BaseHTTPRequestHandler):\n"
           "    \"\"\"Doc.\"\"\"\n    protocol_version = 'HTTP/1.1'\n\n    def do_GET(self):\n"
           "        self.send_response(200)\n        self.end_headers()\n        self.wfile.write(b'body')\n")
    fixes = fixes_of(src, "NAG102")
    assert [f.strategy for f in fixes] == ["nodelay"]
    assert fixed(src) == src.replace("'HTTP/1.1'\n", "'HTTP/1.1'\n    disable_nagle_algorithm = True\n")


def test_handler_attribute_false_is_flipped():
    src = ("import socketserver\n\nclass Echo(socketserver.StreamRequestHandler):\n"
           "    disable_nagle_algorithm = False  # keep\n\n    def handle(self):\n"
           "        for line in self.rfile:\n            self.wfile.write(line)\n")
    assert fixed(src) == src.replace("= False  # keep", "= True  # keep")


# -- helpers reached through two call sites ---------------------------------------------------------
HELPER = ("import socket\n\nclass C:\n    def __init__(self):\n        self.sock = socket.create_connection(('h', 1))\n\n"
          "    def _send(self, data):\n{body}\n\n    def call(self, head, body):\n"
          "        self._send(head)\n        self._send(body)\n        return self.sock.recv(4)\n")


def test_same_helper_call_sites_are_joined_when_the_helper_only_writes():
    src = HELPER.format(body='        """Send."""\n        self.sock.sendall(data)')
    out = fixed(src, select=("NAG101",))
    assert '        self._send(head + body)\n        return self.sock.recv(4)\n' in out


def test_same_helper_that_does_more_gets_only_nodelay():
    src = HELPER.format(body="        audit(data)\n        self.sock.sendall(data)")
    assert [f.strategy for f in fixes_of(src, "NAG101")] == ["nodelay"]


# -- sendmsg ----------------------------------------------------------------------------------------
def test_sendmsg_is_unsafe_and_says_why():
    src = CLIENT + "s.sendall(head)\ns.sendall(body)\ns.recv(1)\n"
    fix = by_strategy(src, "sendmsg")
    assert fix.applicability is Applicability.UNSAFE
    assert "may send only part of the data" in fix.title and "timeout" in fix.title
    assert fixed(src, strategy="sendmsg", select=("NAG101",)) == CLIENT + 's.sendall(head + body)\ns.recv(1)\n'
    out = fixed(src, strategy="sendmsg", unsafe=True, select=("NAG101",))
    assert out == CLIENT + "s.sendmsg([head, body])\ns.recv(1)\n"


def test_no_sendmsg_for_files_ssl_or_one_literal():
    src = CLIENT + "s.sendall(b'A')\ns.sendall(b'B')\ns.recv(1)\n"
    assert by_strategy(src, "sendmsg") is None
    src = "import ssl\n" + CLIENT + "s = ssl.wrap_socket(s)\ns.sendall(head)\ns.sendall(body)\ns.recv(1)\n"
    assert by_strategy(src, "sendmsg") is None


# -- write loop -------------------------------------------------------------------------------------
def test_write_loop_is_joined():
    src = ("import socket\n\ndef call(parts):\n    s = socket.create_connection(('h', 1))\n"
           "    s.sendall(b'HI')\n    s.recv(2)\n    for part in parts:  \n        s.sendall(part)  # each part\n    return s.recv(1)\n")
    out = fixed(src, select=("NAG103",))
    assert "    s.sendall(b''.join(parts))  # each part\n    return s.recv(1)\n" in out  # the file's quotes


def test_write_loop_on_one_line_and_with_an_expression():
    src = CLIENT + "for k in keys: s.sendall(k.encode())\ns.recv(1)\n"
    assert fixed(src, select=("NAG103",)) == CLIENT + "s.sendall(b''.join(k.encode() for k in keys))\ns.recv(1)\n"


@pytest.mark.parametrize("loop", [
    "for part in parts:\n    s.sendall(part)\nprint(part)\n",  # the variable is used after
    "for part in parts:\n    s.sendall(part)\n    count += 1\n",  # the body does more
    "for part in parts:\n    s.sendall(part)\nelse:\n    done = True\n",  # an else clause
    "for i, part in enumerate(parts):\n    s.sendall(part)\n",  # not a plain name
])
def test_write_loop_not_fixed(loop):
    src = CLIENT + loop + "s.recv(1)\n"
    assert by_strategy(src, "loop") is None


def test_write_loop_over_a_call_is_unsafe():
    src = CLIENT + "for chunk in iter(lambda: f.read(4096), b''):\n    s.sendall(chunk)\ns.recv(1)\n"
    fix = by_strategy(src, "loop")
    assert fix.applicability is Applicability.UNSAFE and "into memory" in fix.title


# -- nodelay ----------------------------------------------------------------------------------------
def test_nodelay_after_connect_and_import_added():
    src = ('"""Doc."""\nfrom socket import create_connection\n\ns = create_connection(("h", 1))\n'
           's.sendall(b"HI")\ns.recv(2)\ns.sendall(b"PING")\ns.recv(4)\n')
    assert fixed(src) == ('"""Doc."""\nfrom socket import create_connection, IPPROTO_TCP, TCP_NODELAY\n\n'
                          's = create_connection(("h", 1))\ns.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)\n'
                          's.sendall(b"HI")\ns.recv(2)\ns.sendall(b"PING")\ns.recv(4)\n')


def test_nodelay_adds_import_socket_in_order():
    # `socket` is imported only inside make(): the module level has no socket name of its own
    src = ("import os\nimport threading\n\n\ndef make():\n    import socket\n    return socket.socket()\n\n\n"
           "c = make()\nc.connect(('h', 1))\nc.sendall(b'HI')\nc.recv(2)\nc.sendall(b'x')\nc.recv(1)\n")
    out = fixed(src)
    assert out.startswith("import os\nimport socket\nimport threading\n")
    assert "c.connect(('h', 1))\nc.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n" in out


def test_nodelay_with_statement_body_first_and_comment_kept():
    src = ("import socket\n\ndef f():\n    with socket.create_connection(('h', 1)) as s:  # conn\n"
           "        # talk\n        for _ in range(2):\n            s.sendall(b'HI')\n            s.recv(2)\n")
    assert fixed(src) == ("import socket\n\ndef f():\n    with socket.create_connection(('h', 1)) as s:  # conn\n"
                          "        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n        # talk\n"
                          "        for _ in range(2):\n            s.sendall(b'HI')\n            s.recv(2)\n")


def test_nodelay_for_a_returned_socket_goes_after_the_one_assignment_of_the_call():
    src = ("import socket\n\ndef f():\n    return socket.create_connection(('h', 1))\n\ns = f()\n"
           "s.sendall(b'HI')\ns.recv(2)\ns.sendall(b'x')\ns.recv(1)\n")
    assert fixed(src) == src.replace("s = f()\n", "s = f()\ns.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n")


def test_nodelay_on_accept_with_tabs_and_no_final_newline():
    src = "import socket\nsrv = socket.create_server(('', 0))\nif True:\n\tconn, _ = srv.accept()\n\twhile conn.recv(1):\n\t\tconn.sendall(b'x')"
    assert fixed(src) == ("import socket\nsrv = socket.create_server(('', 0))\nif True:\n\tconn, _ = srv.accept()\n"
                          "\tconn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n"
                          "\twhile conn.recv(1):\n\t\tconn.sendall(b'x')")


def test_nodelay_not_offered_when_nodelay_is_already_on():
    src = CLIENT + "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\ns.sendall(a)\ns.sendall(b)\ns.recv(1)\n"
    assert [f.strategy for f in fixes_of(src, "NAG401")] == ["join", "sendmsg"]


# -- files ------------------------------------------------------------------------------------------
def test_crlf_file_keeps_crlf(tmp_path):
    src = (CLIENT + "s.sendall(head)  # h\ns.sendall(body)\ns.recv(1)\n").replace("\n", "\r\n")
    path = tmp_path / "crlf.py"
    path.write_bytes(src.encode())
    result = fix_file(str(path), Settings(select=("ALL",)))
    assert result.written and result.error is None
    data = path.read_bytes()
    assert b"\n" not in data.replace(b"\r\n", b"")
    # the nodelay line goes right after the connection is made, before the first exchange
    client = CLIENT.replace("1))\n", "1))\ns.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n")
    assert client.count("TCP_NODELAY") == 1
    assert data == (client.replace("\n", "\r\n") + 's.sendall(head + body)  # h\r\ns.recv(1)\r\n').encode()


def test_latin1_file_with_coding_cookie_keeps_its_encoding_and_mode(tmp_path):
    src = ("# -*- coding: latin-1 -*-\n# caf\xe9\nimport socket\ns = socket.create_connection(('h', 1))\n"
           "s.sendall(b'HI')\ns.recv(2)\ns.sendall(b'\\xe9t\\xe9')  # \xe9t\xe9\ns.sendall(body)\ns.recv(1)\n")
    path = tmp_path / "latin.py"
    path.write_bytes(src.encode("latin-1"))
    os.chmod(path, 0o751)
    result = fix_file(str(path), Settings(select=("NAG101",)))
    assert result.written and result.error is None
    data = path.read_bytes()
    assert data.decode("latin-1") == src.replace(
        "s.sendall(b'\\xe9t\\xe9')  # \xe9t\xe9\ns.sendall(body)\n", "s.sendall(b'\\xe9t\\xe9' + body)  # \xe9t\xe9\n")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o751


def test_bom_is_kept(tmp_path):
    src = CLIENT + "s.sendall(b'A')\ns.sendall(b'B')\ns.recv(1)\n"
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbf" + src.encode())
    assert fix_file(str(path), Settings(select=("NAG101",))).written
    assert path.read_bytes() == b"\xef\xbb\xbf" + src.replace("s.sendall(b'A')\ns.sendall(b'B')", "s.sendall(b'AB')").encode()


def test_noqa_finding_is_not_fixed():
    src = CLIENT + "s.sendall(head)\ns.sendall(body)  # noqa: NAG101\ns.recv(1)\n"
    assert fixed(src, select=("NAG101",)) == src


def test_nodelay_not_offered_when_the_code_clears_it():
    src = CLIENT + "s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 0)\ns.sendall(b'PING')\ns.recv(4)\n"
    assert [f for f in fixes_of(src) if f.strategy == "nodelay"] == []


# -- whole-file cases in tests/eval/ ---------------------------------------------------------------
# `X.py` fixed gives exactly the committed `X.fixed.py` (bytes: encoding, BOM and newlines
# included), a second pass changes nothing, the findings are the `# NAG101: 5` (code: column)
# expectations, and rewriting those to `# noqa: NAG101` silences the file. A line
# `# fix-options: unsafe strategy=sendmsg` sets the fixer's options. Set NAGLE_LINT_UPDATE_EVAL=1
# to rewrite the `.fixed.py` files after a deliberate change, then review the diff.

EVAL = Path(__file__).resolve().parent / "eval"
CASES = sorted(p for p in EVAL.glob("*.py") if not p.name.endswith(".fixed.py"))
_EXPECT = re.compile(r"#\s*(NAG\d{3}):\s*(\d+)\s*$")
_OPTIONS = re.compile(r"^#\s*fix-options:(.*)$", re.MULTILINE)


def _options(text: str) -> tuple[bool, str | None]:
    match = _OPTIONS.search(text)
    words = match.group(1).split() if match else []
    strategy = next((w.split("=", 1)[1] for w in words if w.startswith("strategy=")), None)
    return "unsafe" in words, strategy


def test_eval_cases_exist():
    assert len(CASES) >= 6
    for case in CASES:
        assert case.with_name(case.stem + ".fixed.py").exists(), f"{case.name} has no .fixed.py"


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_eval_fix_gives_the_committed_output(case):
    data = case.read_bytes()
    decoded = decode(data)
    unsafe, strategy = _options(decoded.text)
    settings = Settings(select=("ALL",), unsafe_fixes=unsafe)
    outcome = fix_text(decoded.text, case.name, settings, strategy)
    parse(outcome.text)
    new = (b"\xef\xbb\xbf" if decoded.bom else b"") + outcome.text.encode(decoded.encoding)
    target = case.with_name(case.stem + ".fixed.py")
    if os.environ.get("NAGLE_LINT_UPDATE_EVAL"):
        target.write_bytes(new)
    assert new == target.read_bytes()
    assert not fix_text(outcome.text, case.name, settings, strategy).changed


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_eval_findings_match_expectations_and_noqa_silences_them(case):
    text = decode(case.read_bytes()).text
    want = set()
    lines = text.splitlines(keepends=True)
    for number, line in enumerate(lines, 1):
        match = _EXPECT.search(line.rstrip("\r\n"))
        if match:
            want.add((number, int(match.group(2)), match.group(1)))
    assert want, "an eval case needs at least one expectation"
    result = check_source(text, case.name, Settings(select=("ALL",)))
    assert result.error is None
    assert {(f.span.line, f.span.col, f.code) for f in result.findings} == want
    silenced = "".join(_EXPECT.sub(lambda m: f"# noqa: {m.group(1)}", line.rstrip("\r\n")) + line[len(line.rstrip("\r\n")):]
                       for line in lines)
    assert check_source(silenced, case.name, Settings(select=("ALL",))).findings == ()


FACTORY = '''import socket


class Client:
    def _get_socket(self, host, port):
        return socket.create_connection((host, port))

    def connect(self, host, port):
        self.sock = self._get_socket(host, port)
        self.file = self.sock.makefile("rb")

    def command(self, line):
        self.sock.sendall(line)
        return self.file.readline()
'''


def test_nodelay_fix_for_a_socket_returned_by_a_factory_goes_where_it_is_named():
    from nagle_lint.fixer import fix_text
    from nagle_lint.settings import Settings

    outcome = fix_text(FACTORY, "client.py", Settings())
    assert [f.code for f, _ in outcome.applied] == ["NAG201"]
    assert outcome.text == FACTORY.replace(
        "        self.sock = self._get_socket(host, port)\n",
        "        self.sock = self._get_socket(host, port)\n"
        "        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n")
    twice = FACTORY + "\n    def reconnect(self):\n        self.sock = self._get_socket('h', 2)\n"
    # two statements name it: no one of them is the creation, so the factory names it itself
    out = fix_text(twice, "client.py", Settings()).text
    assert ("        sock = socket.create_connection((host, port))\n"
            "        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n        return sock\n") in out
    assert out.count("TCP_NODELAY") == 1


def test_a_project_that_ignores_e501_gets_no_wrapped_fix(tmp_path):
    """flake8 `ignore = E501` in setup.cfg: the project does not limit line length, so a fix line
    is never wrapped to a limit it does not have; with the default limit it is."""
    from nagle_lint.fixer import fix_text
    from nagle_lint.settings import Settings

    body = ("import socket\n\n\nclass Transport:\n    def connect(self, host_and_port, timeout):\n"
            "        for attempt in range(3):\n            try:\n                if attempt:\n"
            "                    self.socket_with_a_long_name = socket.create_connection(host_and_port, timeout)\n"
            "                    return\n            except OSError:\n                continue\n\n"
            "    def send(self, f):\n        self.socket_with_a_long_name.sendall(f)\n\n"
            "    def receive(self):\n        return self.socket_with_a_long_name.recv(1024)\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / "t.py").write_text(body)
    (tmp_path / "setup.cfg").write_text("[flake8]\nignore = E265,E501\n")
    from nagle_lint.fixes import style
    style.clear_cache()
    unlimited = fix_text(body, str(tmp_path / "t.py"), Settings()).text
    assert "self.socket_with_a_long_name.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n" in unlimited
    (tmp_path / "setup.cfg").write_text("[flake8]\nmax-line-length = 79\n")
    style.clear_cache()
    limited = fix_text(body, str(tmp_path / "t.py"), Settings()).text
    assert "setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n" not in limited.replace("(\n", "(")
    assert all(len(line) <= 79 for line in limited.splitlines() if "setsockopt" in line or "TCP_NODELAY" in line)
