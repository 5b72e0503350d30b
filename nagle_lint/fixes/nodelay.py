"""The TCP_NODELAY fix: set it where the socket is made, or on the handler class."""
from __future__ import annotations


def nodelay_fixes(ctx, conn) -> tuple:
    return ()
