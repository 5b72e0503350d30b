"""Instance flags a path knows (nagle_lint.flow.flags): which way a test goes, what a branch
teaches, what an assignment sets."""
import ast

import pytest

from nagle_lint.flow import flags


def parsed(expr: str):
    return ast.parse(expr, mode="eval").body


@pytest.mark.parametrize("expr, known, expected", [
    ("self.sent", {("self.sent", "truth"): True}, True),
    ("not self.sent", {("self.sent", "truth"): True}, False),
    ("self.status and not self.sent", {("self.sent", "truth"): True}, False),
    ("self.status and not self.sent", {("self.sent", "truth"): False}, None),  # status unknown
    ("self.status or self.sent", {("self.sent", "truth"): True}, True),
    ("self.sock is None", {("self.sock", "none"): True}, True),
    ("self.sock is not None", {("self.sock", "none"): True}, False),
    ("self.sock is None", {("self.sock", "truth"): False}, None),  # false is not None
    ("self.sent", {}, None),
    ("self.a.b", {("self.a.b", "truth"): True}, None),  # only self.x
])
def test_way(expr, known, expected):
    assert flags.way(parsed(expr), known) is expected


def test_what_a_branch_teaches():
    assert flags.learnt(parsed("not self.sent"), True) == {("self.sent", "truth"): False}
    assert flags.learnt(parsed("self.sent"), True) == {("self.sent", "truth"): True, ("self.sent", "none"): False}
    assert flags.learnt(parsed("self.a and self.b"), True) == {
        ("self.a", "truth"): True, ("self.a", "none"): False, ("self.b", "truth"): True, ("self.b", "none"): False}
    assert flags.learnt(parsed("self.a and self.b"), False) == {}  # which one was false?
    assert flags.learnt(parsed("self.a or self.b"), False) == {("self.a", "truth"): False, ("self.b", "truth"): False}
    assert flags.learnt(parsed("self.sock is None"), True) == {("self.sock", "none"): True, ("self.sock", "truth"): False}
    assert flags.learnt(parsed("self.sock is not None"), True) == {("self.sock", "none"): False}


def test_what_an_assignment_sets():
    assert flags.assigned(parsed("True")) == {"truth": True, "none": False}
    assert flags.assigned(parsed("False")) == {"truth": False, "none": False}
    assert flags.assigned(parsed("None")) == {"truth": False, "none": True}
    assert flags.assigned(parsed("0")) is None  # only the literals a flag is set to
    assert flags.assigned(parsed("sock")) is None
    assert flags.tested_names(parsed("self.x and not self.y or self.z is None")) == {"self.x", "self.y", "self.z"}


def _taught(test: str, taken: bool) -> dict:
    return flags.learnt(parsed(test), taken)


@pytest.mark.parametrize("first, taken, second, expected", [
    ("hops != 0", True, "hops == 0", False),
    ("hops != 0", False, "hops == 0", True),
    ("hops != 0", True, "hops != 1", None),  # 2 and more pass both
    ("verb not in ('GET', 'SET')", True, "verb == 'GET'", False),
    ("verb not in ('GET', 'SET')", False, "verb == 'DEL'", False),
    ("verb not in ('GET', 'SET')", False, "verb in ('GET', 'SET', 'DEL')", True),
    ("verb not in ('GET', 'SET')", False, "verb != 'SET'", None),
    ("verb == 'GET'", True, "verb in ('GET', 'SET')", True),
    ("verb == 'GET'", True, "verb not in ('SET',)", True),
    ("other == 'GET'", True, "verb == 'GET'", None),  # another name
])
def test_values_compared_apart(first, taken, second, expected):
    known = {(name, aspect): value for (name, aspect), value in _taught(first, taken).items()}
    assert flags.way(parsed(second), known) is expected


def test_compared_names_and_their_facts():
    assert flags.compared_names(parsed("not (x == 1) and y in (2, 3) or z")) == {"x", "y"}
    assert flags.tested_names(parsed("x == 1"), values=False) == set()
    assert flags.tested_names(parsed("x == 1")) == {"x"}
    assert flags.compared_names(parsed("x == 1.5")) == set()  # (no float: equality is not identity)
    # the constants in a fixed order, whatever the set's: chains are ordered by their facts' text
    assert _taught("x in ('b', 'a')", True) == {("x", ("value", ("a", "b"))): True}
