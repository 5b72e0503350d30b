"""Fixes for a request or response written in pieces: join, sendmsg, write loop."""
from __future__ import annotations


def split_fixes(ctx, split) -> tuple:
    return ()
