"""Property-based tests: generated programs never crash the analyser or `--fix`.

Three sources of programs:
- `tests/strategies.programs()`: socket-flavoured modules (streams made every way the analyser
  knows, random send/recv/setsockopt/makefile/close sequences inside random control flow);
- hypothesmith's grammar-based and libcst-node-based generators (arbitrary valid Python), with a
  stream factory appended so the engine's triage lets them reach the parser and the flow analysis;
- arbitrary text (most of it invalid Python) with the same line appended.

Properties: check_source returns (never raises) and never reports an internal crash (a crash is
a FileError of kind "crash": the engine would hide it from a user as NAG001); a valid program is
analysed (no syntax error from libcst where `ast` accepts it), findings lie inside the file;
fix_text either refuses (FixError, file untouched, never "would break the code") or returns text
that parses, and a few more rounds (follow-ups) reach a fixed point.

Budget: NAGLE_FUZZ_EXAMPLES examples per test (default 40 for CI, about 330 programs in all;
slower generators get a share, cheap ones 3x). The long run is
`bench/fuzz_long.sh` (NAGLE_FUZZ_EXAMPLES=3000 by default). Every example drawn is counted into
the file named by NAGLE_FUZZ_COUNT (if set), so a run can report how many programs it fuzzed.
"""
from __future__ import annotations

import ast
import os
import warnings

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from nagle_lint.engine import ReadError, check_source  # noqa: E402
from nagle_lint.fixes.tree import parse
from nagle_lint.fixer import FixError, fix_text  # noqa: E402
from nagle_lint.settings import Settings  # noqa: E402

from .strategies import programs, with_stream  # noqa: E402

EXAMPLES = int(os.environ.get("NAGLE_FUZZ_EXAMPLES", "40"))
settings.register_profile(
    "nagle-fuzz", max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True)
FUZZ = settings.get_profile("nagle-fuzz")


def budget(fraction: float):
    """A share of the budget for the slower generators (hypothesmith.from_node draws slowly)."""
    return settings(FUZZ, max_examples=max(5, int(EXAMPLES * fraction)))


ALL_RULES = Settings(select=("ALL",))
UNSAFE = Settings(select=("ALL",), unsafe_fixes=True)
_COUNT_FILE = os.environ.get("NAGLE_FUZZ_COUNT")
_STRATEGIES = (None, "join", "sendmsg", "nodelay")


def _count(kind: str) -> None:
    if _COUNT_FILE:
        with open(_COUNT_FILE, "a", encoding="utf-8") as handle:
            handle.write(kind + "\n")


def _lines(source: str) -> int:
    return len(source.splitlines()) + 1


def _libcst_tab_divergence(source: str, error) -> bool:
    """Known libcst tokenizer divergence (found by this fuzzer): an indent that mixes tabs and
    spaces in a way CPython accepts, e.g. "def f():\n    with a:\n   \t    x = 1\n    y = 2\n",
    is rejected with "no matching outer block for dedent". The file gets a one-line NAG001 syntax
    error, which is acceptable (documented in docs/reliability.md)."""
    if error.kind != "syntax" or not error.message.startswith("tokenizer error"):
        return False
    return any(" " in line[: len(line) - len(line.lstrip())] and "\t" in line[: len(line) - len(line.lstrip())]
               for line in source.splitlines())


def assert_analyses(source: str, valid: bool, settings_: Settings = ALL_RULES):
    result = check_source(source, "fuzz.py", settings_)
    if result.error is not None:
        assert result.error.kind != "crash", f"internal crash: {result.error.message}\n--- source ---\n{source}"
        assert "\n" not in result.error.message
        if valid and not _libcst_tab_divergence(source, result.error):
            # ast accepted it: libcst must too, unless the nesting is too deep for either
            assert result.error.kind == "too-complex", f"{result.error}\n--- source ---\n{source}"
    for finding in result.findings:
        assert finding.code.startswith("NAG") and "\n" not in finding.message
        assert 1 <= finding.span.line <= _lines(source), finding
        for fix in finding.fixes:
            for edit in fix.edits:
                assert 0 <= edit.start <= edit.end <= len(source), (finding, edit)
    return result


