"""Fixes speak the file's own dialect: the socket module name already in scope (an alias, a green
module, a function-local import), PEP 8 blank lines around an added import (flake8 finds no new
E30x), the project's line length, and `a + b` for two pieces."""
from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from nagle_lint.fixer import fix_text
from nagle_lint.settings import Settings

EXCHANGE = "{s}.sendall(b'HI')\n{i}{s}.recv(2)\n{i}{s}.sendall(b'x')\n{i}{s}.recv(1)\n"


@pytest.fixture(autouse=True)
def strict_fixes(monkeypatch):
    monkeypatch.setenv("NAGLE_LINT_STRICT_FIXES", "1")


def fixed(source: str, path: str = "t.py", **settings) -> str:
    outcome = fix_text(source, path, Settings(**settings))
    assert outcome.changed, "no fix applied"
    compile(outcome.text, path, "exec")
    return outcome.text


def talk(name: str, indent: str = "") -> str:
    return indent + EXCHANGE.format(s=name, i=indent)


# -- (a) the socket module's own name -----------------------------------------------------------
@pytest.mark.parametrize("imports, spelled", [
    ("import socket as s\n", "s.IPPROTO_TCP, s.TCP_NODELAY"),
    ("from eventlet.green import socket\n", "socket.IPPROTO_TCP, socket.TCP_NODELAY"),
    ("from gevent import socket as gs\n", "gs.IPPROTO_TCP, gs.TCP_NODELAY"),
    ("import gevent.socket\n", "gevent.socket.IPPROTO_TCP, gevent.socket.TCP_NODELAY"),
    ("from socket import create_connection, IPPROTO_TCP, TCP_NODELAY\nimport socket as s\n",
     "s.IPPROTO_TCP, s.TCP_NODELAY"),
])
def test_nodelay_uses_the_socket_module_already_imported(imports, spelled):
    module = spelled.split(".IPPROTO_TCP")[0]
    src = imports + f"\nc = {module}.create_connection(('h', 1))\n" + talk("c")
    out = fixed(src)
    assert f"c.setsockopt({spelled}, 1)\n" in out
    assert out.startswith(imports + "\n")  # no import added, none changed


def test_names_imported_from_a_green_module_are_used_bare():
    src = ("from gevent.socket import create_connection, IPPROTO_TCP, TCP_NODELAY\n\n"
           "c = create_connection(('h', 1))\n" + talk("c"))
    out = fixed(src)
    assert "c.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)\n" in out and out.count("import") == 1


def test_a_module_without_a_socket_name_gets_import_socket():
    # negative of the above: nothing in scope has the names, so one import is added
    src = ("import os\n\n\ndef make():\n    import socket\n    return socket.socket()\n\n\n"
           "c = make()\nc.connect(('h', 1))\n" + talk("c"))
    out = fixed(src)
    assert out.startswith("import os\nimport socket\n")


# -- (b) a function-local import --------------------------------------------------------------
LOCAL = ("import os\n\n\ndef ping(host):\n    import socket\n\n    c = socket.create_connection((host, 7))\n"
         + talk("c", "    ") + "\n\ndef other():\n    return os.getcwd()\n")


def test_a_local_import_socket_is_used_and_nothing_is_added_at_module_level():
    out = fixed(LOCAL)
    assert out.startswith("import os\n\n\ndef ping(host):\n    import socket\n")
    assert "    c = socket.create_connection((host, 7))\n    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n" in out
    assert out.count("import socket") == 1 and "from socket" not in out


def test_a_local_import_that_does_not_run_on_every_path_is_not_used():
    # `socket` is local to ping() and bound on one branch only: `socket.TCP_NODELAY` there could
    # raise UnboundLocalError, so the names are imported at module level and used bare
    src = ("import socket\n\n\ndef ping(host, green):\n    if green:\n        from eventlet.green import socket\n"
           "    c = socket.create_connection((host, 7))\n" + talk("c", "    "))
    out = fixed(src)
    assert out.startswith("import socket\nfrom socket import IPPROTO_TCP, TCP_NODELAY\n\n\ndef ping")
    assert "    c.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)\n" in out and "socket.TCP_NODELAY" not in out


def test_a_socket_parameter_shadows_the_module():
    src = ("import socket\nfrom socket import create_connection\n\n\ndef ping(host, socket=None):\n"
           "    c = create_connection((host, 7))\n" + talk("c", "    "))
    out = fixed(src)
    # `socket` is the parameter there; the names are imported instead
    assert "c.setsockopt(IPPROTO_TCP, TCP_NODELAY, 1)" in out
    assert "from socket import create_connection, IPPROTO_TCP, TCP_NODELAY\n" in out


# -- blank lines: flake8 finds nothing new -----------------------------------------------------
def _flake8(tmp_path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text)
    proc = subprocess.run([sys.executable, "-m", "flake8", "--select=E1,E2,E3,W", "--max-line-length=120",
                           str(path)], capture_output=True, text=True)
    return [line.split(": ", 1)[1].split()[0] for line in proc.stdout.splitlines()]


needs_flake8 = pytest.mark.skipif(
    subprocess.run([sys.executable, "-m", "flake8", "--version"], capture_output=True).returncode != 0,
    reason="flake8 is not installed")


MAKE = "def make():\n    import socket\n    return socket.socket()\n\n\nc = make()\nc.connect(('h', 1))\n" + talk("c")


@needs_flake8
@pytest.mark.parametrize("src", [
    MAKE,  # the file starts with a def: the import goes above it, two blank lines between
    "# the client\n\n\n@staticmethod\n" + MAKE,  # above the decorator, below the comment
    '"""Client."""\n\n\n' + MAKE,  # after the docstring
])
def test_an_added_import_keeps_pep8_blank_lines(tmp_path, src):
    assert _flake8(tmp_path, "before.py", src) == []
    out = fixed(src)
    assert "\nimport socket\n" in "\n" + out and "c.setsockopt(socket.IPPROTO_TCP" in out
    assert _flake8(tmp_path, "after.py", out) == [], out
