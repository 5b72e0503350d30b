"""The rule registry: an explicit tuple, checked against the modules on disk by a test."""
from __future__ import annotations

from nagle_lint.rules import (
    nag002_unused_noqa,
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
    nag002_unused_noqa,
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


def select_rules(select=(), ignore=(), extend_select=(), file_ignore=()) -> tuple:
    """Rules enabled by codes or prefixes: the shared contract in nagle_lint.selection."""
    from nagle_lint.selection import select_codes

    return select_codes(ALL_RULES, select, ignore, extend_select, file_ignore)