def assert_fix_is_sound(source: str, settings_: Settings, strategy) -> None:
    try:
        outcome = fix_text(source, "fuzz.py", settings_, strategy)
    except FixError as exc:
        # a refused fix leaves the file alone; the refusal must be one line and must not be a
        # "would break the code" (a fix that produces invalid code is a bug in the fix itself)
        message = str(exc)
        assert "\n" not in message
        assert "would break the code" not in message and "no longer analyses" not in message, \
            f"{message}\n--- source ---\n{source}"
        return
    if not outcome.changed:
        assert outcome.text == source
        return
    parse(outcome.text)  # raises ReadError if the fixed text does not parse
    ast.parse(outcome.text)
    # one --fix is one round (follow-ups wait for the next); a few rounds reach a fixed point
    text = outcome.text
    for _ in range(5):
        again = fix_text(text, "fuzz.py", settings_, strategy)
        if not again.changed:
            break
        parse(again.text)
        text = again.text
    else:
        raise AssertionError(f"no fixed point after 5 rounds ({[f.code for f, _ in again.applied]})\n{text}")


# -- socket-flavoured programs ---------------------------------------------------------------
@FUZZ
@given(programs(max_depth=3, max_units=3), st.sampled_from(_STRATEGIES), st.booleans())
def test_socket_programs_analyse_and_fix(source, strategy, unsafe):
    _count("socket-program")
    ast.parse(source)  # the generator makes valid Python
    result = assert_analyses(source, valid=True)
    assert result.error is None, result.error
    assert_fix_is_sound(source, UNSAFE if unsafe else ALL_RULES, strategy)


@budget(0.3)
@given(programs(max_depth=3, max_units=3))
def test_socket_programs_crlf_and_tabs(source):
    """The same programs with CRLF newlines and tab indentation: same findings, sound fixes."""
    _count("socket-program-variant")
    base = check_source(source, "fuzz.py", ALL_RULES)
    variant = source.replace("    ", "\t").replace("\n", "\r\n")
    ast.parse(variant)
    result = assert_analyses(variant, valid=True)
    assert [(f.code, f.span.line) for f in result.findings] == [(f.code, f.span.line) for f in base.findings]
    assert_fix_is_sound(variant, ALL_RULES, None)


# -- hypothesmith: arbitrary valid Python ------------------------------------------------------
hypothesmith = pytest.importorskip("hypothesmith")


@budget(3)
@given(hypothesmith.from_grammar(start="file_input"))
def test_grammar_programs_never_crash(source):
    _count("hypothesmith-grammar")
    text = with_stream(source)
    try:
        ast.parse(text)
        valid = True
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        valid = False  # from_grammar can produce code the compiler rejects (e.g. `return` at top level)
    assert_analyses(text, valid)
    assert_fix_is_sound(text, UNSAFE, None)


@budget(0.1)
@given(hypothesmith.from_node())
def test_node_programs_never_crash(source):
    _count("hypothesmith-node")
    text = with_stream(source)
    try:
        ast.parse(text)
        valid = True
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        valid = False
    assert_analyses(text, valid)
    assert_fix_is_sound(text, UNSAFE, None)


# -- arbitrary text ------------------------------------------------------------------------------
@budget(3)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400)
       | st.text(alphabet="socket(). \t\r\n\\'\"#:=+sendallrecv[]{}\x0c\x00", max_size=300))
def test_arbitrary_text_never_crashes(source):
    _count("arbitrary-text")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning from ast on odd escapes
        assert_analyses(with_stream(source), valid=False)
        assert_fix_is_sound(with_stream(source), UNSAFE, None)


@budget(0.5)
@given(programs(max_depth=2, max_units=2), st.data())
def test_mutated_programs_never_crash(source, data):
    """Half-saved editor buffers: a socket program cut short, a line dropped or duplicated, a
    character replaced. Usually invalid; must still give a one-line error, never a crash."""
    _count("mutated-program")
    lines = source.splitlines(keepends=True)
    how = data.draw(st.sampled_from(["truncate", "drop", "dup", "char"]))
    if how == "truncate":
        text = source[: data.draw(st.integers(0, len(source)))]
    elif how == "drop":
        i = data.draw(st.integers(0, len(lines) - 1))
        text = "".join(lines[:i] + lines[i + 1:])
    elif how == "dup":
        i = data.draw(st.integers(0, len(lines) - 1))
        text = "".join(lines[:i + 1] + lines[i:])
    else:
        i = data.draw(st.integers(0, max(0, len(source) - 1)))
        text = source[:i] + data.draw(st.sampled_from(list("()[]:\t \\'\"#\n\r"))) + source[i + 1:]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(text)
            valid = True
        except (SyntaxError, ValueError):
            valid = False
    assert_analyses(with_stream(text), valid)
    assert_fix_is_sound(with_stream(text), ALL_RULES, None)


def test_parse_rejects_with_read_error_only():
    """parse() is the screen for everything above: it raises ReadError, nothing else."""
    for text in ("x = (", "\x00", "def f(:\n", "if 1:\n\tx\n        y\n"):
        with pytest.raises(ReadError):
            parse(text)
