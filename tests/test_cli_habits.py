"""CLI habits ruff users expect: "did you mean", colour on a terminal (NO_COLOR / FORCE_COLOR),
--output-file, a progress bar with a total, warnings for unknown noqa codes, and the opt-in
NAG002 for unused noqa comments."""
from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from nagle_lint.cli import Progress

PROJECT = Path(__file__).resolve().parent.parent
# a first exchange (HI) makes the connection warm: the split A/B that follows can stall
CLIENT = 'import socket\ns = socket.create_connection(("h", 1))\ns.sendall(b"HI")\ns.recv(2)\ns.sendall(b"A")\ns.sendall(b"B")\ns.recv(1)\n'
ENV = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}


def run(args, cwd, env=None, stdin=None):
    return subprocess.run([sys.executable, "-m", "nagle_lint", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, env={**ENV, **(env or {})}, input=stdin)


def run_on_tty(args, cwd, env=None) -> str:
    """stdout and stderr of the CLI on a pseudo-terminal, as a person sees it."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "nagle_lint", *args], cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=follower, stderr=follower, env={**ENV, "TERM": "xterm", **(env or {})})
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_did_you_mean(tmp_path):
    out = run(["explian", "NAG101"], tmp_path)
    assert out.returncode == 2 and "did you mean 'explain'?" in out.stderr and "NAG001" not in out.stdout
    flag = run(["--selct", "NAG1", "."], tmp_path)
    assert flag.returncode == 2 and "did you mean --select?" in flag.stderr
    # a word like no option gets no suggestion (the shared dashes made `--bogus` look like `--jobs`)
    unknown = run(["--bogus", "."], tmp_path)
    assert unknown.returncode == 2 and "unrecognized arguments: --bogus" in unknown.stderr
    assert "did you mean" not in unknown.stderr
    assert "did you mean --no-cache?" in run(["--no-cahce", "."], tmp_path).stderr
    # an existing path that looks like a command is still a path
    (tmp_path / "rule").mkdir()
    assert run(["rule"], tmp_path).returncode == 0


def test_colour_on_a_terminal_only(tmp_path):
    (tmp_path / "c.py").write_text(CLIENT)
    assert "\x1b[" in run_on_tty(["--no-cache", "c.py"], tmp_path)
    assert "\x1b[" not in run_on_tty(["--no-cache", "c.py"], tmp_path, {"NO_COLOR": "1"})
    assert "\x1b[" not in run(["--no-cache", "c.py"], tmp_path).stdout  # a pipe: plain
    forced = run(["--no-cache", "c.py"], tmp_path, {"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout
    assert forced.startswith("\x1b[1mc.py\x1b[0m")  # FORCE_COLOR wins, as in ruff
    assert "\x1b[1m\x1b[31mNAG101\x1b[0m" in forced


def test_output_file(tmp_path):
    (tmp_path / "c.py").write_text(CLIENT)
    out = run(["--no-cache", "--output-format", "json", "--output-file", "report.json", "c.py"], tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert '"NAG101"' in (tmp_path / "report.json").read_text()
    bad = run(["--no-cache", "-o", str(tmp_path / "missing" / "r.txt"), "c.py"], tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "cannot write --output-file" in bad.stderr


def test_progress_bar_has_a_total_and_waits_a_second():
    now = [0.0]
    stream = io.StringIO()
    bar = Progress(stream=stream, clock=lambda: now[0])
    bar.start(4)
    bar()
    assert stream.getvalue() == ""  # under a second: nothing drawn
    now[0] = 1.5
    bar()
    assert stream.getvalue().endswith("] 2/4 files")
    now[0] = 3.0
    bar(), bar()
    assert stream.getvalue().endswith("[" + "#" * Progress.WIDTH + "] 4/4 files")
    bar.done()
    assert stream.getvalue().endswith("\r")


def test_no_progress_when_stderr_is_not_a_terminal(tmp_path):
    for number in range(30):
        (tmp_path / f"m{number}.py").write_text(CLIENT)
    err = run(["--no-cache", "-j", "1", "."], tmp_path).stderr
    assert "\r" not in err and "/30 files" not in err and "30 files checked" in err


def test_unknown_noqa_codes_warn(tmp_path):
    (tmp_path / "c.py").write_text(CLIENT.replace('s.recv(1)', 's.recv(1)  # noqa: NAG999, E501'))
    (tmp_path / "plain.py").write_text("x = 1  # noqa: NAG998\n")  # no socket code: still read
    out = run(["--no-cache", "."], tmp_path)
    assert "warning: c.py:7: unknown rule code NAG999 in `# noqa`" in out.stderr
    assert "warning: plain.py:1: unknown rule code NAG998" in out.stderr
    assert "E501" not in out.stderr  # another tool's code
    assert "NAG999" not in run(["--no-cache", "-q", "."], tmp_path).stderr


def test_unused_noqa_is_opt_in(tmp_path):
    source = CLIENT.replace('s.sendall(b"B")', 's.sendall(b"B")  # noqa: NAG101').replace(
        's.recv(1)', 's.recv(1)  # noqa: NAG101')
    (tmp_path / "c.py").write_text(source)
    assert "NAG002" not in run(["--no-cache", "c.py"], tmp_path).stdout
    assert "NAG002" not in run(["--no-cache", "--select", "NAG", "c.py"], tmp_path).stdout
    on = run(["--no-cache", "--extend-select", "NAG002", "c.py"], tmp_path)
    assert on.stdout.splitlines() == [
        "c.py:2:5: NAG201 TCP client `s` does request/response with Nagle on (reply read at line 7): any request"
        " written in 2+ pieces waits ~40 ms for the server's delayed ACK; set TCP_NODELAY after connecting",
        "c.py:7:12: NAG002 unused `noqa` directive (unused: NAG101)"], on.stdout
    # only NAG101 beside NAG002: NAG201's fix (TCP_NODELAY) would make the used noqa unused as well
    fixed = run(["--select", "NAG101,NAG002", "--fix", "-"], tmp_path, stdin=source).stdout
    assert 's.recv(1)\n' in fixed and 's.sendall(b"B")  # noqa: NAG101' in fixed
