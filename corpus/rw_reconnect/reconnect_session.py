"""The session: disconnect = close sends QUIT and closes the link; store() writes a header and
the value apart on the live link, then reads the reply."""
from .session_base import SessionBase
from .links import NetLink, PipeLink


class Session(SessionBase):
    def __init__(self, host, port, path=None):
        self.host, self.port, self.path = host, port, path

    def _new_link(self):
        if self.path:
            return PipeLink(self.path)
        return NetLink(self.host, self.port)

    def _attach(self):
        self.link = self._new_link()
        self.link.open()

    def close(self):
        if self.link is None:
            return
        try:
            self.link.send(b"QUIT\r\n")
        except OSError:
            pass
        self.link.close()

    disconnect = close

    def store(self, key, value):
        self.link.send(b"SET %s %d\r\n" % (key, len(value)))
        self.link.send(value)  # expect: NAG101
        return self.link.recv()
