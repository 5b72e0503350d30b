"""The standard interactive console served on a connection (flow/console.py): its prompt loop
runs on whatever the program installed as sys.stdout / sys.stdin."""
from __future__ import annotations

from nagle_lint.engine import check_source
from nagle_lint.settings import Settings

# a greenlet-style swap: the handler hands the writer to an object whose method installs it
SWAPPED = '''import code
import socket
import sys


class _Writer:
    def __init__(self, sock, rfile):
        self._sock = sock
        self._rfile = rfile

    def write(self, data):
        self._sock.sendall(data.encode())

    def readline(self, *a):
        return self._rfile.readline(*a)


class _Swap:
    _out = None

    def swap_in(self):
        sys.stdin = sys.stdout = sys.stderr = self._out


def current():
    return _Swap()


def _handle(conn):
    f = conn.makefile("r")
    f = _Writer(conn, f)
    current()._out = f
    current().swap_in()
    {console}


def serve(port):
    srv = socket.create_server(("", port))
    while True:
        conn, _ = srv.accept()
        _handle(conn)
'''


def codes(source, select=("ALL",)):
    result = check_source(source, "t.py", Settings(select=select))
    assert result.error is None, result.error
    return sorted((f.code, f.span.line) for f in result.findings)


def test_console_writes_are_pieces_of_one_answer():
    # the value, its newline and the next prompt: three sendalls, then the next line is read
    assert codes(SWAPPED.format(console="code.InteractiveConsole({}).interact()")) == [("NAG102", 12), ("NAG202", 40)]
    assert codes(SWAPPED.format(console="code.interact(local={})")) == [("NAG102", 12), ("NAG202", 40)]


def test_console_that_reads_elsewhere_is_not_modelled():
    # a readfunc reads in the console's place; a class of ours named like it is no console
    # (the writer's write() and readline() alone make the connection request/response: NAG202)
    assert codes(SWAPPED.format(console="code.interact(readfunc=input)"), select=("NAG1",)) == []
    source = SWAPPED.replace("def current():", "class Shell:\n    def interact(self):\n        pass\n\n\ndef current():")
    assert codes(source.format(console="Shell().interact()"), select=("NAG1",)) == []


def test_buffered_console_file_is_flushed_once_per_prompt():
    # input() flushes sys.stdout before it reads: a buffered text file sends one piece per answer
    source = SWAPPED.format(console="code.InteractiveConsole({}).interact()").replace(
        "    f = _Writer(conn, f)\n", "")
    assert ("NAG102", 12) not in codes(source)
    assert codes(source, select=("NAG1",)) == []


def test_console_on_nodelay_connection_is_an_extra_segment_only():
    source = SWAPPED.format(console="code.InteractiveConsole({}).interact()").replace(
        "    f = conn.makefile", "    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n    f = conn.makefile")
    assert codes(source) == [("NAG401", 12)]
