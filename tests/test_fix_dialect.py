"""Fixes speak the file's own dialect: the socket module name already in scope (an alias, a green
module, a function-local import), PEP 8 blank lines around an added import (flake8 finds no new
E30x), the project's line length, and `a + b` for two pieces."""
from __future__ import annotations

import subprocess
import sys

import pytest

from nagle_lint.fixer import fix_text
from nagle_lint.settings import Settings

# (exchanges repeated on one connection: a kept request/response connection, whatever the function)
EXCHANGE = "for _ in range(2):\n{i}    {s}.sendall(b'HI')\n{i}    {s}.recv(2)\n"


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


def test_a_socket_module_bound_by_a_guarded_import_is_used_and_none_is_added():
    # `socket` is gevent's or the stdlib's, whichever imports: both have the names
    imports = "try:\n    import gevent.socket as socket\nexcept ImportError:\n    import socket\n"
    out = fixed(imports + "\nc = socket.create_connection(('h', 1))\n" + talk("c"))
    assert "c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)\n" in out
    assert out.startswith(imports + "\n") and out.count("import") == 2


def test_no_nodelay_fix_where_a_guarded_import_may_bind_another_module():
    # MicroPython's usocket stands in for socket on the boards the guard was written for: an
    # added `import socket` (or `from socket import ...`) could fail there, and usocket may lack
    # TCP_NODELAY: the finding stays, without a fix
    src = ("try:\n    import usocket as socket\nexcept ImportError:\n    import socket\n\n"
           "c = socket.create_connection(('h', 1))\n" + talk("c"))
    assert not fix_text(src, "t.py", Settings()).changed


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


# -- (c) the project's line length ---------------------------------------------------------------
LONG = ("import socket\n\n\ndef call(request_header_bytes, request_body_bytes):\n"
        "    connection = socket.create_connection(('h', 1))\n    connection.sendall(b'HI')\n"
        "    connection.recv(2)\n    connection.sendall(request_header_bytes)\n"
        "    connection.sendall(request_body_bytes)\n    return connection.recv(1)\n")


@pytest.mark.parametrize("config, name, limit", [
    ("[tool.ruff]\nline-length = 60\n", "pyproject.toml", 60),
    ("line-length = 60\n", "ruff.toml", 60),
    ("[tool.black]\nline-length = 60\n", "pyproject.toml", 60),
    ("[flake8]\nmax-line-length = 60\n", "setup.cfg", 60),
    ("[flake8]\nmax-line-length = 60\n", "tox.ini", 60),
    ("[flake8]\nmax-line-length = 60\n", ".flake8", 60),
    ("[flake8]\nselect = E\n", "setup.cfg", 79),  # flake8's own default
    ("[tool.ruff]\nline-length = 100\n[tool.black]\nline-length = 60\n", "pyproject.toml", 60),  # the smaller
    ("[tool.nagle-lint]\n", "pyproject.toml", 88),  # nothing said: 88
])
def test_line_length_comes_from_the_project_config(tmp_path, config, name, limit):
    from nagle_lint.fixes import style

    style.clear_cache()
    (tmp_path / ".git").mkdir()
    (tmp_path / name).write_text(config)
    deep = tmp_path / "src" / "pkg"
    deep.mkdir(parents=True)
    assert style.line_length(str(deep / "client.py")) == limit


def test_the_walk_stops_at_the_project_root(tmp_path):
    from nagle_lint.fixes import style

    style.clear_cache()
    (tmp_path / "setup.cfg").write_text("[flake8]\nmax-line-length = 40\n")  # outside the project
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    assert style.line_length(str(project / "x.py")) == 88


@needs_flake8
@pytest.mark.parametrize("limit", [60, 50])
def test_a_join_past_the_line_length_is_wrapped(tmp_path, limit):
    from nagle_lint.fixes import style

    style.clear_cache()
    (tmp_path / ".git").mkdir()
    (tmp_path / "setup.cfg").write_text(f"[flake8]\nmax-line-length = {limit}\n")
    path = tmp_path / "client.py"
    out = fix_text(LONG, str(path), Settings(select=("NAG101",))).text
    compile(out, "client.py", "exec")
    assert "connection.sendall(\n" in out
    changed = [line for line in out.splitlines() if line not in LONG.splitlines()]
    assert changed and all(len(line) <= limit for line in changed), out
    assert _style_problems(tmp_path, out) <= _style_problems(tmp_path, LONG)  # nothing new


def _style_problems(folder, text: str) -> set[tuple[str, str]]:
    """flake8's E/W findings as (code, the line's text), with the folder's own config."""
    path = folder / "check.py"
    path.write_text(text)
    proc = subprocess.run([sys.executable, "-m", "flake8", "--select=E,W", str(path)], capture_output=True,
                          text=True, cwd=folder)
    lines = text.splitlines()
    found = set()
    for row in proc.stdout.splitlines():
        _, line, _, message = row.rsplit(":", 3) if row.count(":") >= 3 else (row, "0", "", row)
        found.add((message.split()[0], lines[int(line) - 1] if int(line) else ""))
    return found


def test_a_join_within_the_default_length_stays_on_one_line(tmp_path):
    from nagle_lint.fixes import style

    style.clear_cache()
    (tmp_path / ".git").mkdir()
    out = fix_text(LONG, str(tmp_path / "client.py"), Settings(select=("NAG101",))).text
    assert "    connection.sendall(request_header_bytes + request_body_bytes)\n" in out


def test_a_nodelay_line_past_the_line_length_is_wrapped(tmp_path):
    from nagle_lint.fixes import style

    style.clear_cache()
    (tmp_path / ".git").mkdir()
    (tmp_path / "ruff.toml").write_text("line-length = 50\n")
    out = fix_text(LONG, str(tmp_path / "client.py"), Settings(select=("NAG201",))).text
    assert ("    connection.setsockopt(\n        socket.IPPROTO_TCP, socket.TCP_NODELAY, 1\n    )\n"
            "    connection.sendall(b'HI')\n") in out


# -- (d) two pieces, three pieces, literals ---------------------------------------------------------
@pytest.mark.parametrize("writes, joined", [
    ("s.sendall(a)\ns.sendall(b)\n", "s.sendall(a + b)\n"),
    ("s.sendall(a)\ns.sendall(b)\ns.sendall(c)\n", "s.sendall(b''.join((a, b, c)))\n"),
    ("s.sendall(b'A')\ns.sendall(b'B')\n", "s.sendall(b'AB')\n"),
    ("s.sendall(b'A')\ns.sendall(b'B')\ns.sendall(c)\n", "s.sendall(b'AB' + c)\n"),
    ("s.sendall(a + b)\ns.sendall(c)\n", "s.sendall(b''.join((a, b, c)))\n"),  # flattened, not nested
    # text pieces (a Python 2 socket, a channel's send(str)): joined as text
    ("s.sendall('A')\ns.sendall(b)\ns.sendall('C')\n", "s.sendall(''.join(('A', b, 'C')))\n"),
])
def test_pieces_are_joined_by_count(writes, joined):
    src = "import socket\ns = socket.create_connection(('h', 1))\ns.sendall(b'HI')\ns.recv(2)\n" + writes + "s.recv(1)\n"
    out = fix_text(src, "t.py", Settings(select=("NAG101",))).text
    assert out.endswith("s.recv(2)\n" + joined + "s.recv(1)\n"), out
