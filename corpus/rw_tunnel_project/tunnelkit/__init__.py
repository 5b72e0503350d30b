"""A small multiplexing tunnel library: a Session thread over one TCP connection."""
from tunnelkit.session import Session

__all__ = ["Session"]
