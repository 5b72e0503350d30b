"""Which rules a selection enables: one contract for the CLI, the language server and the flake8
plugin (docs/usage.md, "Selecting rules", is the table of it).

- A pattern is `ALL`, or a code prefix: `NAG`, `NAG1`, `NAG10`, `NAG101`.
- `select` replaces the default set; `extend-select` adds to it; `ignore` removes.
- Opt-in rules (off by default) are enabled only by a pattern that names their group or the rule
  (`NAG4`, `NAG40`, `NAG401`) or by `ALL`: `NAG` alone means "every default rule".
- Between `select`/`extend-select` and `ignore`, the more specific pattern wins (`--select NAG101
  --ignore NAG1` keeps NAG101); on a tie `ignore` wins. `ALL` is the least specific. This is
  what ruff and flake8 do.
- Per-file ignores always remove (they apply after the selection).
"""
from __future__ import annotations

from typing import Iterable, Sequence

# A pattern this long (`NAG4`) names a rule group; shorter ones (`NAG`, `N`) do not reach opt-in rules.
GROUP_PATTERN_LENGTH = 4


def _specificity(pattern: str) -> int:
    return 0 if pattern == "ALL" else len(pattern)


def _covers(pattern: str, code: str) -> bool:
    return pattern == "ALL" or code.startswith(pattern)


def names_opt_in(pattern: str, code: str) -> bool:
    """Whether an enabling pattern is specific enough to turn on an opt-in rule."""
    return pattern == "ALL" or (code.startswith(pattern) and len(pattern) >= GROUP_PATTERN_LENGTH)


def _best(patterns: Iterable[str], code: str, opt_in: bool) -> int:
    """Specificity of the most specific pattern that enables code (-1: none)."""
    best = -1
    for pattern in patterns:
        if _covers(pattern, code) and (not opt_in or names_opt_in(pattern, code)):
            best = max(best, _specificity(pattern))
    return best


def is_enabled(code: str, default_enabled: bool, select: Sequence[str] = (), ignore: Sequence[str] = (),
               extend_select: Sequence[str] = (), file_ignore: Sequence[str] = ()) -> bool:
    if any(_covers(p, code) for p in file_ignore):
        return False
    opt_in = not default_enabled
    on = _best(list(select) + list(extend_select), code, opt_in)
    if on < 0 and not select and default_enabled:
        on = 0  # the default set, as unspecific as ALL
    if on < 0:
        return False
    off = max((_specificity(p) for p in ignore if _covers(p, code)), default=-1)
    return on > off


def select_codes(rules, select: Sequence[str] = (), ignore: Sequence[str] = (),
                 extend_select: Sequence[str] = (), file_ignore: Sequence[str] = ()) -> tuple:
    """The rules (objects with .code and .default_enabled) that the selection enables, in order."""
    return tuple(rule for rule in rules
                 if is_enabled(rule.code, rule.default_enabled, select, ignore, extend_select, file_ignore))
