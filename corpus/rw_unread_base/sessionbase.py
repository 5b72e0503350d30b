"""What every session can do, whatever carries it: wait for a pattern in what the peer sends."""
from .matcher import Matcher


class SessionBase:
    def expect(self, pattern, timeout=30):
        return Matcher(self, pattern).wait(timeout)
