"""pytest plugin: ``pytest --nagle`` reports Nagle / delayed-ACK stalls per test,
``pytest --nagle=fail`` fails the tests that stalled.

Registered through the ``pytest11`` entry point and inert unless ``--nagle`` is given: without
it this module only adds its command-line option and the ``nagle_probe`` fixture (which installs
the probe for the one test that asks for it).

A stall is attributed to the test during which the held send happened (setup, call or teardown);
``--nagle=fail`` turns a passing call phase into a failure when its test stalled in setup or call.
"""
from __future__ import annotations

import time

import pytest

_KEY = "nagle-lint-probe"


def pytest_addoption(parser):
    group = parser.getgroup("nagle", "Nagle / delayed-ACK stall detection (nagle-lint)")
    group.addoption("--nagle", nargs="?", const="report", default=None, dest="nagle",
                    metavar="fail",
                    help="probe sockets during the tests and report Nagle stalls per test; "
                         "--nagle=fail fails tests that stalled")


def pytest_load_initial_conftests(early_config, parser, args):
    # A bare `--nagle` followed by a path would take the path as its value; make it explicit.
    for i, a in enumerate(args):
        if a == "--nagle":
            args[i] = "--nagle=report"


def pytest_configure(config):
    mode = config.getoption("nagle", None)
    if not mode:
        return
    if mode not in ("report", "fail"):
        raise pytest.UsageError(f"--nagle takes no value or 'fail', not {mode!r}")
    config.pluginmanager.register(_NaglePlugin(config, mode), _KEY)


def _stall_lines(stalls: list[dict]) -> list[str]:
    from nagle_lint.harness import verdict

    groups = verdict.group_stalls(stalls)
    root = None
    out = []
    for g in groups:
        ms = g.hold_ms
        site = (f"{verdict.fmt_loc(g.prev_loc, root)} -> {verdict.fmt_loc(g.held_loc, root)}"
                if g.prev_loc else verdict.fmt_loc(g.held_loc, root))
        opt = f", option set at {verdict.fmt_loc(g.option_loc, root)}" if g.option_loc else ""
        out.append(f"{site}: {g.label} ({g.rule}), "
                   f"{len(g.holds)} stall(s), pieces {'+'.join(map(str, g.sizes))} B, "
                   f"hold median {verdict.median(ms):.1f} ms, {g.delayed_acks} delayed ACK(s){opt}")
    return out


class _NaglePlugin:
    def __init__(self, config, mode: str) -> None:
        self.config = config
        self.mode = mode
        self.probe = None
        self.start: dict[str, int] = {}
        self.per_test: dict[str, list[dict]] = {}
        self.seen = 0
        self.owned = False

    def pytest_sessionstart(self, session):
        from nagle_lint.harness import probe

        current = probe.active()  # under `nagle-lint confirm`: its probe, left installed at the end
        self.owned = current is None
        self.probe = current or probe.install(mode="full")

    def pytest_sessionfinish(self, session):
        if self.probe is not None and self.owned:
            self.probe.uninstall()

    def _holds_since(self, t0: int) -> list[dict]:
        from nagle_lint.harness import verdict

        self.probe.wait_idle(0.5)
        return [h for h in list(self.probe.holds) if h["t"] >= t0 and verdict.is_stall(h)]

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logstart(self, nodeid, location):
        self.start[nodeid] = time.monotonic_ns()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        rep = outcome.get_result()
        if self.probe is None or rep.when not in ("call", "teardown"):
            return
        t0 = self.start.get(item.nodeid, 0)
        stalls = self._holds_since(t0)
        self.per_test[item.nodeid] = stalls
        if not stalls:
            return
        lines = _stall_lines(stalls)
        if rep.when == "call":
            rep.sections.append(("nagle stalls", "\n".join(lines)))
            if self.mode == "fail" and rep.passed:
                rep.outcome = "failed"
                rep.longrepr = "Nagle / delayed-ACK stall(s) during this test:\n" + "\n".join(lines)

    def pytest_terminal_summary(self, terminalreporter):
        stalled = {k: v for k, v in self.per_test.items() if v}
        terminalreporter.section("nagle-lint")
        if not stalled:
            terminalreporter.write_line("no Nagle / delayed-ACK stall seen")
            return
        for nodeid, stalls in stalled.items():
            terminalreporter.write_line(f"{nodeid}:")
            for line in _stall_lines(stalls):
                terminalreporter.write_line(f"    {line}")


class NagleProbeHandle:
    """What the ``nagle_probe`` fixture gives a test: its own events, holds and stalls."""

    def __init__(self, probe) -> None:
        self.probe = probe
        self.t0 = time.monotonic_ns()

    @property
    def events(self) -> list[tuple]:
        return [e for e in list(self.probe.events) if e[3] >= self.t0]

    @property
    def holds(self) -> list[dict]:
        self.probe.wait_idle(0.5)
        return [h for h in list(self.probe.holds) if h["t"] >= self.t0]

    def stalls(self) -> list[dict]:
        from nagle_lint.harness import verdict

        return [h for h in self.holds if verdict.is_stall(h)]

    def verdict(self) -> str:
        """"stall" or "no stall", with the stall sites."""
        stalls = self.stalls()
        if not stalls:
            return "no stall"
        return "stall: " + "; ".join(_stall_lines(stalls))


@pytest.fixture
def nagle_probe():
    from nagle_lint.harness import probe

    owned = probe.active() is None
    p = probe.install(mode="full") if owned else probe.active()
    try:
        yield NagleProbeHandle(p)
    finally:
        if owned:
            p.uninstall()
