"""reconnect(): quit on the old connection, then a new link object of one of two classes.

A wrapper attribute given instances of several classes (`self.link = self._new_link()`, a pipe
link or a TCP link) runs each class's method at each call; a connection that one class makes is
reached later only through an instance of that class. The other class's walk, which leaves that
socket as it was, must not carry the goodbye written on the old connection into the reads of the
new one: those writes are two connections, not one message. The shape is the corpus package
corpus/rw_reconnect/ (three modules, as in the driver it was measured on).
"""
from __future__ import annotations

from pathlib import Path

from nagle_lint.engine import check_file, check_paths
from nagle_lint.settings import Settings

ALL = Settings(select=("ALL",))
PACKAGE = Path(__file__).resolve().parent.parent / "corpus" / "rw_reconnect"


def _found(results) -> list[tuple[str, int, str]]:
    return sorted((Path(f.path).name, f.span.line, f.code) for r in results for f in r.all_findings())


def test_reconnect_in_a_base_class_is_no_split():
    # The file that holds reconnect() alone, as a project's file is checked: nothing (the QUIT of
    # disconnect() and connect() are on the old connection, the reads on the new one).
    assert _found([check_file(str(PACKAGE / "session_base.py"), ALL)]) == []


def test_reconnect_package_findings():
    # What stays: the TCP link without TCP_NODELAY, and store()'s real split on the live link.
    assert _found(check_paths([str(PACKAGE)], ALL, jobs=1)) == [
        ("links.py", 39, "NAG201"),
        ("reconnect_session.py", 33, "NAG101"),
    ]
