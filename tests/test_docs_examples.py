"""Every shell example in README.md and docs/ that shows output is run, and its output compared
with what the tool prints now, so a doc cannot drift from the tool.

An example is a fenced block whose first line starts with `$ `. Each `$ command` followed by
output lines is run with bash from the project root (stderr merged into stdout, as a terminal
shows them; no colour); commands shown without output are not run. Before comparing, both sides
are normalised: the project path becomes `.`, durations (`0.92 s`, `44.0 ms`) become `<time>`,
trailing spaces go. For measurements (`nagle-lint replay`, `confirm`) every number becomes `N`
and runs of spaces one space. A line `...` in a doc stands for any number of lines.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
DOCS = [PROJECT / "README.md", *sorted((PROJECT / "docs").glob("*.md"))]
# a measured run (timings and counts vary), also after `cd ... &&` set-up steps
MEASURED = re.compile(r"(?:^|&& )nagle-lint (replay|confirm)\b")
_FENCE = re.compile(r"^(`{3,})[^\n]*\n(.*?)^\1\s*$", re.S | re.M)


def examples():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for block in _FENCE.finditer(text):
            body = block.group(2)
            if not body.startswith("$ "):
                continue
            line = text[:block.start()].count("\n") + 2
            command, output = None, []
            for offset, raw in enumerate(body.splitlines()):
                if raw.startswith("$ "):
                    if command is not None and output:
                        yield pytest.param(command, output, id=f"{doc.name}:{start}")
                    command, output, start = raw[2:], [], line + offset
                else:
                    output.append(raw)
            if command is not None and output:
                yield pytest.param(command, output, id=f"{doc.name}:{start}")


def normalise(lines: list[str], measured: bool) -> list[str]:
    out = []
    for line in lines:
        line = line.replace(str(PROJECT) + "/", "").replace(str(PROJECT), ".")
        line = re.sub(r"\b\d+(?:\.\d+)?\s?(?:ms|s)\b", "<time>", line)
        if measured:
            # a median this run had no timed exchange for ("-", the server side of a fast
            # fixed run, now and then) is still a median column: the stall counts are the claim
            line = re.sub(r"(?<=median )-(?= |$)", "<time>", line)
            line = re.sub(r"\d+(?:\.\d+)?", "N", line)
            line = re.sub(r"[ \t]+", " ", line)
        out.append(line.rstrip())
    while out and not out[-1]:
        out.pop()
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """expected against actual, where an expected line `...` matches any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def test_the_docs_have_examples_with_output():
    assert len(list(examples())) >= 8


@pytest.mark.parametrize("command, expected", list(examples()))
def test_example(command, expected):
    bin_dir = str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}
    env.update(PATH=bin_dir + os.pathsep + env.get("PATH", ""), NO_COLOR="1", PYTHONUNBUFFERED="1",
               COLUMNS="100")
    proc = subprocess.run(["bash", "-c", command], cwd=PROJECT, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)
    measured = bool(MEASURED.search(command))
    want = normalise(expected, measured)
    got = normalise(proc.stdout.splitlines(), measured)
    assert matches(want, got), "\n".join(["$ " + command, "--- the doc shows:", *want, "--- the tool prints:", *got])


USER_DOCS = [*DOCS, PROJECT / "CHANGELOG.md", PROJECT / "corpus" / "README.md"]


def test_user_docs_speak_of_the_tool():
    """Not of issue numbers, sessions or how the work was organised."""
    # ("its own session" in the Unix sense, a process group, is the tool's business)
    pattern = re.compile(r"\bissues? #?\d+|\b(?:this|same|a) session\b|\bworktree|\bhelpers of\b|/work/", re.I)
    for doc in USER_DOCS:
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            assert not pattern.search(line), f"{doc.relative_to(PROJECT)}:{number}: {line.strip()}"


def test_referenced_files_ship():
    """Every .md file that the docs, the corpus notes or a module's comments point at exists."""
    sources = [*USER_DOCS, *sorted((PROJECT / "nagle_lint").rglob("*.py"))]
    mention = re.compile(r"(?<![\w/.-])((?:\.\./|[\w-]+/)*[\w-]+\.md)\b")
    for source in sources:
        text = source.read_text(encoding="utf-8")
        for name in set(mention.findall(text)):
            candidates = [source.parent / name, PROJECT / name, PROJECT / "docs" / name]
            assert any(c.is_file() for c in candidates), f"{source.relative_to(PROJECT)} points at {name}"
