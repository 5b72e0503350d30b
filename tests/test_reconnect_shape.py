"""reconnect(): quit on the old connection, then a new transport object of one of two classes.

A wrapper attribute given instances of several classes (`self.link = self._new_link()`, a pipe
link or a TCP link) runs each class's method at each call; a connection that one class makes is
reached later only through an instance of that class. The other class's walk, which leaves that
socket as it was, must not carry the goodbye written on the old connection into the reads of the
new one: those writes are two connections, not one message.
"""
from __future__ import annotations

from pathlib import Path

from nagle_lint.engine import check_file, check_paths
from nagle_lint.settings import Settings

ALL = Settings(select=("ALL",))
CORPUS_CASE = Path(__file__).resolve().parent.parent / "corpus" / "neg_rw_reconnect_swapped_transport.py"

LINKS = '''import socket


class Link:
    def __init__(self):
        self.sock = None

    def send(self, data):
        self.sock.sendall(data)

    def recv(self):
        return self.sock.recv(4096)

    def close(self):
        try:
            self.sock.close()
        except (AttributeError, OSError):
            pass


class PipeLink(Link):
    def __init__(self, path):
        super().__init__()
        self.path = path

    def open(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


class NetLink(Link):
    def __init__(self, host, port):
        super().__init__()
        self.addr = (host, port)

    def open(self):
        self.sock = socket.create_connection(self.addr)
'''

BASE = '''import time


class SessionBase:
    link = None

    def disconnect(self):
        raise NotImplementedError

    def connect(self):
        self.disconnect()
        self._attach()
        self.link.recv()
        self.link.send(b"HELLO\\r\\n")
        self.link.recv()

    def reconnect(self, tries=3, pause=0.5):
        for attempt in range(tries):
            try:
                self.disconnect()
                self.connect()
                return
            except OSError:
                time.sleep(pause)
        raise ConnectionError("gave up")
'''

SESSION = '''from .base import SessionBase
from .links import NetLink, PipeLink


class Session(SessionBase):
    def __init__(self, host, port, path=None):
        self.host, self.port, self.path = host, port, path

    def _new_link(self):
        if self.path:
            return PipeLink(self.path)
        return NetLink(self.host, self.port)

    def _attach(self):
        self.link = self._new_link()
        self.link.open()

    def close(self):
        if self.link is None:
            return
        try:
            self.link.send(b"QUIT\\r\\n")
        except OSError:
            pass
        self.link.close()

    disconnect = close

    def store(self, key, value):
        self.link.send(b"SET %s %d\\r\\n" % (key, len(value)))
        self.link.send(value)
        return self.link.recv()
'''


def _package(root: Path) -> Path:
    package = root / "relay"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "links.py").write_text(LINKS)
    (package / "base.py").write_text(BASE)
    (package / "session.py").write_text(SESSION)
    return package


def _found(results) -> list[tuple[str, int, str]]:
    return sorted((Path(f.path).name, f.span.line, f.code) for r in results for f in r.all_findings())


def test_reconnect_in_a_base_class_is_no_split(tmp_path):
    # The file that holds reconnect() alone, as a project's file is checked: nothing (the QUIT of
    # disconnect() and connect() are on the old connection, the reads on the new one).
    package = _package(tmp_path)
    assert _found([check_file(str(package / "base.py"), ALL)]) == []


def test_reconnect_package_findings(tmp_path):
    # What stays: the TCP link without TCP_NODELAY, and store()'s real split on the live link.
    package = _package(tmp_path)
    assert _found(check_paths([str(package)], ALL, jobs=1)) == [
        ("links.py", 37, "NAG201"),
        ("session.py", 31, "NAG101"),
    ]


def test_corpus_case_is_clean():
    # The one-file shape with TCP_NODELAY on the TCP transport: no extra-segment finding either.
    assert _found([check_file(str(CORPUS_CASE), ALL)]) == []
