"""`-` reads the buffer from stdin (check, --diff, --fix), named by --stdin-filename, as ruff and
flake8 do for editors and format-on-save tools."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
CLIENT = (
    'import socket\n'
    's = socket.create_connection(("127.0.0.1", 9))\n'
    's.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 0)\n'
    's.sendall(b"HI")\n'  # a first exchange: the connection is warm, the split below can stall
    's.recv(2)\n'
    's.sendall(b"HEAD")\n'
    's.sendall(b"BODY")\n'
    's.recv(1)\n'
)


def run(args, stdin: bytes | str, cwd: Path) -> subprocess.CompletedProcess:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "nagle_lint", *args], input=data, capture_output=True,
                          cwd=cwd, timeout=120)


def test_check_reads_stdin(tmp_path):
    out = run(["-"], CLIENT, tmp_path)
    assert out.returncode == 1, out.stderr
    assert out.stdout.decode().startswith("-:2:5: NAG201 "), out.stdout
    assert "\n-:7:1: NAG101 " in out.stdout.decode(), out.stdout
    named = run(["--stdin-filename", "app/client.py", "-"], CLIENT, tmp_path)
    assert named.stdout.decode().startswith("app/client.py:2:5: NAG201 ")
    assert "\napp/client.py:7:1: NAG101 " in named.stdout.decode()
    # --stdin-filename alone also means stdin
    assert run(["--stdin-filename", "app/client.py"], CLIENT, tmp_path).stdout == named.stdout
    assert run(["-"], "x = 1\n", tmp_path).returncode == 0


def test_stdin_filename_picks_config_and_per_file_ignores(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.nagle-lint.per-file-ignores]\n"tests/*" = ["NAG101"]\n')
    assert run(["--stdin-filename", "tests/test_x.py", "-"], CLIENT, tmp_path).returncode == 0
    assert run(["--stdin-filename", "app/x.py", "-"], CLIENT, tmp_path).returncode == 1
    (tmp_path / "pyproject.toml").write_text('[tool.nagle-lint]\nextend-exclude = ["gen/"]\n')
    excluded = run(["--force-exclude", "--stdin-filename", "gen/x.py", "-"], CLIENT, tmp_path)
    assert excluded.returncode == 0 and excluded.stdout == b""
    echoed = run(["--fix", "--force-exclude", "--stdin-filename", "gen/x.py", "-"], CLIENT, tmp_path)
    assert echoed.stdout == CLIENT.encode()  # excluded: handed back unchanged


def test_diff_of_stdin(tmp_path):
    out = run(["--diff", "--stdin-filename", "client.py", "-"], CLIENT, tmp_path)
    text = out.stdout.decode()
    assert out.returncode == 1, out.stderr
    assert text.startswith("--- a/client.py\n+++ b/client.py\n"), text
    assert '-s.sendall(b"BODY")\n' in text and text.count("\n+s.sendall(") == 1, text
    assert b"Would fix 1 finding (1 remaining)." in out.stderr  # NAG201 has no fix here
    assert run(["--diff", "-"], "x = 1\n", tmp_path).returncode == 0


def test_fix_prints_the_fixed_buffer(tmp_path):
    out = run(["--fix", "--select", "NAG101", "--stdin-filename", "client.py", "-"], CLIENT, tmp_path)
    fixed = out.stdout.decode()
    assert fixed.count("sendall") == 2, fixed  # the warm-up and the one merged request
    compile(fixed, "client.py", "exec")
    assert out.returncode == 0, out.stderr
    assert not (tmp_path / "client.py").exists()  # nothing written to disk
    # what cannot be fixed stays on stderr; stdout is still the (unchanged) code
    left = CLIENT.replace('s.recv(1)\n', 's.recv(1)\ns.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1024)\n')
    partial = run(["--fix", "--select", "NAG302", "-"], left, tmp_path)
    assert partial.stdout.decode() == left
    assert b"NAG302" in partial.stderr and partial.returncode == 1


def test_fix_keeps_the_encoding(tmp_path):
    latin = ("# -*- coding: latin-1 -*-\n# caf\xe9\n" + CLIENT).encode("latin-1")
    out = run(["--fix", "-"], latin, tmp_path)
    assert out.stdout.startswith(b"# -*- coding: latin-1 -*-\n# caf\xe9\n")
    assert out.stdout.count(b"sendall") == 2  # the warm-up and the one merged request


def test_fix_keeps_the_bom(tmp_path):
    out = run(["--fix", "--select", "NAG101", "-"], b"\xef\xbb\xbf" + CLIENT.encode(), tmp_path)
    assert out.stdout.startswith(b"\xef\xbb\xbfimport socket\n") and out.stdout.count(b"sendall") == 2


def test_bad_stdin_is_one_line(tmp_path):
    out = run(["-"], b"import socket\n\xff\xfe = socket.socket()\n", tmp_path)
    assert out.returncode == 1
    assert out.stdout.decode().startswith("-:2:1: NAG001 decode error"), out.stdout
    assert b"Traceback" not in out.stderr
    mixed = run(["-", "other.py"], CLIENT, tmp_path)
    assert mixed.returncode == 2 and b"cannot be combined" in mixed.stderr
