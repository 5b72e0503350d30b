"""Reads a session until a pattern shows up in what it has read."""


class Matcher:
    def __init__(self, session, pattern):
        self.session = session
        self.pattern = pattern
        self.seen = b""

    def wait(self, timeout):
        while self.pattern not in self.seen:
            self.seen += self.session.read_nonblocking(1024, timeout)
        return self.seen
