"""Resolved settings: one frozen object built by the CLI (pyproject + flags) or the flake8 plugin."""
from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_EXCLUDE = (
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", ".eggs", "__pycache__",
    "build", "dist", "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache",
    ".nagle_lint_cache",
)

# Stream kinds a user may give their own factories in [tool.nagle-lint.streams].
STREAM_KINDS = ("tcp", "tcp-nodelay", "tcp-server", "tcp-server-nodelay", "unix", "udp", "not-a-stream")


@dataclass(frozen=True)
class Settings:
    select: tuple[str, ...] = ()  # codes or prefixes; empty means every default-enabled rule
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()  # opt-in rules added to the defaults
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (glob, codes)
    streams: tuple[tuple[str, str], ...] = ()  # (qualified factory name, kind)
    unsafe_fixes: bool = False
    # NAG201/NAG202 warn of a risk, not a stall; a test's fake server or one-off client is not
    # worth that warning, nor is a split that stalls once per test connection (splits that
    # recur, in a loop or a server's next request, are still reported in tests)
    nodelay_in_tests: bool = False
    apply_noqa: bool = True
    respect_gitignore: bool = True  # skip what .gitignore / .ignore ignore (nagle_lint.discovery)
    # analyse only the top-level statements that can hold a finding (engine.sparse_tree);
    # False analyses whole files: slower, same findings (a test compares the two)
    sparse: bool = True
    # build each finding's fixes (the flake8 plugin shows none, so it skips their libcst parse)
    fixes: bool = True
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    def stream_map(self) -> dict[str, str]:
        return dict(self.streams)


DEFAULT_SETTINGS = Settings()
