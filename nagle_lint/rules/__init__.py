"""The rule registry: an explicit tuple, checked against the modules on disk by a test."""
from __future__ import annotations

from nagle_lint.rules import (
    nag101_split_request,
    nag102_split_response,
    nag103_write_loop,
    nag201_client_nodelay,
    nag202_server_nodelay,
    nag301_quickack_once,
    nag302_small_sndbuf,
    nag303_cork_held,
    nag401_extra_segment,
)

RULE_MODULES = (
    nag101_split_request,
    nag102_split_response,
    nag103_write_loop,
    nag201_client_nodelay,
    nag202_server_nodelay,
    nag301_quickack_once,
    nag302_small_sndbuf,
    nag303_cork_held,
    nag401_extra_segment,
)
ALL_RULES = tuple(m.RULE for m in RULE_MODULES)
CHECKS = {m.RULE.code: m.check for m in RULE_MODULES}
RULES_BY_CODE = {r.code: r for r in ALL_RULES}


def select_rules(select=(), ignore=(), extend_select=()) -> tuple:
    """Rules enabled by codes or prefixes. Opt-in rules need a pattern at least as specific as
    their group (`NAG4`, `NAG401`) or `ALL`."""
    def matches(rule, patterns) -> bool:
        for pattern in patterns:
            if pattern == "ALL":
                return True
            if rule.code.startswith(pattern) and (rule.default_enabled or len(pattern) >= 4):
                return True
        return False

    chosen = []
    for rule in ALL_RULES:
        on = matches(rule, select) if select else rule.default_enabled
        on = on or matches(rule, extend_select)
        ignored = any(p == "ALL" or rule.code.startswith(p) for p in ignore)
        if on and not ignored:
            chosen.append(rule)
    return tuple(chosen)
